#!/usr/bin/env python3
"""Apps on the bus: what an app's change costs through dev.widgethost.WidgetHost1, against
today's path (two CLI processes), and whether the bus keeps every value under load.

    scripts/apps-bench.py WIDGETHOST [--soak-seconds 60] [--clients 20] [--samples 50]

WIDGETHOST is a `widgethost` binary; the sample bundles are the `.so` files beside it
(`swift build -c release --product widgethost`, `--product widgethost-worker` and
`--product CounterWidget` put them in `swift build -c release --show-bin-path`).

Each part starts a private bus (`dbus-daemon --session --nofork --address=unix:path=TMP/bus`,
SIGKILLed at its end) and a daemon of its own on it:

    widgethost run --format json --http 127.0.0.1:0 --dbus session --data-dir TMP
                   --bundles BIN --no-default-bundles --budget 86400 --open-url-command none

and waits for the daemon's `serving` event for the bus. `--budget 86400` (the most `run`
takes) keeps the refresh budget from holding any of the reloads asked for here: an app's
ReloadTimelines counts against the budget (default 72 per kind and family per 24 h), and
requests are not held by `--minimum-interval`, which paces scheduled reloads only.

1. Bus path. One client (the Python client, `widgethost_app`): `Set(group.dev.widgethost.counter,
   {count: N})` then `ReloadTimelines("CounterWidget")`, a new N each sample, until the daemon's
   event log (stdout) shows the `entry` carrying N for every family of CounterWidget (and the
   three `request` calls that made them). Reported: total, to the first `call` event, the client's
   own two calls, and the daemon's share (total less the client's calls). The floor, in the same
   run, interleaved with the samples: `org.freedesktop.DBus.Peer.Ping` to the daemon.
2. Today's path, the same change: `widgethost defaults write … count N --type int` and
   `widgethost reload CounterWidget`, two processes, to the same events. Beside it, two bare
   `widgethost --version` starts (what the two processes cost before the daemon does anything).
3. Soak. One client writes one key and a sequence number (one `Set` of both) 1,000 times a
   second, paced, for `--soak-seconds`; then `--clients` clients at once (processes), each its
   own key at 50 a second, for as long. At the end `Get` must read back every client's last
   value. The daemon's VmRSS (/proc/PID/status) is sampled every second; the rule: after a
   warm-up of 5 s, the last sample of a phase may not exceed its first by more than 10 MiB.
   A listener on its own connection counts the `Changed` signals (reported, not asserted).

Prints the tables. Exits 1 on a hard failure: a value lost or not read back, a `Set` refused,
a reload never answered, the daemon gone, RSS beyond the rule. The speed goals (bus path ≥ 5×
faster than the CLI path end to end, the daemon's share ≤ 30 ms p50) are reported, not asserted.
"""

import argparse
import collections
import datetime
import json
import multiprocessing
import os
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "clients" / "python"))

from widgethost_app import WidgetHostBus  # noqa: E402

GROUP = "group.dev.widgethost.counter"
KIND = "CounterWidget"
START_TIMEOUT = 90   # s: the daemon's start (workers start first; the machine may be busy)
EVENT_TIMEOUT = 15   # s: a reload's events; past it the reload counts as lost
RSS_WARMUP = 5       # s
RSS_SLACK_KIB = 10 * 1024


class Failure(Exception):
    """A hard failure: its message is printed and the script exits 1."""


def wall_seconds(text):
    """An event's ISO 8601 date (`2026-11-28T16:32:08.223Z`) as seconds since 1970."""
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds * 1000:.0f} ms"


def us(seconds):
    return f"{seconds * 1e6:.0f} µs"


# The bus and the daemon ------------------------------------------------------------------------

