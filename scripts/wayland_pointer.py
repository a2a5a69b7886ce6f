"""A virtual pointer on a Wayland seat, for the headless compositor checks (desktop-check.py).

Sway started headless has no input device, so its seat offers no pointer and `swaymsg seat -
cursor …` reaches no client. This creates one with wlr-virtual-pointer (the protocol is a test
fixture, Tests/Fixtures/Wayland), which gives the seat its pointer; the clicks themselves are then
`swaymsg seat - cursor set X Y` and `cursor press/release button1`, as a person's would be.

Needs pywayland (PyPI); its scanner turns the protocol XML into Python at start.
"""

import importlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = ROOT / "Tests/Fixtures/Wayland/wlr-virtual-pointer-unstable-v1.xml"


def main():
    generated = Path(tempfile.mkdtemp(prefix="widgethost-pywayland-"))
    package = generated / "protocols"
    subprocess.run(
        [sys.executable, "-m", "pywayland.scanner", "-i", "/usr/share/wayland/wayland.xml", str(PROTOCOL),
         "-o", str(package)], check=True, capture_output=True)
    (package / "__init__.py").touch()
    sys.path.insert(0, str(generated))
    from pywayland.client import Display
    wayland = importlib.import_module("protocols.wayland")
    virtual = importlib.import_module("protocols.wlr_virtual_pointer_unstable_v1")

    display = Display()
    display.connect()
    found = {}

    def on_global(registry, name, interface, version):
        if interface == "wl_seat":
            found["seat"] = registry.bind(name, wayland.WlSeat, min(version, 5))
        elif interface == "zwlr_virtual_pointer_manager_v1":
            found["manager"] = registry.bind(name, virtual.ZwlrVirtualPointerManagerV1, 1)

    registry = display.get_registry()
    registry.dispatcher["global"] = on_global
    display.roundtrip()
    if "manager" not in found or "seat" not in found:
        sys.exit("the compositor offers no zwlr_virtual_pointer_manager_v1 or no wl_seat")
    pointer = found["manager"].create_virtual_pointer(found["seat"])
    # A first motion makes the device real to the seat.
    pointer.motion(0, 0, 0)
    pointer.frame()
    display.roundtrip()
    print("ready", flush=True)
    while display.dispatch(block=True) != -1:
        pass


if __name__ == "__main__":
    main()
