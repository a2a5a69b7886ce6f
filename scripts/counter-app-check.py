#!/usr/bin/env python3
"""The counter vignette end to end on a real desktop: the Counter app's `+` changes the Counter
widget on the desktop home screen, under headless Sway.

    scripts/counter-app-check.py WIDGETHOST_BINARY [SCREENSHOT_PREFIX]

On a private session bus (dbus-daemon), starts Sway headless (scripts/headless_sway.py), a
virtual pointer (scripts/wayland_pointer.py), `widgethost run --dbus session` with the sample
bundles (the binary's folder), pins a small CounterWidget with the bus's RequestPinWidget, and
shows `widgethost desktop` on the output; then starts the Counter app
(samples/CounterApp/counter_app.py, with Debian's /usr/bin/python3 for PyGObject and GTK 4),
floating at the right of the output, away from the Counter's tile, and clicks its `+` three
times as a person would (`swaymsg seat - cursor …`). It checks that
  - each click is one `count N` on the app's standard output (1, 2, 3);
  - the store holds it: `widgethost defaults read group.dev.widgethost.counter count` is 3;
  - the daemon logged the app's reload requests (`source: dbus`) and a reload call of the
    pinned CounterWidget for them after the clicks, whose entry counts 3;
  - the desktop redrew the tile: its pixels on the screenshot are the renderer's PNG of that
    entry (over the background), and differ from the tile as first drawn (count 0).
With SCREENSHOT_PREFIX, the screenshots before and after are saved as PREFIX-before.png and
PREFIX-after.png. Sway refuses to run as root: as root, it runs as `nobody`. Exits 1 naming the
first failure, with the logs.
"""

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from widgethost_daemon import Daemon, Failure, frame_points, get_json, kill_group, wait_until  # noqa: E402
from headless_sway import Sway, start_virtual_pointer  # noqa: E402
from desktop_session import Desktop, PrivateBus, crop_frame, difference, require_pillow, wait_for_tile  # noqa: E402

require_pillow("counter app check")

APP = ROOT / "samples" / "CounterApp" / "counter_app.py"
# PyGObject and GTK 4 come from Debian, not PyPI: the system Python, whatever python3 runs this.
SYSTEM_PYTHON = "/usr/bin/python3"
APP_ID = "dev.widgethost.CounterApp"
GROUP = "group.dev.widgethost.counter"  # samples/CounterWidget/CounterWidget.entitlements
KIND = "CounterWidget"
CLICKS = 3
SCALE = 2
OUTPUT = (1280, 720)
BACKGROUND = (0x33, 0x66, 0x99)
# The app's window, floating at the right of the output, in points; the tiles start at the left.
WINDOW = (360, 480)
WINDOW_AT = (OUTPUT[0] - WINDOW[0] - 40, 120)
# A hang guard for each awaited change, not a goal.
TIMEOUT = 60
BUS_NAME = "dev.widgethost.WidgetHost1"
BUS_PATH = "/dev/widgethost/WidgetHost1"


class SessionBus(PrivateBus):
    """A private session bus on a socket in `folder`, and busctl's calls of the daemon on it."""

    def call(self, interface, member, signature, *arguments):
        """busctl's answer to one call of the daemon, as JSON (`{"type", "data"}`)."""
        command = ["busctl", f"--address={self.address}", "--json=short", "--timeout=60", "call", BUS_NAME, BUS_PATH,
                   f"{BUS_NAME}.{interface}", member, signature, *map(str, arguments)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT + 10)
        if result.returncode != 0:
            raise Failure(f"`busctl call … {interface}.{member} {' '.join(map(str, arguments))}` exited"
                          f" {result.returncode}: {result.stderr.strip()}")
        return json.loads(result.stdout)