class Part:
    """A private bus and a `widgethost run` on it, with a data folder of their own."""

    def __init__(self, binary, name):
        self.binary = binary
        self.bundles = str(Path(binary).parent)
        self.tmp = tempfile.mkdtemp(prefix=f"widgethost-apps-{name}-")
        self.data = os.path.join(self.tmp, "data")
        self.bus_process = None
        self.process = None
        self.address = None
        self.events = queue.Queue()        # (perf_counter at arrival, event) for CounterWidget
        self.tail = collections.deque(maxlen=40)
        self.stderr = []
        self.event_counts = collections.Counter()
        self.error_events = []
        self._bus_serving = threading.Event()
        self._http_serving = threading.Event()
        self.http_url = None
        self._stopped = False

    def start(self):
        # --print-address: dbus-daemon prints its address once it listens (no polling).
        self.bus_process = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", f"--address=unix:path={self.tmp}/bus",
             "--print-address=1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.bus_process.stdout.readline().strip()
        if not self.address:
            raise Failure("dbus-daemon printed no address (is it installed?)")
        environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address)
        environment.pop("WIDGETHOST_DATA_DIR", None)
        self.process = subprocess.Popen(
            [self.binary, "run", "--format", "json", "--http", "127.0.0.1:0", "--dbus", "session",
             "--data-dir", self.data, "--bundles", self.bundles, "--no-default-bundles",
             "--budget", "86400", "--open-url-command", "none"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment,
            start_new_session=True)  # a group of its own: stopping it reaches its workers
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()
        if not self._bus_serving.wait(START_TIMEOUT) or self.process.poll() is not None:
            raise Failure(f"the daemon printed no `serving` event for the bus within {START_TIMEOUT} s"
                          f" (exit status {self.process.poll()}):\n" + "\n".join(self.tail))
        # The HTTP API too: the families are read from it.
        if not self._http_serving.wait(START_TIMEOUT) or self.http_url is None:
            raise Failure("the daemon printed no `serving` event for HTTP:\n" + "\n".join(self.tail))

    def _read_stdout(self):
        for line in self.process.stdout:
            at = time.perf_counter()
            self.tail.append(line.rstrip("\n")[:300])
            try:
                event = json.loads(line)
            except ValueError:
                self.event_counts["(not JSON)"] += 1
                continue
            name = event.get("event", "?")
            self.event_counts[name] += 1
            if name == "serving":
                if event.get("bus"):
                    self._bus_serving.set()
                if event.get("url"):
                    self.http_url = event["url"]
                    self._http_serving.set()
            elif name == "error" or (name == "call" and (event.get("call") or {}).get("result") != "ok"):
                self.error_events.append(line.strip()[:400])
            if event.get("kind") == KIND and name in ("call", "entry"):
                self.events.put((at, event))
        self._bus_serving.set()  # it ended: let start() fail at once
        self._http_serving.set()

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr.append(line.rstrip("\n"))

    @property
    def pid(self):
        return self.process.pid

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def client(self):
        return WidgetHostBus.connect(self.address, timeout=25)

    def cli(self, *arguments):
        result = subprocess.run([self.binary, *arguments], capture_output=True, text=True, timeout=60,
                                env=dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address))
        if result.returncode != 0:
            raise Failure(f"`widgethost {' '.join(arguments)}` exited {result.returncode}:"
                          f" {result.stdout}{result.stderr}")

    def families(self):
        """CounterWidget's families, from the daemon's own list (GET /v1/widgets)."""
        import urllib.request
        with urllib.request.urlopen(self.http_url.rstrip("/") + "/v1/widgets", timeout=30) as response:
            widgets = json.load(response)["widgets"]
        families = {w["family"] for w in widgets if w["kind"] == KIND}
        if not families:
            raise Failure(f"the daemon lists no {KIND}: are the sample bundles beside {self.binary}?")
        return families

    def wait_for_initial_calls(self, families):
        """The start's own calls of every family of CounterWidget, so none overlaps a sample."""
        seen = set()
        deadline = time.monotonic() + START_TIMEOUT
        while seen != families:
            left = deadline - time.monotonic()
            if left <= 0 or not self.alive():
                raise Failure(f"no initial call of {KIND} in {sorted(families - seen)}")
            try:
                _, event = self.events.get(timeout=left)
            except queue.Empty:
                continue
            if event["event"] == "call":
                seen.add(event["family"])

    def drain(self):
        while True:
            try:
                self.events.get_nowait()
            except queue.Empty:
                return

    def wait_for_count(self, count, families):
        """After waiting for every family's `request` call and its entry with `count`: the time
        (perf_counter) of the first call event and of the last family's entry, the earliest
        call's start by the daemon's own clock (`call.at`, wall clock, in ms) and the slowest
        family's call (`call.durationMs`)."""
        calls, entries, starts, durations = {}, {}, [], []
        deadline = time.monotonic() + EVENT_TIMEOUT
        while len(calls) < len(families) or len(entries) < len(families):
            left = deadline - time.monotonic()
            if left <= 0 or not self.alive():
                raise Failure(f"count {count}: {len(calls)} of {len(families)} request calls and"
                              f" {len(entries)} of {len(families)} entries within {EVENT_TIMEOUT} s"
                              f" (daemon {'alive' if self.alive() else 'gone'})")
            try:
                at, event = self.events.get(timeout=left)
            except queue.Empty:
                continue
            if event["event"] == "call":
                call = event.get("call") or {}
                if call.get("cause") != "request":
                    continue
                if call.get("result") != "ok":
                    raise Failure(f"count {count}: {event['family']}'s call failed: {call}")
                if event["family"] not in calls:
                    calls[event["family"]] = at
                    starts.append(wall_seconds(call["at"]))
                    durations.append(call.get("durationMs", float("nan")) / 1000)
            elif ((event.get("entry") or {}).get("content") or {}).get("count") == count:
                entries.setdefault(event["family"], at)
        return min(calls.values()), max(entries.values()), min(starts), max(durations)

    def stop(self):
        """SIGTERM (the daemon stops cleanly within its 5 s deadline), SIGKILL to its group if it
        does not; then the bus, SIGKILL (it ignores SIGTERM here). Returns (exit status, seconds)."""
        result = (None, None)
        if self._stopped:
            return result
        self._stopped = True
        if self.process is not None:
            if self.process.poll() is None:
                started = time.monotonic()
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(15)
                    result = (self.process.returncode, time.monotonic() - started)
                except subprocess.TimeoutExpired:
                    result = ("killed", None)
            try:
                os.killpg(self.process.pid, signal.SIGKILL)  # any worker left behind
            except ProcessLookupError:
                pass
            self.process.wait()
        if self.bus_process is not None:
            self.bus_process.kill()
            self.bus_process.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)
        return result

    def oddities(self):
        lines = []
        if self.error_events:
            lines.append(f"{len(self.error_events)} error or failed-call event(s), the first:"
                         f" {self.error_events[0]}")
        if self.stderr:
            lines.append(f"{len(self.stderr)} line(s) on the daemon's stderr, the last: {self.stderr[-1][:300]}")
        return lines


