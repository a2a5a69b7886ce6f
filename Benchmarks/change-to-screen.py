#!/usr/bin/env python3
"""From an app's change to the widget on screen (issue 31): `defaults write` then `reload`, two
CLI processes as an app's helper runs them, until `widgethost watch` prints the new line.

    Benchmarks/change-to-screen.py [WIDGETHOST] [--rounds 30] [--family systemSmall]

Starts `WIDGETHOST run` on a data folder of its own with only the sample bundles (the `.so`
files beside the binary; default: `swift build -c release --show-bin-path`) and `watch CounterWidget
--family systemSmall` on it, then, each round, writes the Counter sample's `count` (a new
number) with `defaults write`, asks `reload CounterWidget`, and waits for the watcher's line that shows
that number. The time of a round is from starting `defaults write` to reading that line.

The floor, in the same run and interleaved with the rounds: two bare CLI starts one after the
other (`widgethost --version`, twice), what the two processes cost before the daemon does
anything. The daemon's share is a round's time less the floor's median; printed as p50 and
p90 over the rounds.
"""
import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from widgethost_daemon import Daemon, Failure  # noqa: E402

# The Counter sample shows the App Group's `count` (samples/CounterWidget).
KIND = "CounterWidget"
COUNTER_GROUP = "group.dev.widgethost.counter"


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


class Watcher:
    """`watch KIND --family F` with its lines read as they come, each stamped on arrival."""

    def __init__(self, daemon, kind, family):
        self.process = subprocess.Popen(
            [daemon.binary, "watch", kind, "--family", family, *daemon.store_options],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), line))
        self.lines.put((time.monotonic(), None))

    def wait_for_count(self, count, timeout=30):
        """The time the line showing `count` arrived."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Failure(f"watch printed no line with count {count} within {timeout} s")
            try:
                at, line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                raise Failure("watch ended")
            state = json.loads(line)
            if ((state.get("entry") or {}).get("content") or {}).get("count") == count:
                return at

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def run_cli(daemon, *arguments):
    subprocess.run([daemon.binary, *arguments, *daemon.store_options], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("widgethost", nargs="?", help="the widgethost binary (default: the release build's)")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--family", default="systemSmall")
    parser.add_argument("--log", action="store_true", help="print the daemon's last event lines")
    arguments = parser.parse_args()
    binary = arguments.widgethost
    if binary is None:
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"],
                                  capture_output=True, text=True, check=True)
        binary = os.path.join(bin_path.stdout.strip(), "widgethost")

    with tempfile.TemporaryDirectory(prefix="widgethost-change-") as data:
        # A budget no run of this script spends: every round's reload is made at once.
        daemon = Daemon(binary, data, run_options=["--budget", "86400"])
        watcher = None
        try:
            daemon.start()
            watcher = Watcher(daemon, KIND, arguments.family)
            # The first line: the widget as the daemon shows it now (its initial timeline).
            run_cli(daemon, "defaults", "write", COUNTER_GROUP, "count", "0", "--type", "int")
            run_cli(daemon, "reload", KIND)
            watcher.wait_for_count(0, timeout=90)
            rounds, floors, writes, reloads, afters = [], [], [], [], []
            for round_number in range(1, arguments.rounds + 1):
                started = time.monotonic()
                run_cli(daemon, "--version")
                run_cli(daemon, "--version")
                floors.append(time.monotonic() - started)

                count = 1000 + round_number
                started = time.monotonic()
                run_cli(daemon, "defaults", "write", COUNTER_GROUP, "count", str(count), "--type", "int")
                written = time.monotonic()
                run_cli(daemon, "reload", KIND)
                requested = time.monotonic()
                shown = watcher.wait_for_count(count)
                rounds.append(shown - started)
                writes.append(written - started)
                reloads.append(requested - written)
                afters.append(shown - requested)
            floor = statistics.median(floors)
            shares = [value - floor for value in rounds]
            ms = lambda seconds: f"{seconds * 1000:.0f} ms"  # noqa: E731
            print(f"{arguments.rounds} rounds, {KIND} ({arguments.family}), {binary}")
            print(f"change to screen: p50 {ms(percentile(rounds, 0.5))}, p90 {ms(percentile(rounds, 0.9))}")
            print(f"floor, two bare CLI starts: p50 {ms(percentile(floors, 0.5))}, p90 {ms(percentile(floors, 0.9))}")
            print(f"the daemon's share (beyond the floor's p50): p50 {ms(percentile(shares, 0.5))},"
                  f" p90 {ms(percentile(shares, 0.9))}")
            print(f"  by step (p50): defaults write {ms(percentile(writes, 0.5))}, reload {ms(percentile(reloads, 0.5))},"
                  f" reload's exit to the line {ms(percentile(afters, 0.5))}")
            if arguments.log:
                print(daemon.log_tail(12))
        except (Failure, subprocess.CalledProcessError) as failure:
            print(f"change-to-screen: {failure}\n{daemon.log_tail()}", file=sys.stderr)
            return 1
        finally:
            if watcher:
                watcher.stop()
            daemon.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
