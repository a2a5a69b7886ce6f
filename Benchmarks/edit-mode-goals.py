#!/usr/bin/env python3
"""The home screen's edit mode (issue 42), on headless Sway with a 2× output and the 20 widgets of
Benchmarks/desktop-goals.py:

    Benchmarks/edit-mode-goals.py [WIDGETHOST] [--floor-rounds 30] [--drags 2] [--idle-seconds 60] [--perf FILE] [--perf-gallery FILE] [--trace-out FILE]

- **A dragged widget follows the pointer.** A long press on empty space enters edit mode; the
  small Counter is pressed and moved in steps of 5 points (`swaymsg seat - cursor set`, one
  process a step, as scripts/desktop-check.py drives the pointer) right across the grid, down,
  back left and up, `--drags` times, each drag released where it began; then once to the right
  edge, held there until the page turns, and on across the next page. Per frame, from
  `desktop --trace-frames`' drag lines: the input's arrival (the motion, or the edge dwell's
  timer) to the commit that moves the dragged widget, the editor's share apart, and on to the
  compositor's frame callback. The desktop draws each motion at once, with no frame pending, so
  the motion is the start. Goal: ≤ 8 ms p99 to the commit.
  Floor, in the same run and before edit mode: a plain redraw, the Counter's new entry
  (`defaults write` + `reload`) from its event reaching the desktop to the commit of its new
  pixels, render included (and without it), as desktop-goals.py measures it.
- **The gallery.** In edit mode, a click on `+` (press and release, two `swaymsg` calls) opens
  the widget gallery, `--gallery-opens` times, each closed by its close button: per opening,
  from the release's arrival (the tap is recognised there) to the commit of the overlay drawn
  with the sheet, and to the frame callback; and from before the press was sent (the `swaymsg`
  processes included, an upper bound). With `--gallery-bundles N` (default 25), N generated
  bundles of two kinds each (scripts/generate-bundles.sh) are served beside the samples: 50
  kinds more. Goal: ≤ 150 ms after the press. The sheet's redraws within 2 s of opening are
  counted (previews whose entry came after the opening are drawn again then).
- **Memory.** The desktop's PSS at rest before edit mode, in edit mode after the drags, with the
  gallery open (goal ≤ 60 MiB), and at rest again after leaving edit mode (Done); goal: back to
  the first.
- **Idle after an edit.** With the widgets that have something to do removed (as
  desktop-goals.py does), the desktop's context switches a second once it is out of edit mode,
  beside the figure before any edit in desktop-goals.py.

With `--perf FILE`, `perf record -g` samples the desktop during the drags (then
`perf report -i FILE --no-children`); with `--perf-gallery FILE`, during the gallery's first
opening. Default binary: `swift build -c release --show-bin-path`'s widgethost. Needs sway, grim, pillow
and pywayland, as scripts/desktop-check.py does. Prints the figures; exits 1 only when a step
fails (edit mode not entered, no drag frames, the page not turned).
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scripts"))
from widgethost_daemon import Daemon, Failure, frame_points, get_json, kill_group, wait_until  # noqa: E402
from headless_sway import Sway, start_virtual_pointer  # noqa: E402
from desktop_session import empty_point  # noqa: E402

# desktop-goals.py's widgets and measures: its file name is not a module name.
_spec = importlib.util.spec_from_file_location("desktop_goals", HERE / "desktop-goals.py")
goals = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goals)
WIDGETS = goals.WIDGETS
percentile, pss_kib, wakeups, cli, ms = goals.percentile, goals.pss_kib, goals.wakeups, goals.cli, goals.ms

OUTPUT = (1280, 720)
SCALE = 2
# scripts/desktop-check.py's: the remove badge's grey, below its minus.
BADGE_GREY = (143, 143, 143)
STEP = 5  # points per motion
TIMEOUT = 60


def pss_by_mapping(pid):
    """The process's PSS (KiB) by kind of mapping: the main heap, anonymous memory (the other
    threads' malloc arenas and blocks too large for an arena), shared memory (the Wayland
    buffers, memfd), and files."""
    kinds, name = {}, None
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if fields and "-" in fields[0] and len(fields) >= 5 and not line.startswith(("Pss", "Rss")):
            path = fields[5] if len(fields) > 5 else ""
            name = ("shared memory (buffers)" if path.startswith(("/memfd:", "/dev/shm")) else
                    "heap (brk)" if path == "[heap]" else
                    "anonymous (malloc's other arenas, large blocks)" if path == "" or path.startswith("[anon") else
                    "stacks and others" if path.startswith("[") else "files")
        elif line.startswith("Pss:") and name:
            kinds[name] = kinds.get(name, 0) + int(fields[1])
    return kinds


def mapping_change(before, after):
    return ", ".join(f"{name} {(after.get(name, 0) - before.get(name, 0)) / 1024:+.1f}" for name in sorted(set(before) | set(after)))


def badge_shown(shot, frame):
    pixel = shot.getpixel((round(frame[0] * SCALE), round((frame[1] + 6) * SCALE)))
    return all(abs(channel - grey) <= 12 for channel, grey in zip(pixel, BADGE_GREY))


def path(points):
    """The pointer's positions from the first point through the others, STEP points apart."""
    steps = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        count = max(1, round(max(abs(x1 - x0), abs(y1 - y0)) / STEP))
        steps += [(round(x0 + (x1 - x0) * i / count), round(y0 + (y1 - y0) * i / count)) for i in range(1, count + 1)]
    return steps