# Memory --------------------------------------------------------------------------------------

class Sampler:
    """The daemon's VmRSS, threads and open files, once a second, while the process lives."""

    def __init__(self, pid):
        self.pid = pid
        self.samples = []        # (seconds since start, rss KiB, threads, fds)
        self.gone_at = None
        self._stop = threading.Event()
        self._started = time.monotonic()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.is_set():
            try:
                status = Path(f"/proc/{self.pid}/status").read_text()
                fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
                if fields.get("State", "").strip().startswith("Z"):
                    raise FileNotFoundError
                rss = int(fields["VmRSS"].split()[0])
                threads = int(fields["Threads"])
                fds = len(os.listdir(f"/proc/{self.pid}/fd"))
            except (FileNotFoundError, ProcessLookupError, KeyError):
                self.gone_at = time.monotonic() - self._started
                return
            self.samples.append((time.monotonic() - self._started, rss, threads, fds))
            self._stop.wait(1.0)

    def mark(self):
        return time.monotonic() - self._started

    def cpu(self):
        """The daemon's CPU time so far (user + system, its own threads only), in seconds."""
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self._stop.set()
        self._thread.join()

    def phase(self, begin, end):
        """first (after the warm-up), max and last of the phase's samples, and whether flat."""
        inside = [s for s in self.samples if begin <= s[0] <= end]
        warm = [s for s in inside if s[0] >= begin + RSS_WARMUP]
        if not warm:
            return None
        first, last = warm[0], warm[-1]
        return {"first": first[1], "max": max(s[1] for s in inside), "last": last[1],
                "flat": last[1] <= first[1] + RSS_SLACK_KIB, "count": len(inside),
                "threads": (first[2], max(s[2] for s in inside), last[2]),
                "fds": (first[3], max(s[3] for s in inside), last[3])}


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


# Clients in processes of their own (spawned: no GIL shared with the measuring process) ----------

