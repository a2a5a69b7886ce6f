"""The tests' daemon: a real `widgethost run` on a private session bus.

The bus: run-tests.sh runs pytest under `dbus-run-session` and says so in WIDGETHOST_TEST_BUS;
without it, this starts a private `dbus-daemon --session` of its own, so that the tests never
touch the session bus of the desktop they run on.

The daemon: $WIDGETHOST (default: .build/debug/widgethost at the repository's root) as
`widgethost run --data-dir TMP --bundles DIR --no-default-bundles --dbus session
--http 127.0.0.1:0 --open-url-command none`, with DIR $WIDGETHOST_BUNDLES (default: the binary's folder, where
`swift build` puts the sample bundles). Its HTTP API is on, on a free loopback port, because a
tap on a widget (WidgetURLOpened) comes through it (`POST /v1/widgets/{kind}/{family}/open`, as
the gallery and the home screen send it); `--open-url-command none` keeps it from starting a
browser. The fixture is ready once dev.widgethost.WidgetHost1 has an owner: it waits for the
bus's NameOwnerChanged signal, for at most a minute, and fails at once if the daemon exits.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # widgethost_app, when it is not installed

from jeepney import MatchRule, MessageType  # noqa: E402
from jeepney.bus_messages import message_bus  # noqa: E402
from jeepney.io.blocking import open_dbus_connection  # noqa: E402

from widgethost_app import BUS_NAME, WidgetHostBus, home_widget  # noqa: E402

ROOT = HERE.parent.parent.parent
SPEC_XML = ROOT / "docs" / "dbus" / "dev.widgethost.WidgetHost1.xml"
START_TIMEOUT = 60  # seconds: the hang guard on the daemon's start
SERVING_PREFIX = "serving the gallery and the API at "


def widgethost_binary() -> Path:
    return Path(os.environ.get("WIDGETHOST") or ROOT / ".build" / "debug" / "widgethost").resolve()


def bundles_dir() -> Path:
    return Path(os.environ.get("WIDGETHOST_BUNDLES") or widgethost_binary().parent).resolve()


# The bus ------------------------------------------------------------------------------------

@pytest.fixture(scope="session", autouse=True)
def private_bus():
    """DBUS_SESSION_BUS_ADDRESS of a bus only these tests use."""
    if os.environ.get("WIDGETHOST_TEST_BUS") == "private" and os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        yield os.environ["DBUS_SESSION_BUS_ADDRESS"]
        return
    process = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = process.stdout.readline().strip()
    if not address:
        process.kill()
        pytest.fail("dbus-daemon --session printed no address (is dbus-daemon installed?)", pytrace=False)
    saved = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = address
    os.environ["WIDGETHOST_TEST_BUS"] = "private"
    try:
        yield address
    finally:
        process.terminate()
        process.wait(10)
        if saved is None:
            os.environ.pop("DBUS_SESSION_BUS_ADDRESS", None)
        else:
            os.environ["DBUS_SESSION_BUS_ADDRESS"] = saved


# The daemon ----------------------------------------------------------------------------------

class Daemon:
    """A running `widgethost run`, its data folder and its output."""

    def __init__(self, binary: Path, data_dir: Path, bundles: Path):
        self.binary = binary
        self.data_dir = data_dir
        self.bundles = bundles
        self.process: subprocess.Popen | None = None
        self.lines: list[str] = []
        self.http_url: str | None = None
        self._serving = threading.Event()

    @property
    def command(self) -> list[str]:
        return [str(self.binary), "run", "--data-dir", str(self.data_dir),
                "--bundles", str(self.bundles), "--no-default-bundles",
                "--dbus", "session", "--http", "127.0.0.1:0", "--open-url-command", "none"]

    def start(self) -> None:
        # Listen for the name's new owner before the daemon can take it.
        watcher = open_dbus_connection("SESSION")
        try:
            rule = MatchRule(type="signal", sender="org.freedesktop.DBus", interface="org.freedesktop.DBus",
                             member="NameOwnerChanged", path="/org/freedesktop/DBus")
            rule.add_arg_condition(0, BUS_NAME)
            with watcher.filter(rule, bufsize=16) as owners:
                watcher.send_and_get_reply(message_bus.AddMatch(rule), timeout=10)
                if watcher.send_and_get_reply(message_bus.NameHasOwner(BUS_NAME), timeout=10).body[0]:
                    raise RuntimeError(f"{BUS_NAME} already has an owner on the test bus")
                self.process = subprocess.Popen(
                    self.command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                    start_new_session=True)  # its own group: stopping it reaches its workers
                threading.Thread(target=self._read_output, daemon=True).start()
                deadline = time.monotonic() + START_TIMEOUT
                while True:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise RuntimeError(f"{BUS_NAME} got no owner within {START_TIMEOUT} s")
                    try:
                        # Wake at least each second to notice a daemon that exited.
                        message = watcher.recv_until_filtered(owners, timeout=min(1.0, left))
                    except TimeoutError:
                        if self.process.poll() is not None:
                            raise RuntimeError(f"the daemon exited with status {self.process.returncode}"
                                               " before it took its bus name") from None
                        continue
                    _name, _old, new_owner = message.body
                    if new_owner:
                        return
        finally:
            watcher.close()

    def _read_output(self) -> None:
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            if line.startswith(SERVING_PREFIX) and self.http_url is None:
                self.http_url = line[len(SERVING_PREFIX):].strip().rstrip("/")
                self._serving.set()
        self._serving.set()

    def on_the_bus(self) -> bool:
        try:
            with WidgetHostBus.connect(timeout=10) as bus:
                return bus.is_running()
        except (OSError, TimeoutError):
            return False

    def log_tail(self, count: int = 60) -> str:
        return "\n".join(self.lines[-count:])

    def assert_alive(self) -> None:
        """The process still runs and answers Ping on a fresh connection within 10 s."""
        assert self.process.poll() is None, f"the daemon died (status {self.process.returncode}):\n{self.log_tail()}"
        with WidgetHostBus.connect(timeout=10) as bus:
            bus.ping()

    # Taps, as the gallery and the home screen send them ---------------------------------------

    def http(self, method: str, route: str, body: dict | None = None) -> tuple[int, dict]:
        if not self._serving.wait(START_TIMEOUT) or self.http_url is None:
            raise RuntimeError(f"the daemon printed no '{SERVING_PREFIX}URL' line:\n{self.log_tail()}")
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.http_url + route, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        token = self.data_dir / "http.token"
        if token.exists():
            request.add_header("Authorization", "Bearer " + token.read_text().strip())
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def widget_url(self, kind: str, family: str, timeout: float = START_TIMEOUT) -> str:
        """The URL the kind's default widget shows, once its first entry is there."""
        deadline = time.monotonic() + timeout
        while True:
            status, state = self.http("GET", f"/v1/widgets/{kind}/{family}")
            # GET /v1/widgets/{kind}/{family}: the timeline, with the widget's state (its `url`).
            url = (state.get("state") or {}).get("url") if status == 200 else None
            if url:
                return url
            if time.monotonic() > deadline:
                raise AssertionError(f"{kind} {family} shows no URL after {timeout} s: {status} {state}")
            time.sleep(0.2)  # the entry comes from a worker; the gallery's state is polled

    def tap(self, kind: str, family: str, url: str, instance: str | None = None,
            timeout: float = START_TIMEOUT) -> dict:
        """A click on the widget's URL, once the widget is shown as a person would see it first.
        Retried while the API answers 422 (the URL is not in the widget's current entry yet: a
        pinned widget's first timeline is still coming) or, for an instance, 404
        `unknownInstance` (a pin is written to the store at once, and shown once the daemon has
        taken it from there: on a busy machine, after the pin's reply)."""
        route = f"/v1/instances/{instance}/open" if instance else f"/v1/widgets/{kind}/{family}/open"
        deadline = time.monotonic() + timeout
        while True:
            status, answer = self.http("POST", route, {"url": url})
            not_shown_yet = status == 422 or (
                instance is not None and status == 404 and (answer.get("error") or {}).get("code") == "unknownInstance")
            if not not_shown_yet or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert status == 200, f"POST {route}: {status} {answer}"
        return answer

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()


