#!/usr/bin/env python3
"""The desktop home screen's goals (issue 31), on headless Sway with a 2× output:

    Benchmarks/desktop-goals.py [WIDGETHOST] [--rounds 40] [--idle-seconds 60]

- **Event to pixels**: from the daemon's entry event reaching `widgethost desktop` to the new
  pixels committed on the surface, less the render itself; and to the compositor's frame
  callback (the frame that shows them). From `desktop --trace-frames`' lines.
- **An app's change to the widget on screen**: `defaults write` then `reload` (two CLI
  processes, as an app's helper runs them) until the desktop commits the Counter's new pixels,
  beside the floor of two bare CLI starts (`widgethost --version` twice) in the same rounds; the
  daemon's and the desktop's share is the difference.
- **Idle**: context switches a second of the daemon (its workers, processes of their own, not
  counted, as in Benchmarks/idle-wakeups.py) and of the desktop, once every widget is drawn and
  nothing is due: the widgets with something to do (the Movie Planner's minutely movie, FishGo's
  counting "updated … ago") are removed first.
- **Memory**: the desktop's PSS with 20 widgets on the 2× output.

Default binary: `swift build -c release --show-bin-path`'s widgethost. Needs sway, grim, pillow
and pywayland, as scripts/desktop-check.py does.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from widgethost_daemon import Daemon, Failure  # noqa: E402
from headless_sway import Sway  # noqa: E402
from desktop_session import Desktop  # noqa: E402

COUNTER_GROUP = "group.dev.widgethost.counter"
# 20 widgets, every family the samples draw except the Clock (whose seconds count).
WIDGETS = ([("CounterWidget", "systemSmall")] + [("CounterWidget", "systemMedium")] * 2 + [("CounterWidget", "systemLarge")]
           + [("PillarWidget", "systemSmall")] * 4 + [("MoviePlannerWidget", "systemMedium")] * 4
           + [("MoviePlannerWidget", "systemLarge")] + [("FishGoWidget", "systemSmall")] * 4
           + [("FishGoWidget", "accessoryRectangular")] * 3)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def task_switches(pids):
    """Each thread's context switches so far, by (pid, tid)."""
    counts = {}
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*"):
            try:
                total = 0
                for line in (task / "status").read_text().splitlines():
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
                counts[(pid, task.name)] = total
            except FileNotFoundError:
                pass
    return counts


def wakeups(pids_of, seconds):
    """Context switches of the processes over `seconds`, threads that start or end meanwhile
    included: the threads are read twice a second (which does not wake them) and each keeps the
    last count seen."""
    first = task_switches(pids_of())
    last = dict(first)
    deadline = time.monotonic() + seconds
    while True:
        for key, count in task_switches(pids_of()).items():
            first.setdefault(key, 0)  # a thread started meanwhile: all of its switches count
            last[key] = count
        if time.monotonic() >= deadline:
            break
        time.sleep(0.5)
    busiest = sorted(((last[key] - first[key], key) for key in last), reverse=True)[:4]
    names = []
    for count, (pid, tid) in busiest:
        try:
            names.append(f"{Path(f'/proc/{pid}/task/{tid}/comm').read_text().strip()} {count}")
        except FileNotFoundError:
            names.append(f"(ended) {count}")
    print(f"  busiest threads of {pids_of()}: {', '.join(names)}")
    return sum(last[key] - first[key] for key in last)


def pss_kib(pid):
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    raise Failure(f"no Pss in /proc/{pid}/smaps_rollup")


def cli(binary, data_dir, *arguments):
    subprocess.run([binary, *arguments, "--data-dir", str(data_dir)], check=True, capture_output=True)


def ms(nanoseconds):
    return f"{nanoseconds / 1e6:.1f} ms"


def release_binary(argument):
    """The widgethost named, or the release build's (`swift build -c release --show-bin-path`)."""
    if argument is None:
        found = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], capture_output=True, text=True, check=True)
        argument = os.path.join(found.stdout.strip(), "widgethost")
    return str(Path(argument).resolve())


def start_home_screen(binary, data_dir, environment, daemon, backend="wayland"):
    """WIDGETS added, the daemon and the desktop started on the display `environment` names, and
    the Counter drawn with its first entry: the desktop and the instances' ids (the small
    Counter's first)."""
    ids = [daemon.add_instance(kind, family) for kind, family in WIDGETS]
    daemon.start()
    desktop = Desktop(binary, data_dir, environment, backend=backend)
    desktop.wait_for_note("connected to")
    # Every widget drawn with its entry (the first draws may be cards, before the entries).
    reload_counter(binary, data_dir, desktop, ids[0], 0)
    return desktop, ids