def listener_process(address, ready, stop, results):
    """Counts the daemon's Changed signals per key, and TimelinesReloaded per kind, until told
    to stop and two seconds have passed without a signal."""
    sys.path.insert(0, str(ROOT / "clients" / "python"))
    from widgethost_app import WidgetHostBus as Bus
    changed = collections.Counter()
    reloaded = collections.Counter()
    with Bus.connect(address) as bus, bus.subscribe("Changed", "TimelinesReloaded") as signals:
        ready.set()
        quiet_since = None
        while True:
            try:
                received = signals.next(timeout=0.5)
            except TimeoutError:
                if stop.is_set():
                    quiet_since = quiet_since or time.monotonic()
                    if time.monotonic() - quiet_since >= 2:
                        break
                continue
            quiet_since = None
            if received.member == "Changed":
                group, keys = received.args
                for key in keys:
                    changed[f"{group} {key}"] += 1
            else:
                for kind in received.args[0]:
                    reloaded[kind] += 1
    results.put({"changed": dict(changed), "reloaded": dict(reloaded)})


def writer_process(address, key, rate, seconds, ready, go, results):
    """One app: `Set(GROUP, {key: value, key+"Seq": n})` `rate` times a second, paced on an
    absolute schedule, for `seconds`. Reports what it achieved and the last value it wrote."""
    sys.path.insert(0, str(ROOT / "clients" / "python"))
    from widgethost_app import WidgetHostBus as Bus
    latencies, errors = [], []
    last = None
    sent = 0
    with Bus.connect(address, timeout=25) as bus:
        ready.set()
        go.wait()
        started = time.perf_counter()
        end = started + seconds
        while True:
            due = started + sent / rate
            now = time.perf_counter()
            if due >= end:
                break
            if due > now:
                time.sleep(due - now)
            value = f"{key}:{sent}:{os.getpid()}"
            before = time.perf_counter()
            try:
                bus.set(GROUP, {key: value, key + "Seq": sent})
                last = (value, sent)
            except Exception as error:  # noqa: BLE001: every refusal is reported
                errors.append(f"{type(error).__name__}: {error}"[:200])
            latencies.append(time.perf_counter() - before)
            sent += 1
        elapsed = time.perf_counter() - started
    latencies.sort()
    results.put({"key": key, "sent": sent, "elapsed": elapsed, "last": last, "errors": errors,
                 "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99),
                 "max": latencies[-1] if latencies else float("nan"),
                 "over10ms": sum(1 for value in latencies if value > 0.010)})


class Listener:
    def __init__(self, context, address):
        self.ready, self.stop_event = context.Event(), context.Event()
        self.results = context.Queue()
        self.process = context.Process(target=listener_process,
                                       args=(address, self.ready, self.stop_event, self.results))
        self.process.start()
        if not self.ready.wait(30):
            raise Failure("the signal listener did not connect")

    def finish(self):
        self.stop_event.set()
        try:
            return self.results.get(timeout=60)
        finally:
            self.process.join(10)


# Part 1: the bus path --------------------------------------------------------------------------

def bus_path(binary, samples, context):
    part = Part(binary, "bus")
    try:
        part.start()
        families = part.families()
        part.wait_for_initial_calls(families)
        listener = Listener(context, part.address)
        pings, totals, first_calls, client_calls, set_calls, shares = [], [], [], [], [], []
        to_starts, call_durations = [], []
        with part.client() as bus:
            warmups = 3
            for number in range(warmups + samples):
                for _ in range(3):
                    before = time.perf_counter()
                    bus.ping()
                    if number >= warmups:
                        pings.append(time.perf_counter() - before)
                count = 1_000_000 + number
                time.sleep(0.02)
                part.drain()
                started = time.perf_counter()
                bus.set(GROUP, {"count": count})
                written = time.perf_counter()
                bus.reload_timelines(KIND)
                asked, asked_wall = time.perf_counter(), time.time()
                first_call, shown, call_start, call_duration = part.wait_for_count(count, families)
                if number < warmups:
                    continue
                to_starts.append(call_start - asked_wall)
                call_durations.append(call_duration)
                totals.append(shown - started)
                first_calls.append(first_call - started)
                client_calls.append(asked - started)
                set_calls.append(written - started)
                shares.append(shown - asked)
            reloads = warmups + samples
        signals = listener.finish()
        alive = part.alive()
        stopped = part.stop()
        return {"families": sorted(families), "pings": pings, "totals": totals, "first_calls": first_calls,
                "client_calls": client_calls, "set_calls": set_calls, "shares": shares,
                "to_starts": to_starts, "call_durations": call_durations,
                "reloads": reloads, "signals": signals, "alive": alive, "stopped": stopped,
                "oddities": part.oddities(), "events": dict(part.event_counts)}
    finally:
        part.stop()


