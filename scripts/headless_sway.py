"""Headless Sway and `widgethost desktop` on it, for the desktop check and the benchmarks
(scripts/desktop-check.py, Benchmarks/desktop-goals.py).

Sway refuses to run as root: as root, it runs as `nobody`, and its sockets stay reachable.
"""

import json
import os
import queue
import shutil
import subprocess
import threading
import time
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


class Desktop:
    """`widgethost desktop --trace-frames`: a JSON line on stdout each time a widget is shown."""

    def __init__(self, binary, data_dir, environment, appearance="light"):
        """`appearance` None: follow the desktop's setting (the portal)."""
        self.frames = queue.Queue()
        self.notes = []
        self.process = subprocess.Popen(
            [binary, "desktop", "--backend", "wayland", "--trace-frames", "--data-dir", str(data_dir),
             *(["--appearance", appearance] if appearance else [])],
            env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        threading.Thread(target=self._read_frames, daemon=True).start()
        threading.Thread(target=self._read_notes, daemon=True).start()

    def _read_frames(self):
        for line in self.process.stdout:
            self.frames.put(json.loads(line))

    def _read_notes(self):
        for line in self.process.stderr:
            self.notes.append(line.rstrip("\n"))

    def wait_for_frame(self, instance, what):
        """Waits for the next frame showing `instance`, after everything already shown."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                frame = self.frames.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                break
            if frame["instance"] == instance:
                return frame
        raise Failure(f"the desktop showed no new frame of {instance} {what} within {TIMEOUT} s"
                      f" (exit status {self.process.poll()}); its notes:\n" + "\n".join(self.notes[-20:]))

    def drain(self):
        while not self.frames.empty():
            self.frames.get_nowait()

    def wait_for_note(self, text, after=0):
        if not wait_until(lambda: any(text in note for note in self.notes[after:]), TIMEOUT):
            raise Failure(f"the desktop never said '{text}'; its notes:\n" + "\n".join(self.notes[-20:]))

    def stop(self):
        kill_group(self.process)


def start_virtual_pointer(environment):
    """scripts/wayland_pointer.py: gives the seat a pointer, so that `swaymsg seat - cursor` reaches
    clients. Returns the process; stop it with kill_group."""
    import sys
    pointer = subprocess.Popen([sys.executable, str(Path(__file__).parent / "wayland_pointer.py")], env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    if pointer.stdout.readline().strip() != "ready":
        raise Failure(f"the virtual pointer did not start: {pointer.stdout.read()}")
    return pointer


class SessionBus:
    """A private D-Bus session bus, and a stand-in portal on it (scripts/fake_portal.py)."""

    def __init__(self, scheme):
        import sys
        self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                                       stdout=subprocess.PIPE, text=True, start_new_session=True)
        self.address = self.daemon.stdout.readline().strip()
        environment = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": self.address}
        self.portal = subprocess.Popen([sys.executable, str(Path(__file__).parent / "fake_portal.py"), scheme], env=environment,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                       start_new_session=True)
        if self.portal.stdout.readline().strip() != "ready":
            raise Failure(f"the stand-in portal did not start: {self.portal.stdout.read()}")

    def set_scheme(self, scheme):
        self.portal.stdin.write(scheme + "\n")
        self.portal.stdin.flush()
        if self.portal.stdout.readline().strip() != "changed":
            raise Failure("the stand-in portal did not change the setting")

    def stop(self):
        kill_group(self.portal)
        kill_group(self.daemon)
