#!/usr/bin/env python3
"""Wake-ups per second of an idle `widgethost run` daemon (issue 31: at most one a second).

    Benchmarks/idle-wakeups.py [WIDGETHOST] [--seconds 60] [--settle 10] [--threads]

Starts `WIDGETHOST run --http 127.0.0.1:0` on a data folder of its own with only the sample
bundles (the `.so` files beside the binary; default: `swift build --show-bin-path`), waits for
its `serving … at URL` line, lets it settle (the first timelines, the workers' start), then
counts context switches for `--seconds`: voluntary plus nonvoluntary, summed over every thread
of the daemon (/proc/PID/task/*/status), threads that ended meanwhile counted by the process's
totals. A thread that wakes and sleeps again costs one voluntary switch, so the sum is the
daemon's wake-ups. Workers are processes of their own and are not counted.

Two floors, measured in the same run over the same seconds:
- a `sleep` process: 0 wake-ups, the measurement's own noise;
- a Swift process that ran one task and one `DispatchQueue.global()` block, then waits
  (compiled at set-up with `swiftc`): libdispatch on Linux starts a monitor of its thread pools
  with the first pool thread, a timer on its manager thread every second for the rest of the
  process (`_dispatch_workq_init_once`), so no Swift process that used the pool wakes less
  than once a second.

`--threads` also prints each thread's switches (its name from /proc/PID/task/TID/comm): what
wakes the daemon.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from widgethost_daemon import Daemon, Failure  # noqa: E402


def switches(status_path):
    total = 0
    try:
        with open(status_path) as status:
            for line in status:
                if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                    total += int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return total


def per_thread(pid):
    """{tid: (name, switches)} for every live thread of `pid`."""
    threads = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
        except (FileNotFoundError, ProcessLookupError):
            continue
        threads[task.name] = (name, switches(task / "status"))
    return threads


SWIFT_FLOOR = """
import Dispatch
import Glibc
// One task on the cooperative pool and one block on a global queue, as the daemon runs; then
// nothing, for ever.
let done = DispatchSemaphore(value: 0)
Task.detached { done.signal() }
done.wait()
DispatchQueue.global().async { done.signal() }
done.wait()
while true { pause() }
"""


def start_swift_floor(folder, swiftc, seconds):
    """The idle Swift process, started; nil (and a note) when it cannot be compiled."""
    source = Path(folder, "idle_floor.swift")
    source.write_text(SWIFT_FLOOR)
    binary = Path(folder, "idle_floor")
    built = subprocess.run([swiftc, "-O", "-o", str(binary), str(source)], capture_output=True, text=True)
    if built.returncode != 0:
        print(f"note: no Swift floor ({swiftc} failed: {built.stderr.strip()[:200]})")
        return None
    return subprocess.Popen([str(binary)])


def measure(pid, seconds, show_threads):
    """Wake-ups per second over `seconds`, read every half second, so that a thread that ends
    meanwhile (an idle dispatch thread let go) loses at most its last half second's switches."""
    first = per_thread(pid)
    last = dict(first)
    counted = {tid: 0 for tid in first}
    names = {tid: name for tid, (name, _) in first.items()}
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        time.sleep(min(0.5, max(0.0, seconds - (time.monotonic() - started))))
        for tid, (name, count) in per_thread(pid).items():
            counted[tid] = counted.get(tid, 0) + count - last.get(tid, (name, 0))[1]
            last[tid] = (name, count)
            names[tid] = name
    elapsed = time.monotonic() - started
    total = sum(counted.values())
    if show_threads:
        for tid, delta in sorted(counted.items(), key=lambda item: -item[1]):
            if delta:
                new = " (started meanwhile)" if tid not in first else ""
                print(f"  {names[tid]:<24} tid {tid:>7}: {delta:6d} switches{new}")
    return total / elapsed, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("widgethost", nargs="?", help="the widgethost binary (default: swift build --show-bin-path)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--settle", type=float, default=10)
    parser.add_argument("--threads", action="store_true", help="print each thread's switches")
    parser.add_argument("--run-option", action="append", default=[], help="one more `run` option")
    parser.add_argument("--swiftc", default="swiftc", help="the compiler of the Swift floor")
    arguments = parser.parse_args()
    binary = arguments.widgethost
    if binary is None:
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True, check=True)
        binary = os.path.join(bin_path.stdout.strip(), "widgethost")

    with tempfile.TemporaryDirectory(prefix="widgethost-idle-") as data:
        daemon = Daemon(binary, data, run_options=arguments.run_option)
        try:
            url = daemon.start()
            print(f"daemon pid {daemon.process.pid} serving at {url}; settling {arguments.settle:g} s")
            time.sleep(arguments.settle)
            floor = subprocess.Popen(["sleep", str(arguments.seconds + 5)])
            swift_floor = start_swift_floor(data, arguments.swiftc, arguments.seconds)
            time.sleep(1)  # the Swift floor's start is not counted
            floors = [process for process in (floor, swift_floor) if process]
            floors_before = [sum(switches(status) for status in Path(f"/proc/{process.pid}/task").glob("*/status"))
                             for process in floors]
            rate, elapsed = measure(daemon.process.pid, arguments.seconds, arguments.threads)
            floor_rates = [(sum(switches(status) for status in Path(f"/proc/{process.pid}/task").glob("*/status")) - before)
                           / elapsed for process, before in zip(floors, floors_before)]
            for process in floors:
                process.kill()
                process.wait()
            if daemon.process.poll() is not None:
                raise Failure(f"the daemon ended during the measurement:\n{daemon.log_tail()}")
            print(f"idle daemon: {rate:.2f} wake-ups/s over {elapsed:.1f} s")
            print(f"floor, a sleeping process in the same run: {floor_rates[0]:.2f}/s")
            if swift_floor:
                print(f"floor, an idle Swift process that used the pool, in the same run: {floor_rates[1]:.2f}/s")
            events = [line for line in daemon.lines[-20:] if line and not line.startswith("serving")]
            if events:
                print("its last event lines:\n  " + "\n  ".join(events[-5:]))
        except Failure as failure:
            print(f"idle-wakeups: {failure}", file=sys.stderr)
            return 1
        finally:
            daemon.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
