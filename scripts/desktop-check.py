#!/usr/bin/env python3
"""The desktop home screen on a real compositor: headless Sway, looked at with grim.

    scripts/desktop-check.py WIDGETHOST_BINARY [SCREENSHOT.png]

Starts Sway headless (one 1280×720-point output at scale 2, a solid background), a virtual
pointer so that its seat has one (scripts/wayland_pointer.py), a daemon with the samples and two
instances (a small Counter, a medium MoviePlanner), and `widgethost desktop`; then checks that
  - the Counter's pixels on the screenshot are the renderer's PNG of the same entry at scale 2
    (the daemon's current.png, over the background), at the cell `home list` gives it;
  - a click on its `+` (`swaymsg seat - cursor set X Y`, `cursor press/release button1`) makes
    the screenshot show the next count, from the intent's new timeline;
  - `home place … --page 1` moves the MoviePlanner to a second page at once, and a scroll
    (button5) shows that page;
  - after the daemon restarts, the desktop reconnects and a click counts again;
  - edit mode: a long press on empty space (button1 held until a screenshot shows the Counter's
    remove badge) enters it; the Counter dragged 4 columns right and 2 rows down is placed there
    in the store (`home list`); a click on empty space leaves edit mode (the badge goes); held at
    the right edge for the 0.6 s dwell (no motion meanwhile: the desktop's own timer), a widget
    turns the page and is dropped on the second page. Its screenshots are saved beside
    SCREENSHOT.png (NAME-edit-1-long-press.png, …);
  - without --appearance it follows the desktop's setting: a FishGo widget is drawn dark as a
    stand-in portal on a private session bus says (scripts/fake_portal.py), then light when the
    portal says the setting changed;
  - the sheets (scripts/desktop_sheets.py), by clicks and, with wtype's virtual keyboard, typing:
    the menu's "Add Widget…" opens the gallery, typing "clock" narrows it to the Clock, a click on
    the small Clock adds one (the API lists it); Edit Widget on the FishGo widget, "cap" typed in
    the spot picker's search, Cape chosen and Done, saves {"spot": "cape"}; the Clock's remove
    badge asks first, and Remove removes it.
    Their screenshots are saved beside SCREENSHOT.png (NAME-gallery.png, NAME-edit-widget.png, …).
Sway refuses to run as root: as root, it runs as `nobody`. Exits 1 naming the first failure.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from widgethost_daemon import Daemon, Failure, control_center, frame_points, get_json, kill_group, wait_until  # noqa: E402
import desktop_sheets  # noqa: E402
import desktop_stacks  # noqa: E402
from headless_sway import Sway, start_virtual_pointer  # noqa: E402
from desktop_session import (Desktop, PortalBus, crop_frame, difference, only_background, renderer_image,  # noqa: E402
                             require_pillow, wait_for_tile)

require_pillow("desktop check")

SCALE = 2
OUTPUT = (1280, 720)
BACKGROUND = (0x33, 0x66, 0x99)
# A hang guard for each awaited change, not a goal.
TIMEOUT = 60


def show_matches(sway, daemon, instance, tile, folder, what, appearance="light"):
    """Waits until the screenshot shows the instance as the renderer draws its current entry;
    returns the screenshot."""
    shot, share, _ = wait_for_tile(lambda: sway.screenshot(folder / "shot.png"), daemon.url, instance, tile["frame"], SCALE,
                                   BACKGROUND, what, appearance=appearance, keep=folder)
    print(f"ok: {what} ({share:.2%} of its pixels differ by more than 12)")
    return shot


def click_plus(sway, daemon, counter, tile):
    x, y = control_center(daemon.url, counter, "IncrementCountIntent", frame_points(tile["frame"])[:2])
    sway.click(round(x), round(y))


def count_of(daemon, counter):
    return json.dumps(get_json(f"{daemon.url}v1/instances/{counter}")["state"].get("entry", {}).get("content"))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = str(Path(sys.argv[1]).resolve())
    folder = Path(tempfile.mkdtemp(prefix="widgethost-desktop-check-"))
    os.chmod(folder, 0o755)
    data_dir = folder / "data"
    sway = Sway(folder / "sway", OUTPUT, SCALE, BACKGROUND)
    extra = desktop_sheets.extra_bundles(folder)
    daemon = Daemon(binary, data_dir, run_options=["--bundles", str(extra)])
    pointer = desktop = None
    try:
        sway.start()
        pointer = start_virtual_pointer(sway.environment)
        counter = daemon.add_instance("CounterWidget", "systemSmall")
        movie = daemon.add_instance("MoviePlannerWidget", "systemMedium")
        daemon.start()
        desktop = Desktop(binary, data_dir, sway.environment)
        desktop.wait_for_note("connected to")
        tiles = daemon.home_tiles(*OUTPUT)
        # The first entry may come after the first draw (the card of a widget with no entry yet).
        first = crop_frame(show_matches(sway, daemon, counter, tiles[counter], folder, "the Counter as first drawn"),
                           tiles[counter]["frame"], SCALE)

        before = count_of(daemon, counter)
        desktop.drain()
        started = time.monotonic()
        click_plus(sway, daemon, counter, tiles[counter])
        wait_until(lambda: count_of(daemon, counter) != before, TIMEOUT) or fail("the click on + performed nothing")
        desktop.wait_for_frame(counter, "after the click on +")
        print(f"ok: a click on + reached the screen in {time.monotonic() - started:.2f} s")
        shot = show_matches(sway, daemon, counter, tiles[counter], folder, "the Counter after a click on +")
        changed, _ = difference(crop_frame(shot, tiles[counter]["frame"], SCALE), first)
        if changed < 0.01:
            raise Failure(f"after the click, the Counter still looks as first drawn ({changed:.2%} of its pixels differ)")
        print(f"ok: the new count is on screen ({changed:.1%} of the tile's pixels changed)")

        daemon.cli("home", "place", movie, "--page", "1", "--cell", "0,0")
        desktop.drain()
        if not wait_until(lambda: movie_hidden(sway, tiles[movie], folder), TIMEOUT):
            raise Failure("the MoviePlanner still shows on the first page after `home place --page 1`")
        print("ok: `home place --page 1` took the MoviePlanner off the first page at once")
        x, y = (round(v) for v in frame_points(tiles[counter]["frame"])[:2])
        sway.cursor("set", x + 400, y + 300)
        sway.cursor("press", "button5")
        sway.cursor("release", "button5")
        desktop.wait_for_frame(movie, "after scrolling to the second page")
        if movie_hidden(sway, daemon.home_tiles(*OUTPUT)[movie], folder):
            raise Failure("a scroll did not show the second page with the MoviePlanner")
        print("ok: a scroll shows the second page, with the MoviePlanner")
        sway.cursor("press", "button4")
        sway.cursor("release", "button4")
        desktop.wait_for_frame(counter, "after scrolling back to the first page")

        notes_before = len(desktop.notes)
        daemon.stop()
        desktop.wait_for_note("went away", notes_before)
        daemon = Daemon(binary, data_dir, run_options=["--bundles", str(extra)])
        daemon.start()
        desktop.wait_for_note("connected to", notes_before)
        before = count_of(daemon, counter)
        desktop.drain()
        click_plus(sway, daemon, counter, tiles[counter])
        wait_until(lambda: count_of(daemon, counter) != before, TIMEOUT) or fail("after the restart, the click on + performed nothing")
        desktop.wait_for_frame(counter, "after the restart and a click")
        show_matches(sway, daemon, counter, tiles[counter], folder, "the Counter after the daemon restarted and a click")
        edit_shots = Path(sys.argv[2]).parent if len(sys.argv) > 2 else folder
        shots_name = Path(sys.argv[2]).stem if len(sys.argv) > 2 else "desktop-wayland"
        check_edit_mode(sway, daemon, counter, tiles[counter], folder, edit_shots, shots_name)
        check_edge_dwell(sway, daemon, desktop, counter, movie, folder, edit_shots, shots_name)

        # The appearance: the FishGo sample, whose light and dark faces differ (the Counter's do not).
        desktop.stop()
        fishgo = daemon.add_instance("FishGoWidget", "systemSmall")
        fishgo_tile = wait_until(lambda: daemon.home_tiles(*OUTPUT).get(fishgo), TIMEOUT)
        bus = PortalBus("dark")
        try:
            desktop = Desktop(binary, data_dir, {**sway.environment, "DBUS_SESSION_BUS_ADDRESS": bus.address}, appearance=None)
            desktop.wait_for_note("connected to")
            shot = show_matches(sway, daemon, fishgo, fishgo_tile, folder, "FishGo dark, as the portal says", appearance="dark")
            light = renderer_image(daemon.url, fishgo, SCALE, BACKGROUND, appearance="light")
            unlike, _ = difference(crop_frame(shot, fishgo_tile["frame"], SCALE), light)
            if unlike < 0.05:
                raise Failure(f"FishGo drawn dark looks light ({unlike:.1%} of its pixels differ from the light one)")
            print(f"ok: dark, as the desktop's setting (the portal) says ({unlike:.0%} of the tile unlike light)")
            bus.set_scheme("light")
            show_matches(sway, daemon, fishgo, fishgo_tile, folder, "FishGo light as soon as the desktop's setting changed")
            check_sheets(sway, daemon, desktop, fishgo, folder, extra, edit_shots, shots_name)
            stacked = desktop_stacks.prepare(daemon)
            desktop_stacks.check_stack_and_swipe(
                SwayStackDriver(sway, folder), daemon, desktop, OUTPUT, stacked, NamedShots(edit_shots, shots_name))
        finally:
            bus.stop()
        if len(sys.argv) > 2:
            shutil.copy(folder / "shot.png", sys.argv[2])
        print("desktop check passed")
    except Failure as failure:
        print(f"desktop check FAILED: {failure}\n(files in {folder}; the daemon's last lines:)\n{daemon.log_tail()}", file=sys.stderr)
        sys.exit(1)
    finally:
        if desktop:
            desktop.stop()
        if pointer:
            kill_group(pointer)
        daemon.stop()
        sway.stop()


class SwayDriver:
    """What scripts/desktop_sheets.py drives the sheets with: the seat's cursor (pixels / SCALE),
    and wtype's virtual keyboard (virtual-keyboard-unstable-v1) for typing and keys."""

    def __init__(self, sway, folder):
        self.sway = sway
        self.folder = folder

    def type(self, text):
        # wtype makes a keyboard of its own with a keymap for these characters; keys it sends at
        # once after making it did not reach the desktop under Sway 1.7 (the run tried without
        # -s), so it waits a second first. Not a bound on the desktop: the check then waits for
        # the sheet that shows the typed text.
        subprocess.run(["wtype", "-s", "1000", text], env=self.sway.environment, check=True, capture_output=True)

    def key(self, name):
        subprocess.run(["wtype", "-k", name], env=self.sway.environment, check=True, capture_output=True)

    def click(self, x, y, button=1):
        self.sway.cursor("set", x // SCALE, y // SCALE)
        self.sway.cursor("press", f"button{button}")
        self.sway.cursor("release", f"button{button}")

    def screenshot(self):
        return self.sway.screenshot(self.folder / "sheet.png")


class SwayStackDriver(SwayDriver):
    """What scripts/desktop_stacks.py drives a stack with: the seat's cursor, in points."""
    scale = SCALE

    def press(self, x, y):
        self.sway.cursor("set", x, y)
        self.sway.cursor("press", "button1")

    def move(self, x, y):
        self.sway.cursor("set", x, y)

    def release(self, x, y):
        self.sway.cursor("set", x, y)
        self.sway.cursor("release", "button1")

    def wheel(self, x, y, down):
        button = "button5" if down else "button4"
        self.sway.cursor("set", x, y)
        self.sway.cursor("press", button)
        self.sway.cursor("release", button)

    def leave_edit_mode(self):
        # A click on empty space, as check_edit_mode leaves it.
        self.sway.click(OUTPUT[0] * 3 // 4, OUTPUT[1] * 2 // 3)

    def badge_shown(self, shot, frame):
        return badge_shown(shot, frame)


class NamedShots:
    """The sheets' screenshots as NAME-gallery.png … beside the check's own."""

    def __init__(self, folder, name):
        self.folder = folder
        self.name = name

    def __truediv__(self, file):
        return self.folder / f"{self.name}-{file}"


def check_sheets(sway, daemon, desktop, fishgo, folder, extra, shots, name):
    """The gallery (and a bundle removed while it shows it), Edit Widget on FishGo and on the Trip
    (a date), and the remove alert, by clicks."""
    desktop_sheets.write_fishgo_spots(daemon)
    driver = SwayDriver(sway, folder)
    named = NamedShots(shots, name)
    # A keyboard on the seat from before the clicks, as a person's is: Sway gives the desktop the
    # keyboard on a click, and sends no enter for a keyboard that comes after it.
    keyboard = subprocess.Popen(["wtype", "-s", "3600000", " "], env=sway.environment, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        clock = desktop_sheets.check_gallery(driver, desktop, daemon, daemon.url, OUTPUT, named, scale=SCALE)
        desktop_sheets.check_removed_bundle(driver, desktop, daemon, daemon.url, extra, named, scale=SCALE)
        trip = desktop_sheets.add_trip(daemon, desktop, OUTPUT, extra)
        tiles = daemon.home_tiles(*OUTPUT)
        pixels = lambda frame: [round(value * SCALE) for value in frame_points(frame)]  # noqa: E731
        desktop_sheets.check_edit_widget(driver, desktop, daemon.url, fishgo, pixels(tiles[fishgo]["frame"]), named)
        desktop_sheets.check_date_steppers(driver, desktop, daemon.url, trip, pixels(tiles[trip]["frame"]), named)
        desktop_sheets.check_remove_alert(driver, desktop, daemon.url, clock, pixels(tiles[clock]["frame"]), named)
    finally:
        kill_group(keyboard)


# Edit mode's remove badge (Sources/WidgetDesktop/EditChromeRenderer.swift): a grey circle
# centred on the widget's top-left corner, 22 points across, a white minus across its middle.
BADGE_GREY = (143, 143, 143)


def badge_shown(shot, frame):
    """Whether the remove badge is drawn at `frame`'s top-left corner (points): grey below its minus."""
    pixel = shot.getpixel((round(frame[0] * SCALE), round((frame[1] + 6) * SCALE)))
    return all(abs(channel - grey) <= 12 for channel, grey in zip(pixel, BADGE_GREY))


def check_edit_mode(sway, daemon, counter, tile, folder, shots, name):
    """Long press on empty space, the Counter dragged to another cell, a click on empty space to
    leave; each step's screenshot saved in `shots`."""
    frame = frame_points(tile["frame"])

    def shot_when(condition):
        def taken():
            shot = sway.screenshot(folder / "shot.png")
            return shot if condition(shot) else None
        return wait_until(taken, TIMEOUT, interval=0.1)

    empty = (OUTPUT[0] * 3 // 4, OUTPUT[1] * 2 // 3)
    sway.cursor("set", *empty)
    sway.cursor("press", "button1")
    shot = shot_when(lambda s: badge_shown(s, frame))
    sway.cursor("release", "button1")
    if not shot:
        raise Failure(f"a long press on empty space at {empty} showed no remove badge at {frame[:2]}")
    shot.save(shots / f"{name}-edit-1-long-press.png")
    print(f"ok: a long press on empty space entered edit mode: the Counter's remove badge is drawn at {frame[:2]}")

    before = daemon.home_tiles(*OUTPUT)[counter]
    start = (round(frame[0] + frame[2] / 2), round(frame[1] + frame[3] / 2))
    delta = (4 * (73 + 24), 2 * (64 + 42))  # HomeGrid: cells 73 × 64 points, gaps 24 across and 42 down
    sway.cursor("set", *start)
    sway.cursor("press", "button1")
    for step in range(1, 9):
        sway.cursor("set", start[0] + delta[0] * step // 8, start[1] + delta[1] * step // 8)
    dragged = (frame[0] + delta[0], frame[1] + delta[1], frame[2], frame[3])
    # The tile's lower-left part: the pointer (which grim draws) is at its middle.
    lower_left = (dragged[0] + 10, dragged[1] + dragged[3] - 40, 30, 30)
    shot = shot_when(lambda s: not only_background(s, lower_left, SCALE, BACKGROUND))
    if not shot:
        raise Failure(f"the dragged Counter was not drawn under the pointer at {dragged[:2]}")
    shot.save(shots / f"{name}-edit-2-dragging.png")
    sway.cursor("release", "button1")
    target = (before["column"] + 4, before["row"] + 2)
    placed = wait_until(lambda: (lambda t: t if (t["column"], t["row"]) == target else None)(daemon.home_tiles(*OUTPUT)[counter]),
                        TIMEOUT, interval=0.2)
    if not placed:
        raise Failure(f"after the drop, `home list` places {counter} at {daemon.home_tiles(*OUTPUT)[counter]}, not at cell {target}")
    new_frame = frame_points(placed["frame"])
    shot = shot_when(lambda s: badge_shown(s, new_frame))
    if not shot:
        raise Failure(f"after the drop, no remove badge at the Counter's new frame {new_frame}")
    shot.save(shots / f"{name}-edit-3-dropped.png")
    print(f"ok: the Counter dragged from cell {before['column']},{before['row']} to {target[0]},{target[1]}: the store says so,"
          " and it is drawn there with its badge")

    sway.click(*empty)
    shot = shot_when(lambda s: not badge_shown(s, new_frame))
    if not shot:
        raise Failure("a click on empty space did not leave edit mode: the remove badge is still drawn")
    shot.save(shots / f"{name}-edit-4-left.png")
    print(f"ok: a click on empty space left edit mode (no badge); the screenshots are in {shots}")


def check_edge_dwell(sway, daemon, desktop, counter, movie, folder, shots, name):
    """In edit mode, the Counter dragged to the right edge and held still turns the page (the
    MoviePlanner's page is drawn) on the desktop's one-shot timer; dropped back inside the grid,
    the store has it on the second page."""
    frame = frame_points(daemon.home_tiles(*OUTPUT)[counter]["frame"])
    empty = (OUTPUT[0] // 4, OUTPUT[1] * 2 // 3)
    sway.cursor("set", *empty)
    sway.cursor("press", "button1")
    entered = wait_until(lambda: badge_shown(sway.screenshot(folder / "shot.png"), frame), TIMEOUT, interval=0.1)
    sway.cursor("release", "button1")
    if not entered:
        raise Failure("a second long press on empty space did not enter edit mode")
    start = (round(frame[0] + frame[2] / 2), round(frame[1] + frame[3] / 2))
    edge = (OUTPUT[0] - 10, start[1])
    drawn_before = len(desktop.frames_of(movie))
    sway.cursor("set", *start)
    sway.cursor("press", "button1")
    for step in range(1, 7):
        sway.cursor("set", start[0] + (edge[0] - start[0]) * step // 6, edge[1])
    turned = wait_until(lambda: len(desktop.frames_of(movie)) > drawn_before, TIMEOUT, interval=0.05)
    if turned:
        # Back into the grid at once (outside it a drop puts the widget back where it was); on a
        # busy machine a second dwell may turn again first, so any later page counts.
        sway.cursor("set", (edge[0] + OUTPUT[0] // 2) // 2, edge[1])
        sway.cursor("set", OUTPUT[0] // 2, edge[1])
        sway.screenshot(folder / "shot.png").save(shots / f"{name}-edit-5-edge-dwell.png")
    sway.cursor("release", "button1")
    if not turned:
        raise Failure("the Counter held at the right edge did not turn the page (no drawing of the MoviePlanner)")
    placed = wait_until(lambda: (lambda t: t if t["page"] >= 1 else None)(daemon.home_tiles(*OUTPUT)[counter]), TIMEOUT, interval=0.2)
    if not placed:
        raise Failure(f"dropped after the page turned, the Counter is at {daemon.home_tiles(*OUTPUT)[counter]}, not on a later page")
    sway.click(*empty)
    print(f"ok: held at the right edge, the Counter turned the page after the dwell and was dropped on page {placed['page'] + 1}"
          f" (cell {placed['column']},{placed['row']})")


def movie_hidden(sway, tile, folder):
    """True when the MoviePlanner's slot shows only the background."""
    return only_background(sway.screenshot(folder / "shot.png"), tile["frame"], SCALE, BACKGROUND)


def fail(message):
    raise Failure(message)


if __name__ == "__main__":
    main()
