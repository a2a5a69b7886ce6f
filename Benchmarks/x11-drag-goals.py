#!/usr/bin/env python3
"""Edit mode's drag on X11 (issue 42), under Xvfb: the X11 half of Benchmarks/edit-mode-goals.py's
drag, with its 20 widgets (desktop-goals.py's) on a 2× screen (2560 × 1440 pixels, GDK_SCALE=2):

    Benchmarks/x11-drag-goals.py [WIDGETHOST] [--floor-rounds 30] [--drags 2]

A long press on empty space enters edit mode (held until a screenshot shows the Counter's remove
badge); the small Counter is then pressed and moved in steps of 5 points (`xdotool mousemove`,
one process a step, as desktop-x11-check.py drives the pointer) right across the grid, down, back
left and up, `--drags` times, each released where it began. Per move, from `desktop
--trace-frames`' drag lines: the motion's arrival to the window's page presented (`xcb_flush`
after the canvas was copied), the editor's share apart, and on to the X server's answer to a
round trip made after it (everything before it drawn). X11 has no frame callback, so that answer
stands for the compositor's; the goal is the one the Wayland drag has: ≤ 8 ms p99 to the commit.
Floor, in the same run and before edit mode: a plain redraw, the Counter's new entry (`defaults
write` + `reload`), from its event reaching the desktop to its pixels presented.

Default binary: `swift build -c release --show-bin-path`'s widgethost. Needs Xvfb, xdotool,
ImageMagick's `import` and pillow, as scripts/desktop-x11-check.py does. Prints the figures; exits
1 only when a step fails (edit mode not entered, no drag traced).
"""
import argparse
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "scripts"))
from widgethost_daemon import Daemon, Failure, frame_points, wait_until  # noqa: E402
from desktop_session import VirtualScreen, empty_point, require_pillow  # noqa: E402


def module(name, file):
    """A benchmark script's functions: their file names are not module names."""
    spec = importlib.util.spec_from_file_location(name, HERE / file)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


goals = module("desktop_goals", "desktop-goals.py")
editing = module("edit_mode_goals", "edit-mode-goals.py")
OUTPUT, SCALE, TIMEOUT = editing.OUTPUT, editing.SCALE, editing.TIMEOUT


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("widgethost", nargs="?")
    parser.add_argument("--floor-rounds", type=int, default=30)
    parser.add_argument("--drags", type=int, default=2)
    arguments = parser.parse_args()
    require_pillow("x11-drag-goals.py")
    binary = goals.release_binary(arguments.widgethost)
    folder = Path(tempfile.mkdtemp(prefix="widgethost-x11-drag-goals-"))
    data_dir = folder / "data"
    screen = VirtualScreen((OUTPUT[0] * SCALE, OUTPUT[1] * SCALE))
    daemon = Daemon(binary, data_dir, run_options=["--budget", "86400"])
    desktop = None
    print(f"load average at start: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    try:
        screen.start()
        environment = dict(screen.environment(), GDK_SCALE=str(SCALE))
        desktop, ids = goals.start_home_screen(binary, data_dir, environment, daemon, backend="x11")
        counter = ids[0]

        # The floor: a plain redraw outside edit mode.
        floor = []
        for number in range(1, arguments.floor_rounds + 1):
            _, frame = goals.reload_counter(binary, data_dir, desktop, counter, 1000 + number)
            floor.append(frame["committedNs"] - frame["eventNs"])

        def pointer(*steps):
            screen.run("xdotool", *steps)

        def pixels(point):
            return [str(round(value * SCALE)) for value in point]

        tiles = daemon.home_tiles(*OUTPUT)
        frame = frame_points(tiles[counter]["frame"])
        empty = empty_point(tiles, OUTPUT)
        pointer("mousemove", *pixels(empty), "mousedown", "1")
        entered = wait_until(lambda: editing.badge_shown(screen.screenshot(), frame), TIMEOUT, interval=0.1)
        pointer("mouseup", "1")
        if not entered:
            raise Failure(f"a long press on empty space at {empty} did not enter edit mode (no remove badge at {frame[:2]})")
        print(f"edit mode entered by a long press at {empty}; {len(tiles)} widgets")

        start = (round(frame[0] + frame[2] / 2), round(frame[1] + frame[3] / 2))
        right, low = OUTPUT[0] - 200, OUTPUT[1] - 150
        moves = editing.path([start, (right, start[1]), (right, low), (start[0], low), start])
        load = []
        for _ in range(arguments.drags):
            pointer("mousemove", *pixels(start), "mousedown", "1")
            for point in moves:
                pointer("mousemove", *pixels(point))
            load.append(os.getloadavg()[0])
            pointer("mouseup", "1")

        drags = [line for line in desktop.drags if "drag" in line]
        if not drags:
            raise Failure("no drag frame was traced (is this widgethost's desktop older than its X11 drag trace?)")
        commit = [line["committedNs"] - line["eventNs"] for line in drags]
        editor = [line["editorNs"] for line in drags]
        shown = [line["shownNs"] - line["committedNs"] for line in drags]
        print(f"load average during the drags: {', '.join(f'{value:.1f}' for value in load)}")
        print(f"drag frames: {len(drags)}; motions sent: {arguments.drags * len(moves)}")
        print(f"drag: motion's arrival to the page presented: {editing.summary(commit)}")
        print(f"  the editor's share: {editing.summary(editor)}")
        print(f"  presented to the X server's round trip: {editing.summary(shown)}")
        print(f"floor, a plain redraw (entry event to the Counter's new pixels presented): {editing.summary(floor)}")
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    except Failure as failure:
        print(f"x11-drag-goals FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    finally:
        if desktop:
            desktop.stop()
        daemon.stop()
        screen.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
