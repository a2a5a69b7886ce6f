"""Headless Sway and a virtual pointer on it, for the desktop checks under Wayland and the
benchmarks (scripts/desktop-check.py, scripts/counter-app-check.py, Benchmarks/desktop-goals.py);
`widgethost desktop` on it is scripts/desktop_session.py's Desktop.

Sway refuses to run as root: as root, it runs as `nobody`, and its sockets stay reachable.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from widgethost_daemon import Failure, kill_group, wait_until

try:
    from PIL import Image
except ImportError:
    Image = None

# A hang guard for each awaited change, not a goal.
TIMEOUT = 60


class Sway:
    """Sway with the headless backend, its Wayland and IPC sockets in a runtime folder of its own."""

    def __init__(self, folder, size=(1280, 720), scale=2, background=(0x33, 0x66, 0x99)):
        self.folder = Path(folder)
        self.runtime = self.folder / "runtime"
        self.runtime.mkdir(mode=0o700, parents=True)
        os.chmod(self.folder, 0o755)
        config = self.folder / "sway.conf"
        config.write_text(
            f"output HEADLESS-1 resolution {size[0] * scale}x{size[1] * scale} position 0 0 scale {scale}\n"
            f"output * bg #{''.join(f'{c:02x}' for c in background)} solid_color\n")
        self.process = None

    def start(self):
        command = ["sway", "-c", str(self.folder / "sway.conf")]
        if os.geteuid() == 0:
            # Sway will not run as root; the folder must be theirs, the sockets stay reachable to root.
            for path in (self.folder, self.runtime, self.folder / "sway.conf"):
                shutil.chown(path, "nobody", "nogroup")
            command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *command]
        environment = {
            "PATH": os.environ["PATH"], "HOME": str(self.folder), "XDG_RUNTIME_DIR": str(self.runtime),
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        }
        self.log = open(self.folder / "sway.log", "w")
        self.process = subprocess.Popen(command, env=environment, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        socket = wait_until(lambda: next(self.runtime.glob("wayland-*[0-9]"), None), TIMEOUT)
        ipc = wait_until(lambda: next(self.runtime.glob("sway-ipc.*.sock"), None), TIMEOUT)
        if not socket or not ipc:
            raise Failure(f"sway did not start:\n{(self.folder / 'sway.log').read_text()[-3000:]}")
        self.environment = {**os.environ, "XDG_RUNTIME_DIR": str(self.runtime), "WAYLAND_DISPLAY": socket.name, "SWAYSOCK": str(ipc)}
        self.environment.pop("DISPLAY", None)

    def screenshot(self, path):
        subprocess.run(["grim", str(path)], env=self.environment, check=True, capture_output=True)
        return Image.open(path).convert("RGB")

    def cursor(self, *arguments):
        subprocess.run(["swaymsg", "seat", "-", "cursor", *map(str, arguments)], env=self.environment, check=True, capture_output=True)

    def click(self, x, y):
        self.cursor("set", x, y)
        self.cursor("press", "button1")
        self.cursor("release", "button1")

    def stop(self):
        if self.process:
            kill_group(self.process)


def start_virtual_pointer(environment):
    """scripts/wayland_pointer.py: gives the seat a pointer, so that `swaymsg seat - cursor` reaches
    clients. Returns the process; stop it with kill_group."""
    pointer = subprocess.Popen([sys.executable, str(Path(__file__).parent / "wayland_pointer.py")], env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    if pointer.stdout.readline().strip() != "ready":
        raise Failure(f"the virtual pointer did not start: {pointer.stdout.read()}")
    return pointer