# Part 2: today's path, two CLI processes --------------------------------------------------------

def cli_path(binary, samples):
    part = Part(binary, "cli")
    try:
        part.start()
        families = part.families()
        part.wait_for_initial_calls(families)
        floors, totals, first_calls, client_calls, to_starts, call_durations = [], [], [], [], [], []
        warmups = 2
        for number in range(warmups + samples):
            before = time.perf_counter()
            part.cli("--version")
            part.cli("--version")
            if number >= warmups:
                floors.append(time.perf_counter() - before)
            count = 2_000_000 + number
            part.drain()
            started = time.perf_counter()
            part.cli("defaults", "write", GROUP, "count", str(count), "--type", "int", "--data-dir", part.data)
            part.cli("reload", KIND, "--data-dir", part.data)
            asked, asked_wall = time.perf_counter(), time.time()
            first_call, shown, call_start, call_duration = part.wait_for_count(count, families)
            if number < warmups:
                continue
            to_starts.append(call_start - asked_wall)
            call_durations.append(call_duration)
            totals.append(shown - started)
            first_calls.append(first_call - started)
            client_calls.append(asked - started)
        alive = part.alive()
        stopped = part.stop()
        return {"floors": floors, "totals": totals, "first_calls": first_calls, "client_calls": client_calls,
                "to_starts": to_starts, "call_durations": call_durations,
                "alive": alive, "stopped": stopped, "oddities": part.oddities()}
    finally:
        part.stop()


# Part 3: the soak ------------------------------------------------------------------------------

def run_writers(context, address, keys, rate, seconds):
    ready = [context.Event() for _ in keys]
    go = context.Event()
    results = context.Queue()
    processes = [context.Process(target=writer_process, args=(address, key, rate, seconds, r, go, results))
                 for key, r in zip(keys, ready)]
    for process in processes:
        process.start()
    for event in ready:
        if not event.wait(60):
            raise Failure("a writer did not connect within 60 s")
    go.set()
    outcome = [results.get(timeout=seconds + 120) for _ in processes]
    for process in processes:
        process.join(10)
    return sorted(outcome, key=lambda result: result["key"])


def soak(binary, seconds, clients, context):
    part = Part(binary, "soak")
    failures = []
    try:
        part.start()
        sampler = Sampler(part.pid)
        phases = {}
        # The single client, 1,000 a second.
        for name, keys, rate in (("one client, 1,000 Set/s", ["soak"], 1000.0),
                                 (f"{clients} clients, 50 Set/s each",
                                  [f"client{index:02}" for index in range(clients)], 50.0)):
            listener = Listener(context, part.address)
            begin, cpu_before = sampler.mark(), sampler.cpu()
            results = run_writers(context, part.address, keys, rate, seconds)
            end, cpu = sampler.mark(), sampler.cpu() - cpu_before
            signals = listener.finish()
            if not part.alive():
                failures.append(f"{name}: the daemon is gone (exit status {part.process.poll()});"
                                f" {sum(len(r['errors']) for r in results)} Set(s) failed")
                phases[name] = {"results": results, "signals": signals, "rss": None, "readback": []}
                break
            readback = []
            with part.client() as bus:
                for result in results:
                    if result["errors"]:
                        failures.append(f"{name}: {result['key']}: {len(result['errors'])} Set(s) refused,"
                                        f" the first: {result['errors'][0]}")
                    if result["last"] is None:
                        failures.append(f"{name}: {result['key']}: no Set succeeded")
                        continue
                    value, sequence = result["last"]
                    got = (bus.get(GROUP, result["key"]), bus.get(GROUP, result["key"] + "Seq"))
                    readback.append(got == (value, sequence))
                    if got != (value, sequence):
                        failures.append(f"{name}: {result['key']}: Get read {got}, the last written was"
                                        f" {(value, sequence)}")
            rss = sampler.phase(begin, end)
            if rss is None:
                failures.append(f"{name}: no RSS sample after the warm-up")
            elif not rss["flat"]:
                failures.append(f"{name}: RSS grew from {mib(rss['first'])} to {mib(rss['last'])}"
                                f" (max {mib(rss['max'])}), beyond the rule (+10 MiB after {RSS_WARMUP} s)")
            phases[name] = {"results": results, "signals": signals, "rss": rss, "readback": readback,
                            "span": end - begin, "cpu": cpu}
        sampler.stop()
        if sampler.gone_at is not None:
            failures.append(f"the daemon vanished {sampler.gone_at:.0f} s into the soak")
        stopped = part.stop()
        if stopped[0] not in (0, None):
            failures.append(f"the daemon did not stop cleanly on SIGTERM: {stopped[0]}")
        return {"phases": phases, "failures": failures, "stopped": stopped, "oddities": part.oddities(),
                "samples": sampler.samples}
    finally:
        part.stop()


