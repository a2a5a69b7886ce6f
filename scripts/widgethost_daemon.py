"""A `widgethost run` daemon for the scripts that test it from outside (browser-check.py,
api-fuzz.py, the desktop checks): started on a free port with a data folder of its own and the
sample bundles, its URL read from its output, always stopped; and what those scripts ask of it:
instances added, the home screen's tiles, the Counter sample's count and where its `+` is.
"""

import json
import os
import signal
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

SERVING_PREFIX = "serving the gallery and the API at "


class Failure(Exception):
    """A check that failed: its message is what the script prints before exiting 1."""


class Daemon:
    """`widgethost run --http 127.0.0.1:0` with `--data-dir DATA` and only the sample bundles.

    The samples are the `.so` files `swift build` puts beside the binary; naming that folder with
    `--no-default-bundles` keeps bundles installed on the machine out of the test.
    """

    def __init__(self, binary, data_dir, run_options=()):
        if not os.access(binary, os.X_OK):
            raise Failure(f"no widgethost executable at {binary}: run `swift build` and pass"
                          " $(swift build --show-bin-path)/widgethost")
        self.binary = str(Path(binary).resolve())
        self.data_dir = str(data_dir)
        self.bundle_dir = str(Path(self.binary).parent)
        # More `run` options, such as `--open-url-command none`.
        self.run_options = list(run_options)
        self.process = None
        self.url = None
        self.lines = []
        self._serving = threading.Event()

    @property
    def store_options(self):
        return ["--data-dir", self.data_dir]

    @property
    def host_options(self):
        return ["--bundles", self.bundle_dir, "--no-default-bundles", *self.store_options]

    def start(self, timeout=90):
        """Starts the daemon and waits for its `serving … at URL` line (workers start first, which
        on a loaded machine takes a while: hence the generous timeout)."""
        self.process = subprocess.Popen(
            [self.binary, "run", "--http", "127.0.0.1:0", *self.run_options, *self.host_options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            # A group of its own, so that stopping it also reaches its worker processes.
            start_new_session=True)
        # Read its output all along: a full pipe would block the daemon's event log.
        threading.Thread(target=self._read_output, daemon=True).start()
        if not self._serving.wait(timeout) or self.url is None:
            raise Failure(f"the daemon printed no '{SERVING_PREFIX}URL' line within {timeout} s"
                          f" (exit status {self.process.poll()}); its output:\n{self.log_tail()}")
        return self.url

    def _read_output(self):
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            if line.startswith(SERVING_PREFIX) and self.url is None:
                self.url = line[len(SERVING_PREFIX):].strip()
                self._serving.set()
        self._serving.set()  # it ended: let start() fail at once

    def token(self):
        """The token a POST carries, from `<data>/http.token`."""
        return Path(self.data_dir, "http.token").read_text().strip()

    def cli(self, *arguments, timeout=60):
        """Runs `widgethost ARGUMENTS… --data-dir DATA`; fails with its output if it fails."""
        command = [self.binary, *arguments, *self.store_options]
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise Failure(f"`{' '.join(command)}` exited {result.returncode}:\n{result.stdout}{result.stderr}")
        return result.stdout

    def add_instance(self, kind, family):
        """`widgethost instances add KIND --family FAMILY`: the new instance's id."""
        return json.loads(self.cli("instances", "add", kind, "--family", family, "--format", "json"))["id"]

    def home_tiles(self, width, height):
        """`widgethost home list --size WIDTHxHEIGHT --format json`'s tiles (frames in points), by
        instance id."""
        listing = json.loads(self.cli("home", "list", "--format", "json", "--size", f"{width}x{height}"))
        return {tile["id"]: tile for tile in listing["tiles"]}

    def log_tail(self, count=40):
        return "\n".join(self.lines[-count:])

    def stop(self):
        """SIGTERM (the daemon stops its workers and saves the registry), then SIGKILL to the
        group if it does not end in time."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            kill_group(self.process)


def get_bytes(url, timeout=60):
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return answer.read()


def get_json(url, timeout=60):
    return json.loads(get_bytes(url, timeout))


def frame_points(frame):
    """A frame as the API writes it, `{x, y, width, height}` (or a list in that order), as a tuple."""
    if isinstance(frame, dict):
        return frame["x"], frame["y"], frame["width"], frame["height"]
    return tuple(frame)


def counter_count(url, instance):
    """The count a Counter instance shows (its text's first word, GET /v1/widgets), or None."""
    widgets = get_json(url + "v1/widgets")["widgets"]
    text = next((widget.get("text") or "" for widget in widgets if widget.get("instance") == instance), "")
    first = text.split()[0] if text.split() else ""
    return int(first) if first.isdigit() else None


def control_center(url, instance, intent, origin):
    """The middle of the instance's control performing `intent` (GET /v1/instances/{id}/regions,
    in points of the widget), moved by `origin`, the widget's top-left corner on the screen."""
    regions = get_json(f"{url}v1/instances/{instance}/regions")
    control = next((control for control in regions.get("controls", []) if control.get("intent") == intent), None)
    if control is None:
        raise Failure(f"the regions of {instance} have no {intent} control: {regions}")
    x, y, width, height = frame_points(control["frame"])
    return origin[0] + x + width / 2, origin[1] + y + height / 2


def compile_c_bundle(source, target):
    """A C bundle of Tests/Fixtures (one file, no dependencies) compiled to `target` against the
    SDK's headers, with scripts/build-fixtures.sh's flags; returns `target`."""
    root = Path(__file__).resolve().parent.parent
    source = root / source
    subprocess.run([os.environ.get("CC", "cc"), "-std=c11", "-Wall", "-Werror", "-shared", "-fPIC", "-pthread",
                    "-I", str(root / "sdk/WidgetABI/include"), "-I", str(source.parent),
                    "-o", str(target), str(source)], check=True)
    return target


def kill_group(process):
    """Ends a process started with start_new_session=True and everything it started."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def wait_until(condition, timeout, interval=0.1):
    """Polls `condition()` until it returns something true, or returns None after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)