def summary(values):
    return f"p50 {ms(percentile(values, 0.5))}, p99 {ms(percentile(values, 0.99))}, max {ms(max(values))} (n = {len(values)})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("widgethost", nargs="?")
    parser.add_argument("--floor-rounds", type=int, default=30)
    parser.add_argument("--drags", type=int, default=2)
    parser.add_argument("--idle-seconds", type=int, default=60)
    parser.add_argument("--perf", help="record the desktop's profile during the drags into this file")
    parser.add_argument("--perf-gallery", help="record the desktop's profile during the gallery's first opening into this file")
    parser.add_argument("--trace-out", help="write the drag's trace lines (JSON, one a line) to this file")
    parser.add_argument("--gallery-opens", type=int, default=5)
    parser.add_argument("--gallery-bundles", type=int, default=25)
    arguments = parser.parse_args()
    binary = goals.release_binary(arguments.widgethost)
    folder = Path(tempfile.mkdtemp(prefix="widgethost-edit-mode-goals-"))
    os.chmod(folder, 0o755)
    data_dir = folder / "data"
    sway = Sway(folder / "sway", OUTPUT, SCALE)
    generated = folder / "generated"
    if arguments.gallery_bundles:
        subprocess.run([str(HERE.parent / "scripts" / "generate-bundles.sh"), str(arguments.gallery_bundles), str(generated)],
                       check=True, capture_output=True)
    daemon = Daemon(binary, data_dir, run_options=["--budget", "86400", *(["--bundles", str(generated)] if arguments.gallery_bundles else [])])
    desktop = pointer = None
    print(f"load average at start: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    try:
        sway.start()
        pointer = start_virtual_pointer(sway.environment)
        desktop, ids = goals.start_home_screen(binary, data_dir, sway.environment, daemon)
        counter = ids[0]

        # The floor: a plain redraw outside edit mode.
        to_commit, beyond_render, floor_shown = [], [], []
        for number in range(1, arguments.floor_rounds + 1):
            _, frame = goals.reload_counter(binary, data_dir, desktop, counter, 1000 + number)
            to_commit.append(frame["committedNs"] - frame["eventNs"])
            beyond_render.append(frame["committedNs"] - frame["eventNs"] - frame["renderMs"] * 1e6)
            floor_shown.append(frame["shownNs"] - frame["committedNs"])
        time.sleep(2)
        pss_before = pss_kib(desktop.process.pid)
        mappings_before = pss_by_mapping(desktop.process.pid)

        tiles = daemon.home_tiles(*OUTPUT)
        pages = 1 + max(tile.get("page", 0) for tile in tiles.values())
        frame = frame_points(tiles[counter]["frame"])
        empty = empty_point(tiles, OUTPUT)
        sway.cursor("set", *empty)
        sway.cursor("press", "button1")
        entered = wait_until(lambda: badge_shown(sway.screenshot(folder / "shot.png"), frame), TIMEOUT, interval=0.1)
        sway.cursor("release", "button1")
        if not entered:
            raise Failure(f"a long press on empty space at {empty} did not enter edit mode (no remove badge at {frame[:2]})")
        print(f"edit mode entered by a long press at {empty}; {len(tiles)} widgets on {pages} page(s)")

        # Drags across the grid, each released where it began (which changes nothing).
        start = (round(frame[0] + frame[2] / 2), round(frame[1] + frame[3] / 2))
        right, low = OUTPUT[0] - 200, OUTPUT[1] - 150
        moves = path([start, (right, start[1]), (right, low), (start[0], low), start])
        load = []
        perf = None
        if arguments.perf:
            perf = subprocess.Popen(["perf", "record", "-g", "-F", "1999", "-p", str(desktop.process.pid), "-o", arguments.perf],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1)
        for number in range(arguments.drags):
            sway.cursor("set", *start)
            sway.cursor("press", "button1")
            for point in moves:
                sway.cursor("set", *point)
            load.append(os.getloadavg()[0])
            sway.cursor("release", "button1")
            time.sleep(1)
        within = len([line for line in desktop.drags if "drag" in line])
        if perf:
            perf.send_signal(2)  # SIGINT: perf writes its file and ends
            perf.wait(60)
        pss_editing = pss_kib(desktop.process.pid)

        # Once more, to the right edge, held until the page turns, then on across the next page.
        sway.cursor("set", *start)
        sway.cursor("press", "button1")
        edge = (OUTPUT[0] - 4, start[1])
        for point in path([start, edge]):
            sway.cursor("set", *point)
        turned = wait_until(lambda: any(line["page"] > 0 for line in desktop.drags if "drag" in line), TIMEOUT, interval=0.05)
        if turned:
            for point in path([edge, (OUTPUT[0] // 2, start[1]), (OUTPUT[0] // 2, low)]):
                sway.cursor("set", *point)
        sway.cursor("release", "button1")
        if not turned:
            raise Failure("the Counter held at the right edge did not turn the page")
        time.sleep(1)
        pss_editing = max(pss_editing, pss_kib(desktop.process.pid))

        # The gallery: `+` in the top margin (HomeEditChrome: a 28-point circle at the margin, 33).
        plus = (33 + 14, (33 - 28) // 2 + 14)
        kinds = len(get_json(daemon.url + "v1/kinds")["kinds"])
        opened, opened_shown, from_press, redraws, in_view = [], [], [], [], []
        pss_gallery = 0
        for number in range(arguments.gallery_opens):
            before = len([line for line in desktop.drags if "opened" in line])
            seen = len([line for line in desktop.shown if "sheet" in line])
            perf = None
            if arguments.perf_gallery and number == 0:
                perf = subprocess.Popen(["perf", "record", "-g", "-F", "4999", "-p", str(desktop.process.pid), "-o", arguments.perf_gallery],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(1)
            sent = time.monotonic_ns()
            sway.click(*plus)
            line = wait_until(lambda: ([line for line in desktop.drags if "opened" in line][before:] or [None])[0], TIMEOUT, interval=0.02)
            if perf:
                perf.send_signal(2)
                perf.wait(60)
            if not line:
                raise Failure(f"a click on + at {plus} opened no gallery (open {number + 1})")
            opened.append(line["committedNs"] - line["eventNs"])
            opened_shown.append(line["shownNs"] - line["eventNs"])
            from_press.append(line["committedNs"] - sent)
            time.sleep(2)
            sheets = [line for line in desktop.shown if "sheet" in line][seen:]
            redraws.append(len(sheets) - 1)
            in_view.append(sum(1 for target in sheets[0]["targets"] if "family/" in target))
            pss_gallery = max(pss_gallery, pss_kib(desktop.process.pid))
            close = sheets[-1]["targets"].get("widgethost-sheet:close")
            if not close:
                raise Failure(f"the gallery shows no close button: {sorted(sheets[-1]['targets'])}")
            sway.click(round((close[0] + close[2] / 2) / SCALE), round((close[1] + close[3] / 2) / SCALE))
            time.sleep(1)

        # Leave edit mode: Done, at the top right (HomeEditChrome: 64 × 28 points inside the margin).
        sway.click(OUTPUT[0] - 33 - 32, (33 - 28) // 2 + 14)
        frames = [frame_points(tile["frame"]) for tile in daemon.home_tiles(*OUTPUT).values()]
        if not wait_until(lambda: not any(badge_shown(sway.screenshot(folder / "shot.png"), frame) for frame in frames), TIMEOUT, interval=0.2):
            raise Failure("a click on Done did not leave edit mode: a remove badge is still drawn")
        time.sleep(3)
        pss_after = pss_kib(desktop.process.pid)
        mappings_after = pss_by_mapping(desktop.process.pid)

        drags = [line for line in desktop.drags if "drag" in line]
        if arguments.trace_out:
            Path(arguments.trace_out).write_text("".join(json.dumps(line) + "\n" for line in drags))
        if not drags:
            raise Failure("no drag frame was traced (is this widgethost's desktop older than its drag trace?)")
        commit = [line["committedNs"] - line["eventNs"] for line in drags]
        editor = [line["editorNs"] for line in drags]
        shown = [line["shownNs"] - line["committedNs"] for line in drags]
        turns = [i for i in range(1, len(drags)) if drags[i]["page"] != drags[i - 1]["page"]]
        steady = [value for i, value in enumerate(commit) if i not in turns]
        print(f"load average during the drags: {', '.join(f'{value:.1f}' for value in load)}")
        print(f"drag frames: {len(drags)} ({within} across the grid, {len(drags) - within} to the edge and the next page); "
              f"motions sent: {arguments.drags * len(moves) + len(path([start, edge]))}+")
        print(f"drag: input to the commit moving the widget: {summary(commit)}")
        print(f"  without the {len(turns)} page turn frame(s): {summary(steady)}; the turns: "
              f"{', '.join(ms(commit[i]) for i in turns)}")
        print(f"  the editor's share: {summary(editor)}")
        print(f"  commit to the compositor's frame callback: {summary(shown)}")
        print(f"floor, a plain redraw (entry event to the commit of the Counter's new pixels): {summary(to_commit)}")
        print(f"  beyond the render: {summary(beyond_render)}; commit to frame callback: {summary(floor_shown)}")
        print(f"gallery ({kinds} kinds), {len(opened)} openings: release to the commit of the sheet: {summary(opened)}; "
              f"first {ms(opened[0])}; to the frame callback: {summary(opened_shown)}")
        print(f"  from before the press was sent (two swaymsg processes included): {summary(from_press)}")
        print(f"  previews in the first drawing: {in_view}; the sheet drawn again within 2 s of opening: {redraws} time(s)")
        print(f"desktop PSS: before edit mode {pss_before / 1024:.1f} MiB, in edit mode {pss_editing / 1024:.1f} MiB, "
              f"with the gallery open {pss_gallery / 1024:.1f} MiB, after leaving edit mode {pss_after / 1024:.1f} MiB")
        print(f"  after leaving edit mode against before it, MiB: {mapping_change(mappings_before, mappings_after)}")

        for (kind, _), instance in zip(WIDGETS, ids):
            if kind in ("MoviePlannerWidget", "FishGoWidget"):
                cli(binary, data_dir, "instances", "remove", instance)
        time.sleep(10)
        counted = {}
        measure = threading.Thread(target=lambda: counted.__setitem__("desktop", wakeups(lambda: [desktop.process.pid], arguments.idle_seconds)))
        measure.start()
        measure.join()
        print(f"desktop idle after the edit, over {arguments.idle_seconds} s: {counted['desktop'] / arguments.idle_seconds:.2f} "
              f"context switches a second; PSS {pss_kib(desktop.process.pid) / 1024:.1f} MiB")
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
        print(f"median of the floor: {ms(statistics.median(to_commit))}")
    except Failure as failure:
        notes = "\n".join(desktop.notes[-20:]) if desktop else ""
        print(f"edit mode goals FAILED: {failure}\n{notes}\n{daemon.log_tail()}", file=sys.stderr)
        sys.exit(1)
    finally:
        if desktop:
            desktop.stop()
        if pointer:
            kill_group(pointer)
        daemon.stop()
        sway.stop()


if __name__ == "__main__":
    main()
