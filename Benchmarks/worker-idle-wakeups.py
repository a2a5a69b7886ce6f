#!/usr/bin/env python3
"""Wake-ups per second of idle workers, thread by thread (issue 40: the worker's main run loop
must cost nothing at rest).

    Benchmarks/worker-idle-wakeups.py WIDGETHOST BUNDLES [--seconds 30] [--settle 10]

Starts `WIDGETHOST run --bundles BUNDLES --worker-idle 0` (the scripts' daemon also loads the
samples beside the binary), so that each bundle's worker stays, lets it settle (the first timelines), then counts every worker's context
switches for `--seconds`, each thread named (/proc/PID/task/TID/comm): the main thread (named as
the process), which now runs the main run loop, the call threads, the overrun watch. A thread that
wakes and sleeps again costs one voluntary switch, so its count is its wake-ups.

The floor, in the same run over the same seconds: a `sleep` process (0 wake-ups: the
measurement's own noise).
"""
import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from widgethost_daemon import Daemon  # noqa: E402

idle_wakeups = __import__("idle-wakeups")


def workers(daemon_pid):
    """The pids of the daemon's worker processes (its children running widgethost-worker)."""
    found = []
    for task in Path(f"/proc/{daemon_pid}/task").iterdir():
        try:
            children = (task / "children").read_text().split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        for child in children:
            try:
                arguments = Path(f"/proc/{child}/cmdline").read_bytes().decode(errors="replace").split("\0")
            except (FileNotFoundError, ProcessLookupError):
                continue
            # A forked worker keeps the fork server's command line; the server itself has one
            # thread, a worker at least three (its main run loop, its calls, the overrun watch).
            is_server = "--fork-server" in arguments and len(list(Path(f"/proc/{child}/task").iterdir())) == 1
            if arguments[0].endswith("widgethost-worker") and not is_server:
                found.append(int(child))
    return sorted(found)


def bundle_of(pid, folders):
    """The bundle file `pid` has mapped from one of `folders` (BUNDLES, and the samples beside the
    binary, which the daemon also loads); "?" before it loads one."""
    folders = {str(Path(folder).resolve()) for folder in folders}
    try:
        for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
            path = line.split()[-1]
            if str(Path(path).parent) in folders and path.endswith(".so"):
                return Path(path).name
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("widgethost")
    parser.add_argument("bundles")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--settle", type=float, default=10)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="widgethost-worker-idle-") as data:
        daemon = Daemon(arguments.widgethost, data, run_options=[
            "--bundles", arguments.bundles, "--worker-idle", "0"])
        try:
            daemon.start()
            time.sleep(arguments.settle)
            pids = workers(daemon.process.pid)
            if not pids:
                sys.exit("no worker found under the daemon")
            floor = subprocess.Popen(["sleep", str(arguments.seconds + 5)])
            before = {pid: idle_wakeups.per_thread(pid) for pid in pids}
            floor_before = idle_wakeups.switches(f"/proc/{floor.pid}/status")
            started = time.monotonic()
            time.sleep(arguments.seconds)
            elapsed = time.monotonic() - started
            floor_rate = (idle_wakeups.switches(f"/proc/{floor.pid}/status") - floor_before) / elapsed
            floor.kill()
            print(f"{len(pids)} idle workers over {elapsed:.1f} s; floor (sleep): {floor_rate:.2f} wake-ups/s")
            for pid in pids:
                after = idle_wakeups.per_thread(pid)
                total = 0
                lines = []
                for tid, (name, count) in sorted(after.items()):
                    delta = count - before[pid].get(tid, (name, 0))[1]
                    total += delta
                    role = "main" if tid == str(pid) else "other"
                    lines.append(f"    {name:<16} ({role}, tid {tid}): {delta / elapsed:.2f}/s")
                print(f"  worker {pid} ({bundle_of(pid, [arguments.bundles, Path(arguments.widgethost).resolve().parent])}): {total / elapsed:.2f} wake-ups/s")
                print("\n".join(lines))
        finally:
            daemon.stop()


if __name__ == "__main__":
    main()