# Reporting -----------------------------------------------------------------------------------

def table(rows):
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            print("  ".join("-" * width for width in widths))


def p(values, fraction, unit=ms):
    return unit(percentile(values, fraction))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("widgethost", help="the widgethost binary; the sample bundles beside it")
    parser.add_argument("--soak-seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--skip", action="append", default=[], choices=["bus", "cli", "soak"],
                        help="leave a part out (repeatable)")
    arguments = parser.parse_args()
    binary = str(Path(arguments.widgethost).resolve())
    if not os.access(binary, os.X_OK):
        print(f"apps-bench: no widgethost executable at {binary}", file=sys.stderr)
        return 2
    if shutil.which("dbus-daemon") is None:
        print("apps-bench: dbus-daemon is not installed", file=sys.stderr)
        return 2
    context = multiprocessing.get_context("spawn")
    failures, notes = [], []
    print(f"apps-bench: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start,"
          f" {arguments.samples} samples, soak {arguments.soak_seconds:g} s, {arguments.clients} clients",
          flush=True)

    bus = cli = None
    try:
        if "bus" not in arguments.skip:
            bus = bus_path(binary, arguments.samples, context)
        if "cli" not in arguments.skip:
            cli = cli_path(binary, arguments.samples)
    except Failure as failure:
        failures.append(str(failure))

    if bus:
        ping = percentile(bus["pings"], 0.5)
        print(f"\n1. Bus path: Set + ReloadTimelines → CounterWidget's new entry in every family"
              f" ({', '.join(bus['families'])}), {len(bus['totals'])} samples")
        table([["figure", "p50", "p90", "max", "× ping p50"],
               ["total: Set → the last family's entry with N", p(bus["totals"], .5), p(bus["totals"], .9),
                ms(max(bus["totals"])), f"{percentile(bus['totals'], .5) / ping:.0f}×"],
               ["Set → the first `call` event (cause request)", p(bus["first_calls"], .5),
                p(bus["first_calls"], .9), ms(max(bus["first_calls"])),
                f"{percentile(bus['first_calls'], .5) / ping:.0f}×"],
               ["client's own calls (Set + ReloadTimelines)", p(bus["client_calls"], .5, us),
                p(bus["client_calls"], .9, us), us(max(bus["client_calls"])),
                f"{percentile(bus['client_calls'], .5) / ping:.1f}×"],
               ["  of which Set", p(bus["set_calls"], .5, us), p(bus["set_calls"], .9, us),
                us(max(bus["set_calls"])), f"{percentile(bus['set_calls'], .5) / ping:.1f}×"],
               ["daemon's share (total − client's calls)", p(bus["shares"], .5), p(bus["shares"], .9),
                ms(max(bus["shares"])), f"{percentile(bus['shares'], .5) / ping:.0f}×"],
               ["  ReloadTimelines answered → the first call starts*", p(bus["to_starts"], .5),
                p(bus["to_starts"], .9), ms(max(bus["to_starts"])), ""],
               ["  the provider's call, slowest family (durationMs)", p(bus["call_durations"], .5),
                p(bus["call_durations"], .9), ms(max(bus["call_durations"])), ""],
               ["floor: Peer.Ping round trip", us(ping), p(bus["pings"], .9, us), us(max(bus["pings"])), "1×"]])
        print("* by the daemon's own clock (`call.at`, whole milliseconds): ±1 ms; may be below 0 when"
              " the call starts before the reply reaches the client")
        reloaded = bus["signals"]["reloaded"].get(KIND, 0)
        print(f"TimelinesReloaded({KIND}) signals: {reloaded} for {bus['reloads']} reloads"
              f" ({len(bus['families'])} families each)")
        notes += [f"bus part: {line}" for line in bus["oddities"]]
        if not bus["alive"]:
            failures.append("bus part: the daemon was gone at the end")
    if cli:
        print(f"\n2. Today's path: `defaults write` + `reload` (two processes) → the same events,"
              f" {len(cli['totals'])} samples")
        table([["figure", "p50", "p90", "max"],
               ["total: write → the last family's entry with N", p(cli["totals"], .5), p(cli["totals"], .9),
                ms(max(cli["totals"]))],
               ["write → the first `call` event", p(cli["first_calls"], .5), p(cli["first_calls"], .9),
                ms(max(cli["first_calls"]))],
               ["the two processes, start to exit", p(cli["client_calls"], .5), p(cli["client_calls"], .9),
                ms(max(cli["client_calls"]))],
               ["  `reload` exited → the first call starts*", p(cli["to_starts"], .5), p(cli["to_starts"], .9),
                ms(max(cli["to_starts"]))],
               ["floor: `widgethost --version` twice", p(cli["floors"], .5), p(cli["floors"], .9),
                ms(max(cli["floors"]))]])
        notes += [f"cli part: {line}" for line in cli["oddities"]]
        if not cli["alive"]:
            failures.append("cli part: the daemon was gone at the end")
    if bus and cli:
        ratio = percentile(cli["totals"], .5) / percentile(bus["totals"], .5)
        share = percentile(bus["shares"], .5)
        print(f"\nGoals: the bus path {ratio:.1f}× faster than the CLI path end to end (p50; goal ≥ 5×):"
              f" {'met' if ratio >= 5 else 'NOT met'}; the daemon's share {ms(share)} p50 (goal ≤ 30 ms):"
              f" {'met' if share <= 0.030 else 'NOT met'}")

    if "soak" not in arguments.skip and not failures:
        try:
            result = soak(binary, arguments.soak_seconds, arguments.clients, context)
        except Failure as failure:
            failures.append(str(failure))
            result = None
        if result:
            print(f"\n3. Soak, {arguments.soak_seconds:g} s per phase; RSS rule: last ≤ first + 10 MiB,"
                  f" first taken {RSS_WARMUP} s into the phase")
            rows = [["phase", "Set/s achieved (goal)", "Set p50 / p99 / max", "> 10 ms", "read back",
                     "Changed signals / Sets", "daemon CPU per Set", "RSS first / max / last", "threads", "fds", "flat"]]
            for name, phase in result["phases"].items():
                results = phase["results"]
                sent = sum(r["sent"] for r in results)
                span = max(r["elapsed"] for r in results)
                goal = 1000 if name.startswith("one") else 50 * len(results)
                changed = sum(count for key, count in phase["signals"]["changed"].items()
                              if not key.endswith("Seq"))
                worst = max(results, key=lambda r: r["p99"])
                rss = phase["rss"]
                rows.append([name, f"{sent / span:.0f} ({goal})",
                             f"{us(statistics.median(r['p50'] for r in results))} / {us(worst['p99'])} /"
                             f" {ms(max(r['max'] for r in results))}",
                             str(sum(r["over10ms"] for r in results)),
                             f"{sum(phase['readback'])}/{len(results)}",
                             f"{changed}/{sent}",
                             us(phase["cpu"] / sent) if phase.get("cpu") is not None else "-",
                             f"{mib(rss['first'])} / {mib(rss['max'])} / {mib(rss['last'])}" if rss else "-",
                             "{} / {} / {}".format(*rss["threads"]) if rss else "-",
                             "{} / {} / {}".format(*rss["fds"]) if rss else "-",
                             ("yes" if rss["flat"] else "NO") if rss else "-"])
            table(rows)
            samples = result["samples"]
            if samples:
                print(f"RSS over the whole soak: {mib(samples[0][1])} at its start, {mib(max(s[1] for s in samples))}"
                      f" max, {mib(samples[-1][1])} at its end ({len(samples)} samples)")
            stopped = result["stopped"]
            if stopped[1] is not None:
                print(f"SIGTERM after the soak: exit status {stopped[0]} in {ms(stopped[1])}")
            failures += result["failures"]
            notes += [f"soak: {line}" for line in result["oddities"]]

    for note in notes:
        print(f"note: {note}")
    if failures:
        print("\nFAILED:", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    print("\nno hard failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