def reload_counter(binary, data_dir, desktop, counter, count):
    """The Counter's group set to `count` and the kind reloaded (`defaults write` + `reload`),
    then its first frame for an event after that began: when it began (monotonic ns), and the
    frame's trace."""
    desktop.drain()
    started = time.monotonic_ns()
    cli(binary, data_dir, "defaults", "write", COUNTER_GROUP, "count", str(count), "--type", "int")
    cli(binary, data_dir, "reload", "CounterWidget")
    while True:
        frame = desktop.wait_for_frame(counter, f"after the reload to count {count}")
        if frame.get("eventNs", 0) > started:
            return started, frame


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("widgethost", nargs="?")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--idle-seconds", type=int, default=60)
    arguments = parser.parse_args()
    binary = release_binary(arguments.widgethost)
    folder = Path(tempfile.mkdtemp(prefix="widgethost-desktop-goals-"))
    os.chmod(folder, 0o755)  # Sway, as nobody under root, reaches its folder through this one
    data_dir = folder / "data"
    sway = Sway(folder / "sway", (1280, 720), 2)
    daemon = Daemon(binary, data_dir, run_options=["--budget", "86400"])
    desktop = None
    try:
        sway.start()
        desktop, ids = start_home_screen(binary, data_dir, sway.environment, daemon)
        counter = ids[0]

        rounds, floors, beyond_commit, beyond_frame, renders = [], [], [], [], []
        for number in range(1, arguments.rounds + 1):
            started = time.monotonic_ns()
            cli(binary, data_dir, "--version")
            cli(binary, data_dir, "--version")
            floors.append(time.monotonic_ns() - started)

            started, frame = reload_counter(binary, data_dir, desktop, counter, 1000 + number)
            rounds.append(frame["committedNs"] - started)
            render = frame["renderMs"] * 1e6
            renders.append(render)
            beyond_commit.append(frame["committedNs"] - frame["eventNs"] - render)
            beyond_frame.append(frame["shownNs"] - frame["eventNs"] - render)

        floor = statistics.median(floors)
        shares = [value - floor for value in rounds]
        print(f"event to pixels committed, beyond the render: p50 {ms(percentile(beyond_commit, 0.5))}, "
              f"p99 {ms(percentile(beyond_commit, 0.99))} (render p50 {ms(percentile(renders, 0.5))})")
        print(f"event to the compositor's frame callback, beyond the render: p50 {ms(percentile(beyond_frame, 0.5))}, "
              f"p99 {ms(percentile(beyond_frame, 0.99))}")
        print(f"change to screen (defaults write + reload until the desktop commits): p50 {ms(percentile(rounds, 0.5))}, "
              f"p90 {ms(percentile(rounds, 0.9))}; floor (two bare CLI starts) p50 {ms(floor)}; "
              f"beyond the floor p50 {ms(percentile(shares, 0.5))}, p90 {ms(percentile(shares, 0.9))}")

        print(f"desktop PSS with {len(ids)} widgets on a 2x output: {pss_kib(desktop.process.pid) / 1024:.1f} MiB")

        # Idle: no widget with anything to do. The Movie Planner shows a new movie every minute
        # and FishGo's "updated 5 min ago" counts (redrawn each second, as on iOS), so their
        # instances go first; then a pause for the last events to settle.
        for (kind, _), instance in zip(WIDGETS, ids):
            if kind in ("MoviePlannerWidget", "FishGoWidget"):
                cli(binary, data_dir, "instances", "remove", instance)
        time.sleep(10)
        desktop.drain()
        counted = {}
        measure = [threading.Thread(target=lambda: counted.__setitem__("daemon", wakeups(lambda: [daemon.process.pid], arguments.idle_seconds))),
                   threading.Thread(target=lambda: counted.__setitem__("desktop", wakeups(lambda: [desktop.process.pid], arguments.idle_seconds)))]
        for thread in measure:
            thread.start()
        for thread in measure:
            thread.join()
        daemon_rate = counted["daemon"] / arguments.idle_seconds
        desktop_rate = counted["desktop"] / arguments.idle_seconds
        redrawn = []
        while not desktop.frames.empty():
            redrawn.append(desktop.frames.get_nowait()["instance"])
        print(f"widgets drawn while idle: {len(redrawn)}")
        print(f"idle over {arguments.idle_seconds} s: daemon {daemon_rate:.2f} and desktop {desktop_rate:.2f} context switches a second, "
              f"{daemon_rate + desktop_rate:.2f} together")
    except Failure as failure:
        print(f"desktop goals FAILED: {failure}\n{daemon.log_tail()}", file=sys.stderr)
        sys.exit(1)
    finally:
        if desktop:
            desktop.stop()
        daemon.stop()
        sway.stop()


if __name__ == "__main__":
    main()