class BusDaemon(Daemon):
    """`widgethost run --dbus session --format json`: its event log, parsed, kept in `events`;
    ready when it says it serves both the bus name and the HTTP API."""

    def __init__(self, binary, data_dir):
        super().__init__(binary, data_dir, ["--dbus", "session", "--format", "json", "--open-url-command", "none"])
        self.events = []
        self.changed = threading.Condition()
        self.bus_served = False

    def start(self, timeout=90):
        self.process = subprocess.Popen(
            [self.binary, "run", "--http", "127.0.0.1:0", *self.run_options, *self.host_options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        threading.Thread(target=self._read_events, daemon=True).start()
        if not self.wait_for(lambda event: self.bus_served and self.url, timeout, after=0):
            raise Failure(f"the daemon did not say it serves {BUS_NAME} and the API within {timeout} s"
                          f" (exit status {self.process.poll()}); its output:\n{self.log_tail()}")

    def _read_events(self):
        for line in self.process.stdout:
            line = line.rstrip("\n")
            try:
                event = json.loads(line)
            except ValueError:
                event = {"event": "text", "message": line}
            if event.get("event") == "serving":
                if event.get("bus") == BUS_NAME:
                    self.bus_served = True
                elif "url" in event and self.url is None:
                    self.url = event["url"]
            if isinstance(event.get("entry"), dict):
                # The log tail shows an entry's content, not its view tree.
                line = json.dumps({**event, "entry": {key: event["entry"].get(key) for key in ("date", "content")}})
            with self.changed:
                self.lines.append(line if len(line) < 600 else line[:600] + "…")
                self.events.append(event)
                self.changed.notify_all()
        with self.changed:
            self.events.append({"event": "exited"})
            self.changed.notify_all()

    def wait_for(self, matches, timeout=TIMEOUT, after=0):
        """The first event from index `after` on for which `matches(event)` is true, or None
        when none comes within `timeout` s (or the daemon ends)."""
        deadline = time.monotonic() + timeout
        index = after
        with self.changed:
            while True:
                while index < len(self.events):
                    event = self.events[index]
                    index += 1
                    if event.get("event") == "exited":
                        return None
                    if matches(event):
                        return event
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.changed.wait(remaining)

    def mark(self):
        with self.changed:
            return len(self.events)


class CounterApp:
    """samples/CounterApp/counter_app.py: its standard output line by line in `lines`."""

    def __init__(self, environment, folder):
        self.lines = queue.Queue()
        self.said = []
        self.errors = open(folder / "counter-app.stderr", "w+")
        self.process = subprocess.Popen([SYSTEM_PYTHON, str(APP)], env=environment, stdout=subprocess.PIPE,
                                        stderr=self.errors, text=True, start_new_session=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.said.append(line.rstrip("\n"))
            self.lines.put(line.strip())
        self.lines.put(None)

    def wait_for_line(self, expected, what):
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                raise Failure(f"the Counter app did not print '{expected}' {what} within {TIMEOUT} s") from None
            if line is None:
                raise Failure(f"the Counter app ended (exit status {self.process.wait()}) before printing '{expected}' {what}")
            if line == expected:
                return
            if line.startswith("count "):
                raise Failure(f"the Counter app printed '{line}' {what}, not '{expected}'")

    def stderr_tail(self):
        self.errors.flush()
        self.errors.seek(0)
        return "".join(self.errors.readlines()[-20:])

    def stop(self):
        kill_group(self.process)


def app_environment(sway, bus):
    environment = {**sway.environment, "DBUS_SESSION_BUS_ADDRESS": bus.address,
                   # No accessibility bus (its launcher would be activated on the private bus and outlive it).
                   "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
                   # Keep the user's GTK settings and cache out of the check.
                   "XDG_CONFIG_HOME": str(sway.folder / "app-config"), "XDG_CACHE_HOME": str(sway.folder / "app-cache")}
    environment.pop("PYTHONPATH", None)
    environment.pop("PYTHONHOME", None)
    return environment


def check_system_python():
    probe = ("import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk; import jeepney")
    result = subprocess.run([SYSTEM_PYTHON, "-c", probe], capture_output=True, text=True,
                            env={key: value for key, value in os.environ.items() if not key.startswith("PYTHON")})
    if result.returncode != 0:
        raise Failure(f"{SYSTEM_PYTHON} cannot import GTK 4 and jeepney: apt install python3-gi gir1.2-gtk-4.0"
                      f" python3-jeepney\n{result.stderr.strip()}")


def tile_frame(daemon, instance):
    """The instance's tile in points (x, y, width, height), as `home list` gives it."""
    tile = daemon.home_tiles(*OUTPUT).get(instance)
    return frame_points(tile["frame"]) if tile else None


def wait_for_tile_shown(sway, daemon, instance, frame, folder, what):
    """Waits until the screenshot shows the renderer's PNG of the current entry at the tile."""
    shot, _, _ = wait_for_tile(lambda: sway.screenshot(folder / "shot.png"), daemon.url, instance, frame, SCALE, BACKGROUND,
                               what, keep=folder)
    return shot


def app_window(sway):
    """The app's window in the Sway tree, once placed: its rectangle in points (x, y, width,
    height), below the title bar. Right after the first frame, Sway may still show it without
    its border (sized for one, title bar included) for a few milliseconds: until it has its title
    bar (the config's `border normal`) and stands where the config puts it, None."""
    result = subprocess.run(["swaymsg", "-t", "get_tree", "-r"], env=sway.environment, capture_output=True,
                            text=True, check=True)
    stack = [json.loads(result.stdout)]
    while stack:
        node = stack.pop()
        if node.get("app_id") == APP_ID or (node.get("name") == "Counter" and node.get("pid")):
            rect = node["rect"]
            if node.get("border") != "normal" or rect["x"] != WINDOW_AT[0]:
                return None
            return (rect["x"], rect["y"], rect["width"], rect["height"])
        stack.extend(node.get("nodes", []) + node.get("floating_nodes", []))
    return None


def hover_share(sway, button, resting, folder):
    """The share of the button's middle that changed since `resting`, when over 20% (GTK drew it
    hovered: more than the cursor itself would change), else None."""
    share, _ = difference(crop_frame(sway.screenshot(folder / "shot.png"), button, SCALE), resting)
    return share if share > 0.2 else None


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def reload_seen(event, instance):
    return (event.get("event") == "call" and event.get("kind") == KIND and event.get("instance") == instance
            and event.get("call", {}).get("cause") == "request")


def entry_count(event, instance):
    if event.get("event") == "entry" and event.get("instance") == instance:
        return (event.get("entry") or {}).get("content", {}).get("count")
    return None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = str(Path(sys.argv[1]).resolve())
    prefix = sys.argv[2] if len(sys.argv) > 2 else None
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="widgethost-counter-app-check-"))
    os.chmod(folder, 0o755)
    bus = sway = daemon = pointer = desktop = app = None
    passed = False
    try:
        check_system_python()
        bus = SessionBus(folder)
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        sway = Sway(folder / "sway", OUTPUT, SCALE, BACKGROUND)
        # The app's window floats at the right, so that it covers no tile of the desktop.
        with open(sway.folder / "sway.conf", "a") as config:
            config.write(f'for_window [app_id="{APP_ID}"] floating enable, border normal, resize set {WINDOW[0]} {WINDOW[1]},'
                         f" move position {WINDOW_AT[0]} {WINDOW_AT[1]}\n")
        sway.start()
        sway.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        pointer = start_virtual_pointer(sway.environment)
        # Sway draws the cursor on the screenshots: out of the way of the tile and the window.
        sway.cursor("set", OUTPUT[0] // 2, OUTPUT[1] - 40)

        daemon = BusDaemon(binary, folder / "data")
        daemon.start()
        pinned = bus.call("WidgetCenter", "RequestPinWidget", "ss", KIND, "systemSmall")["data"][0]
        frame = wait_until(lambda: tile_frame(daemon, pinned), TIMEOUT)
        if not frame:
            raise Failure(f"RequestPinWidget answered {pinned}, but `home list` shows no tile for it")
        # Its first entry comes with the daemon's first call of it, which may follow the answer.
        if not daemon.wait_for(lambda event: entry_count(event, pinned) is not None):
            raise Failure(f"the daemon gave the pinned {KIND} {pinned} no entry within {TIMEOUT} s")
        print(f"ok: {KIND} pinned over the bus as {pinned}, at {frame[:2]} ({frame[2]}×{frame[3]} points)")

        desktop = Desktop(binary, daemon.data_dir, sway.environment)
        desktop.wait_for_note("connected to")
        first = wait_for_tile_shown(sway, daemon, pinned, frame, folder, "the Counter as first drawn")
        first_tile = crop_frame(first, frame, SCALE)
        first.save(folder / "before.png")
        print("ok: the desktop draws the Counter as the renderer does")

        app = CounterApp(app_environment(sway, bus), folder)
        app.wait_for_line("ready", "after it started")
        window = wait_until(lambda: app_window(sway), TIMEOUT)
        if not window:
            raise Failure(f"Sway's tree has no window of the Counter app with a title bar at {WINDOW_AT} within {TIMEOUT} s")
        if overlaps(window, frame):
            raise Failure(f"the Counter app's window {window} covers the Counter's tile {frame}")
        print(f"ok: the Counter app's window is at {window}, clear of the tile")

        x, y, width, height = window
        plus = (round(x + width / 2), round(y + height * 3 / 4))
        # The first press right after the pointer enters the window is not a click for GTK: the
        # pointer goes onto the button, and the press waits for GTK to draw the button hovered.
        button = (x + width / 4, y + height * 5 / 8, width / 2, height / 4)
        resting = crop_frame(sway.screenshot(folder / "shot.png"), button, SCALE)
        sway.cursor("set", *plus)
        hovered = wait_until(lambda: hover_share(sway, button, resting, folder), TIMEOUT)
        if not hovered:
            raise Failure(f"GTK did not draw the `+` button hovered with the pointer on it ({plus}) within {TIMEOUT} s")
        print(f"ok: the pointer is on the app's + at {plus}, drawn hovered ({hovered:.0%} of it changed)")

        mark = daemon.mark()
        desktop.drain()
        clicked = time.monotonic()
        for count in range(1, CLICKS + 1):
            sway.cursor("press", "button1")
            sway.cursor("release", "button1")
            app.wait_for_line(f"count {count}", f"after click {count} on its +")
        print(f"ok: {CLICKS} clicks on the app's +, each one `count N` (1 to {CLICKS}) in"
              f" {time.monotonic() - clicked:.2f} s")

        stored = daemon.cli("defaults", "read", GROUP, "count").strip()
        if stored != str(CLICKS):
            raise Failure(f"`widgethost defaults read {GROUP} count` is {stored!r}, not {CLICKS}")
        print(f"ok: the store holds count {stored} in {GROUP}")

        requested = daemon.wait_for(lambda event: event.get("event") == "request" and any(
            request.get("kind") == KIND and request.get("source") == "dbus" for request in event.get("requests", [])),
            after=mark)
        if not requested:
            raise Failure(f"the daemon logged no reload request for {KIND} from the bus after the clicks")
        if not daemon.wait_for(lambda event: reload_seen(event, pinned), after=mark):
            raise Failure(f"the daemon logged no reload call of {KIND} {pinned} for a request after the clicks")
        if not daemon.wait_for(lambda event: entry_count(event, pinned) == CLICKS, after=mark):
            raise Failure(f"the daemon gave {pinned} no entry with count {CLICKS} within {TIMEOUT} s")
        print(f"ok: the daemon logged the app's reload requests and reloaded {KIND} {pinned}: count {CLICKS}")

        content = get_json(f"{daemon.url}v1/instances/{pinned}")["state"].get("entry", {}).get("content", {})
        if content.get("count") != CLICKS:
            raise Failure(f"the daemon's current entry of {pinned} is {content}, not count {CLICKS}")
        after = wait_for_tile_shown(sway, daemon, pinned, frame, folder, f"the Counter after {CLICKS} clicks on the app's +")
        redrawn, _ = difference(crop_frame(after, frame, SCALE), first_tile)
        if redrawn < 0.005:
            raise Failure(f"the Counter's tile still looks as first drawn ({redrawn:.2%} of its pixels differ)")
        after.save(folder / "after.png")
        print(f"ok: the desktop redrew the tile as the renderer draws count {CLICKS} ({redrawn:.1%} of it changed)")

        if prefix:
            Path(prefix).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(folder / "before.png", f"{prefix}-before.png")
            shutil.copy(folder / "after.png", f"{prefix}-after.png")
        print(f"the Counter app's + reached the desktop: count {CLICKS}, tile redrawn"
              f" ({time.monotonic() - started:.1f} s)")
        passed = True
    except Exception as failure:  # noqa: BLE001 (whatever it is, the logs say more)
        what = failure if isinstance(failure, Failure) else f"{type(failure).__name__}: {failure}"
        report = [f"counter app check FAILED: {what}", f"(files in {folder})"]
        if daemon:
            report.append(f"the daemon's last lines:\n{daemon.log_tail()}")
        if desktop:
            report.append("the desktop's notes:\n" + "\n".join(desktop.notes[-20:]))
        if app:
            report.append("the app's output:\n" + "\n".join(app.said[-20:]))
            report.append(f"the app's errors:\n{app.stderr_tail()}")
        if sway and (sway.folder / "sway.log").exists():
            report.append("sway's last lines:\n" + "".join((sway.folder / "sway.log").read_text().splitlines(True)[-15:]))
        print("\n".join(report), file=sys.stderr)
        sys.exit(1)
    finally:
        for process in (app, desktop):
            if process:
                process.stop()
        if pointer:
            kill_group(pointer)
        if daemon:
            daemon.stop()
        if sway:
            sway.stop()
        if bus:
            bus.stop()
        if passed:
            shutil.rmtree(folder, ignore_errors=True)


def stopped(*_):
    raise Failure("stopped by SIGTERM")


if __name__ == "__main__":
    # Stopped from outside (a CI timeout): the same report and clean-up as a failure.
    signal.signal(signal.SIGTERM, stopped)
    main()