def _has_dbus_option(binary: Path) -> bool:
    result = subprocess.run([str(binary), "run", "--help"], capture_output=True, text=True, timeout=60)
    return "--dbus" in result.stdout + result.stderr


@pytest.fixture(scope="session")
def daemon(private_bus, tmp_path_factory):
    binary = widgethost_binary()
    if not os.access(binary, os.X_OK):
        pytest.fail(f"no widgethost executable at {binary}: run `swift build`, or set WIDGETHOST",
                    pytrace=False)
    if not _has_dbus_option(binary):
        pytest.fail(f"{binary} has no D-Bus service (`run --help` names no --dbus): build the"
                    " current sources", pytrace=False)
    running = Daemon(binary, tmp_path_factory.mktemp("widgethost-data"), bundles_dir())
    try:
        running.start()
    except RuntimeError as error:
        running.stop()
        pytest.fail(f"{error}\n$ {' '.join(running.command)}\n{running.log_tail()}", pytrace=False)
    yield running
    running.stop()
    assert running.process.returncode in (0, -signal.SIGTERM), \
        f"the daemon ended with status {running.process.returncode}:\n{running.log_tail()}"


@pytest.fixture(autouse=True)
def daemon_on_the_bus(request):
    """Before each test that uses the daemon: it must still run and own its name. A test that
    broke it has failed already (its own assert_alive); the next gets a new daemon on the same
    data folder instead of failing in turn."""
    if "daemon" not in request.fixturenames:
        return
    running = request.getfixturevalue("daemon")
    if running.process.poll() is None and running.on_the_bus():
        return
    what = (f"exited with status {running.process.returncode}" if running.process.poll() is not None
            else "is no longer on the bus")
    print(f"\nthe daemon {what} (a test before {request.node.name} broke it); starting another:\n"
          f"{running.log_tail(20)}", file=sys.stderr)
    running.stop()
    running.lines.clear()
    running.http_url = None
    running._serving.clear()
    try:
        running.start()
    except RuntimeError as error:
        pytest.fail(f"the daemon could not be started again: {error}\n{running.log_tail()}", pytrace=False)


@pytest.fixture
def bus(daemon):
    with WidgetHostBus.connect(timeout=30) as connection:
        yield connection


_groups = itertools.count(1)


@pytest.fixture
def group(daemon) -> str:
    """An App Group no other test writes."""
    return f"group.dev.widgethost.test{os.getpid()}.t{next(_groups)}"


@pytest.fixture
def raw(daemon):
    """A bare jeepney connection, for calls the typed API never sends."""
    connection = open_dbus_connection("SESSION")
    yield connection
    try:
        connection.close()
    except OSError:
        pass


@pytest.fixture
def fresh_home_widget(daemon):
    """home_widget's module state as a new app has it, and its connection closed after."""
    home_widget.use_bus(None)
    home_widget._app_group_id = None
    home_widget.set_widget_kinds()
    yield home_widget
    home_widget.use_bus(None)
    home_widget._app_group_id = None
    home_widget.set_widget_kinds()


def reply_error_name(reply) -> str | None:
    from jeepney.low_level import HeaderFields
    if reply.header.message_type == MessageType.error:
        return reply.header.fields.get(HeaderFields.error_name)
    return None
