#!/usr/bin/env python3
"""The X11 home screen (`widgethost desktop --backend x11`) on a virtual X server.

    python3 scripts/desktop-x11-check.py [WIDGETHOST_BINARY [SCREENSHOTS]]

Run from the repository's root after `swift build` (the binary defaults to $WIDGETHOST_BINARY,
else `swift build --show-bin-path`'s). Starts Xvfb at 1280 × 720 on a free display, adds a small
Counter instance to a data folder of its own, starts `widgethost run` on it and
`widgethost desktop --backend x11 --appearance light --trace-frames` on the display, and checks
that
  - the window is there, with WM_CLASS widgethost-desktop and, where xprop is installed,
    _NET_WM_WINDOW_TYPE_DESKTOP, below and sticky;
  - the Counter's tile is drawn at the frame `widgethost home list --size 1280x720` gives, its
    pixels those of the daemon's GET /v1/instances/{id}/current.png?scale=1 over the background;
  - a click (xdotool, a real button press through XTEST) on the Counter's `+` (its frame from
    GET /v1/instances/{id}/regions, moved by the tile's origin) performs IncrementCountIntent: the
    count becomes 1 and the tile is drawn again, different, matching the new current.png;
  - a wheel notch down shows the second page (a second Counter placed there with `home place`),
    and one up the first again; so do drags of 200 pixels to the left and to the right;
  - after the daemon restarts (on another port), the desktop reconnects and a click counts again;
  - edit mode: a long press on empty space (xdotool mousedown, held until a screenshot shows the
    Counter's remove badge) enters it; the Counter dragged 4 columns right and 2 rows down is
    placed there in the store (`home list`); Escape leaves edit mode (the badge goes);
    a widget held at the right edge for the 0.6 s dwell turns the page (no motion meanwhile: the
    desktop's own timer) and dropped there is on the second page in the store;
    a right-click opens the menu, Down highlights its first row, Escape closes it. The edit mode's
    screenshots are saved in SCREENSHOTS (default .build/browser/desktop-x11-edit);
  - the sheets (scripts/desktop_sheets.py): the menu's "Add Widget…" opens the gallery, typing
    "clock" narrows it, a click on the small Clock adds one (the API lists it); Edit Widget on a
    FishGo widget, Cape chosen in the spot picker and Done, saves {"spot": "cape"}; the new
    Clock's remove badge asks first, and Remove removes it.
Exits 1 naming the first check that failed, with the desktop's and the daemon's output; the
screenshots are then kept (their folder is printed). Xvfb, the desktop and the daemon are always
stopped. Needs Xvfb, xdotool and ImageMagick's `import` (Debian: xvfb xdotool imagemagick), and
Pillow (PyPI) for the comparisons (scripts/desktop_session.py, shared with the Wayland checks).
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from widgethost_daemon import Daemon, Failure, control_center, counter_count, frame_points, wait_until  # noqa: E402
from desktop_session import Desktop, VirtualScreen, difference, require_pillow, wait_for_tile  # noqa: E402
import desktop_sheets  # noqa: E402
import desktop_stacks  # noqa: E402

SCREEN = (1280, 720)
# The desktop's light background (Sources/WidgetDesktopX11/X11Background.swift).
LIGHT_BACKGROUND = (0x43, 0x64, 0xF7)
# Hang guards, not goals: the first drawing of a widget (fonts, the bundle's assets) is the slow part.
DRAW_TIMEOUT = 60
UPDATE_TIMEOUT = 30
# Two drawings of one widget match when no channel of any pixel differs by more than this (Cairo
# rounds a premultiplied source over the background a little differently from a PNG's straight
# alpha composited here), give or take a few pixels of antialiasing.
CHANNEL_TOLERANCE = 6
MISMATCH_ALLOWANCE = 0.002


# MARK: The X server

# MARK: The checks

def check_window(screen):
    found = wait_until(lambda: subprocess.run(["xdotool", "search", "--class", "widgethost-desktop"], env=screen.environment(),
                                              capture_output=True, text=True).stdout.split(), DRAW_TIMEOUT, interval=0.2)
    if not found:
        raise Failure(f"no window of class widgethost-desktop appeared within {DRAW_TIMEOUT} s")
    window = found[0]
    if shutil.which("xprop") is None:
        print(f"ok: window {window} of class widgethost-desktop (xprop is not installed: its hints are not checked)")
        return window
    properties = screen.run("xprop", "-id", window).decode()
    for expected in ("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_DESKTOP", "_NET_WM_STATE_BELOW", "_NET_WM_STATE_STICKY",
                     'WM_CLASS(STRING) = "widgethost-desktop", "widgethost-desktop"'):
        if expected not in properties:
            raise Failure(f"the desktop window lacks {expected!r}; xprop says:\n{properties}")
    geometry = screen.run("xdotool", "getwindowgeometry", window).decode()
    if f"{SCREEN[0]}x{SCREEN[1]}" not in geometry:
        raise Failure(f"the desktop window is not as large as the screen ({SCREEN[0]}x{SCREEN[1]}): {geometry}")
    print(f"ok: window {window}: class widgethost-desktop, type _NET_WM_WINDOW_TYPE_DESKTOP, below, sticky, {SCREEN[0]}×{SCREEN[1]}")
    return window


def wait_for_counter(screen, url, instance, frame, what, keep):
    """Waits until the screen shows the instance's current.png over the background at `frame`;
    returns the tile's pixels and how much of it differs."""
    shot, share, largest = wait_for_tile(screen.screenshot, url, instance, frame, 1, LIGHT_BACKGROUND, what,
                                         tolerance=CHANNEL_TOLERANCE, allowance=MISMATCH_ALLOWANCE, keep=keep)
    x, y, width, height = frame
    return shot.crop((x, y, x + width, y + height)), f"{share:.2%} of its pixels differ (by up to {largest})"


def click_plus(screen, url, counter, frame, expected_count, what, work):
    """Clicks the Counter's + and waits for the count and for the tile drawn again, as the new
    current.png; returns the tile's pixels."""
    x, y = control_center(url, counter, "IncrementCountIntent", frame[:2])
    click = (round(x), round(y))
    screen.run("xdotool", "mousemove", str(click[0]), str(click[1]), "click", "1")
    if not wait_until(lambda: counter_count(url, counter) == expected_count, UPDATE_TIMEOUT, interval=0.1):
        raise Failure(f"{what}: clicking + at {click} did not make the count {expected_count} within {UPDATE_TIMEOUT} s;"
                      f" it is {counter_count(url, counter)}")
    tile, detail = wait_for_counter(screen, url, counter, frame, what, work)
    print(f"ok: {what}: a click on + at {click} made the count {expected_count}, and the tile was drawn again as the new"
          f" current.png ({detail})")
    return tile


# Edit mode's remove badge (Sources/WidgetDesktop/EditChromeRenderer.swift): a grey circle
# centred on the widget's top-left corner, 22 points across, a white minus across its middle.
BADGE_GREY = (143, 143, 143)
EDIT_TIMEOUT = 10


def badge_shown(shot, frame):
    """Whether the remove badge is drawn at `frame`'s top-left corner: grey below its minus."""
    pixel = shot.getpixel((frame[0], frame[1] + 6))
    return all(abs(channel - grey) <= 12 for channel, grey in zip(pixel, BADGE_GREY))


def check_edit_mode(screen, daemon, desktop, counter, frame, screenshots):
    """Long press, drag to another cell, Escape; each step's screenshot kept in `screenshots`."""
    screenshots.mkdir(parents=True, exist_ok=True)
    before = daemon.home_tiles(*SCREEN)[counter]
    # Empty space: the middle of the screen's lower half, far from the Counter at the top-left.
    empty = (SCREEN[0] * 3 // 4, SCREEN[1] * 2 // 3)
    screen.run("xdotool", "mousemove", str(empty[0]), str(empty[1]), "mousedown", "1")
    shot = wait_until(lambda: (lambda s: s if badge_shown(s, frame) else None)(screen.screenshot()), EDIT_TIMEOUT, interval=0.1)
    screen.run("xdotool", "mouseup", "1")
    if not shot:
        raise Failure(f"a long press on empty space at {empty} showed no remove badge at {frame[:2]} within {EDIT_TIMEOUT} s")
    shot.save(screenshots / "1-long-press.png")
    print(f"ok: a long press on empty space entered edit mode: the Counter's remove badge is drawn at {frame[:2]}")

    # In edit mode a press on a widget that moves drags it; 4 columns right and 2 rows down
    # (HomeGrid: cells 73 × 64 points, gaps 24 across and 42 down).
    start = (frame[0] + frame[2] // 2, frame[1] + frame[3] // 2)
    delta = (4 * (73 + 24), 2 * (64 + 42))
    screen.run("xdotool", "mousemove", str(start[0]), str(start[1]), "mousedown", "1")
    for step in range(1, 9):
        screen.run("xdotool", "mousemove", str(start[0] + delta[0] * step // 8), str(start[1] + delta[1] * step // 8))
    dragged = (frame[0] + delta[0], frame[1] + delta[1], frame[2], frame[3])
    # The tile follows the pointer: its pixels are no longer the background at the target.
    moved = wait_until(lambda: (lambda s: s if not only_background_at(s, dragged) else None)(screen.screenshot()),
                       EDIT_TIMEOUT, interval=0.1)
    if not moved:
        raise Failure(f"the dragged Counter was not drawn under the pointer at {dragged[:2]}")
    moved.save(screenshots / "2-dragging.png")
    screen.run("xdotool", "mouseup", "1")
    target = (before["column"] + 4, before["row"] + 2)
    placed = wait_until(lambda: (lambda t: t if (t["column"], t["row"]) == target else None)(daemon.home_tiles(*SCREEN)[counter]),
                        UPDATE_TIMEOUT, interval=0.2)
    if not placed:
        raise Failure(f"after the drop, `home list` places {counter} at {daemon.home_tiles(*SCREEN)[counter]}, not at cell {target}")
    new_frame = [round(value) for value in frame_points(placed["frame"])]
    shot = wait_until(lambda: (lambda s: s if badge_shown(s, new_frame) else None)(screen.screenshot()), EDIT_TIMEOUT, interval=0.1)
    if not shot:
        raise Failure(f"after the drop, no remove badge at the Counter's new frame {new_frame}")
    shot.save(screenshots / "3-dropped.png")
    print(f"ok: the Counter dragged from cell {before['column']},{before['row']} to {target[0]},{target[1]}: the store says so,"
          f" and it is drawn there with its badge")

    screen.run("xdotool", "key", "Escape")
    shot = wait_until(lambda: (lambda s: s if not badge_shown(s, new_frame) else None)(screen.screenshot()), EDIT_TIMEOUT, interval=0.1)
    if not shot:
        raise Failure("Escape did not leave edit mode: the remove badge is still drawn")
    shot.save(screenshots / "4-escape.png")
    print(f"ok: Escape left edit mode (no badge); the screenshots are in {screenshots}")


# The context menu (Sources/WidgetHome/Editing/HomeContextMenu.swift, drawn by EditChromeRenderer):
# 250 points wide, rows 44 tall, below and right of the click; light paper, a grey highlighted row.
MENU_PAPER = (247, 247, 247)
MENU_HIGHLIGHT = (219, 219, 219)


def check_menu(screen, screenshots):
    """A right-click on empty space opens the menu; Down highlights its first row; Escape closes it."""
    anchor = (SCREEN[0] // 2, SCREEN[1] // 3)
    probe = (anchor[0] + 200, anchor[1] + 6)

    def near(pixel, colour):
        return all(abs(channel - expected) <= 6 for channel, expected in zip(pixel, colour))

    def shot_when(colour):
        def taken():
            shot = screen.screenshot()
            return shot if near(shot.getpixel(probe), colour) else None
        return wait_until(taken, EDIT_TIMEOUT, interval=0.1)

    screen.run("xdotool", "mousemove", str(anchor[0]), str(anchor[1]), "click", "3")
    if not shot_when(MENU_PAPER):
        raise Failure(f"a right-click at {anchor} opened no menu (no menu paper at {probe})")
    screen.run("xdotool", "key", "Down")
    shot = shot_when(MENU_HIGHLIGHT)
    if not shot:
        raise Failure("Down did not highlight the menu's first row")
    shot.save(screenshots / "5-menu.png")
    screen.run("xdotool", "key", "Escape")
    if not shot_when(LIGHT_BACKGROUND):
        raise Failure("Escape did not close the menu")
    print("ok: a right-click opened the menu, Down highlighted its first row, Escape closed it")


def check_edge_dwell(screen, daemon, desktop, counter, second, screenshots):
    """In edit mode, the Counter dragged to the right edge and held still turns the page on the
    desktop's one-shot timer; dropped there, the store has it on the second page."""
    tile = daemon.home_tiles(*SCREEN)[counter]
    frame = [round(value) for value in frame_points(tile["frame"])]
    empty = (SCREEN[0] // 4, SCREEN[1] * 2 // 3)
    screen.run("xdotool", "mousemove", str(empty[0]), str(empty[1]), "mousedown", "1")
    entered = wait_until(lambda: badge_shown(screen.screenshot(), frame), EDIT_TIMEOUT, interval=0.1)
    screen.run("xdotool", "mouseup", "1")
    if not entered:
        raise Failure("a second long press on empty space did not enter edit mode")
    start = (frame[0] + frame[2] // 2, frame[1] + frame[3] // 2)
    edge = (SCREEN[0] - 10, start[1])
    drawn_before = len(desktop.frames_of(second))
    screen.run("xdotool", "mousemove", str(start[0]), str(start[1]), "mousedown", "1")
    for step in range(1, 7):
        screen.run("xdotool", "mousemove", str(start[0] + (edge[0] - start[0]) * step // 6), str(edge[1]))
    # Held still: only the desktop's timer can turn the page, which draws the second page's Counter.
    turned = wait_until(lambda: len(desktop.frames_of(second)) > drawn_before, EDIT_TIMEOUT, interval=0.05)
    if turned:
        # Back into the grid at once (outside it a drop puts the widget back where it was); on a
        # busy machine a second dwell may turn again first, so any later page counts.
        inside = (SCREEN[0] // 2, edge[1])
        screen.run("xdotool", "mousemove", str((edge[0] + inside[0]) // 2), str(inside[1]), "mousemove", str(inside[0]), str(inside[1]))
        screen.screenshot().save(screenshots / "6-edge-dwell.png")
    screen.run("xdotool", "mouseup", "1")
    if not turned:
        raise Failure("the Counter held at the right edge did not turn the page")
    placed = wait_until(lambda: (lambda t: t if t["page"] >= 1 else None)(daemon.home_tiles(*SCREEN)[counter]), UPDATE_TIMEOUT, interval=0.2)
    if not placed:
        raise Failure(f"dropped after the page turned, the Counter is at {daemon.home_tiles(*SCREEN)[counter]}, not on a later page")
    screen.run("xdotool", "key", "Escape")
    print(f"ok: held at the right edge, the Counter turned the page after the dwell and was dropped on page {placed['page'] + 1}"
          f" (cell {placed['column']},{placed['row']})")


class XDriver:
    """What scripts/desktop_sheets.py drives the sheets with, through xdotool."""

    def __init__(self, screen):
        self.screen = screen

    def click(self, x, y, button=1):
        self.screen.run("xdotool", "mousemove", str(x), str(y), "click", str(button))

    def type(self, text):
        self.screen.run("xdotool", "type", "--delay", "40", text)

    def key(self, name):
        self.screen.run("xdotool", "key", name)

    def screenshot(self):
        return self.screen.screenshot()


class XStackDriver(XDriver):
    """What scripts/desktop_stacks.py drives a stack with: xdotool, the window at scale 1."""
    scale = 1

    def press(self, x, y):
        self.screen.run("xdotool", "mousemove", str(x), str(y), "mousedown", "1")

    def move(self, x, y):
        self.screen.run("xdotool", "mousemove", str(x), str(y))

    def release(self, x, y):
        self.screen.run("xdotool", "mousemove", str(x), str(y), "mouseup", "1")

    def wheel(self, x, y, down):
        self.screen.run("xdotool", "mousemove", str(x), str(y), "click", "5" if down else "4")

    def leave_edit_mode(self):
        self.key("Escape")

    def badge_shown(self, shot, frame):
        return badge_shown(shot, [round(value) for value in frame])


def check_sheets(screen, daemon, desktop, url, fishgo, extra, screenshots):
    """The gallery (and a bundle removed while it shows it), Edit Widget on FishGo and on the Trip
    (a date), and the remove alert, then Escape out of edit mode."""
    driver = XDriver(screen)
    clock = desktop_sheets.check_gallery(driver, desktop, daemon, url, SCREEN, screenshots)
    desktop_sheets.check_removed_bundle(driver, desktop, daemon, url, extra, screenshots)
    trip = desktop_sheets.add_trip(daemon, desktop, SCREEN, extra)
    tiles = daemon.home_tiles(*SCREEN)
    fishgo_frame = [round(value) for value in frame_points(tiles[fishgo]["frame"])]
    desktop_sheets.check_edit_widget(driver, desktop, url, fishgo, fishgo_frame, screenshots)
    trip_frame = [round(value) for value in frame_points(tiles[trip]["frame"])]
    desktop_sheets.check_date_steppers(driver, desktop, url, trip, trip_frame, screenshots)
    clock_frame = [round(value) for value in frame_points(tiles[clock]["frame"])]
    desktop_sheets.check_remove_alert(driver, desktop, url, clock, clock_frame, screenshots)
    driver.key("Escape")


def only_background_at(shot, frame):
    """Whether the middle of `frame` is the light background."""
    pixel = shot.getpixel((frame[0] + frame[2] // 2, frame[1] + frame[3] // 2))
    return all(abs(channel - expected) <= CHANNEL_TOLERANCE for channel, expected in zip(pixel, LIGHT_BACKGROUND))


def run(binary, work, screenshots):
    extra = desktop_sheets.extra_bundles(work)
    daemon = Daemon(binary, work / "data", run_options=["--open-url-command", "none", "--bundles", str(extra)])
    screen = VirtualScreen(SCREEN)
    desktop = None
    try:
        counter = daemon.add_instance("CounterWidget", "systemSmall")
        # A second Counter on the second page, at the first one's cell: paging shows it there.
        second = daemon.add_instance("CounterWidget", "systemSmall")
        daemon.cli("home", "place", second, "--page", "1", "--cell", "0,0")
        fishgo = desktop_sheets.prepare_fishgo(daemon)
        url = daemon.start()
        print(f"daemon: {url}; Counter instances {counter} (page 1) and {second} (page 2)")
        screen.start()
        print(f"Xvfb: DISPLAY={screen.display}")
        desktop = Desktop(daemon.binary, daemon.data_dir, screen.environment(), backend="x11")

        check_window(screen)
        tiles = daemon.home_tiles(*SCREEN)
        if counter not in tiles or tiles.get(second, {}).get("page") != 1:
            raise Failure(f"`widgethost home list` does not place {counter} on page 0 and {second} on page 1: {tiles}")
        frame = [round(value) for value in frame_points(tiles[counter]["frame"])]
        second_frame = [round(value) for value in frame_points(tiles[second]["frame"])]
        if not wait_until(lambda: desktop.alive() or desktop.frames_of(counter), DRAW_TIMEOUT, interval=0.1):
            raise Failure(f"the desktop traced no drawing of {counter} within {DRAW_TIMEOUT} s")
        drawn = desktop.frames_of(counter)[-1]["frame"]
        if drawn != frame:
            raise Failure(f"the desktop drew {counter} at {drawn} pixels, not at `home list`'s frame {frame}")
        if desktop.frames_of(second):
            raise Failure(f"the desktop drew {second}, which is on the second page, while showing the first")
        background = screen.screenshot().getpixel((SCREEN[0] - 2, 2))
        if background != LIGHT_BACKGROUND:
            raise Failure(f"the background is {background}, not the light appearance's {LIGHT_BACKGROUND}")
        before, detail = wait_for_counter(screen, url, counter, frame, "first-draw", work)
        print(f"ok: the Counter's tile is drawn at {frame}, as current.png over the background ({detail})")

        if counter_count(url, counter) != 0:
            raise Failure(f"the new Counter instance shows {counter_count(url, counter)}, not 0")
        after = click_plus(screen, url, counter, frame, 1, "click", work)
        if difference(before, after, CHANNEL_TOLERANCE)[0] == 0:
            raise Failure("the Counter's tile looks the same after its count became 1")

        # The wheel: down shows the second page (its Counter, still at 0), up the first again.
        screen.run("xdotool", "mousemove", "640", str(SCREEN[1] - 100), "click", "5")
        if not wait_until(lambda: any(f["page"] == 1 for f in desktop.frames_of(second)), UPDATE_TIMEOUT, interval=0.1):
            raise Failure(f"a wheel notch down did not show the second page (no drawing of {second} traced)")
        wait_for_counter(screen, url, second, second_frame, "second-page", work)
        drawn_before = len(desktop.frames_of(counter))
        screen.run("xdotool", "click", "4")
        if not wait_until(lambda: len(desktop.frames_of(counter)) > drawn_before, UPDATE_TIMEOUT, interval=0.1):
            raise Failure("a wheel notch up did not show the first page again")
        wait_for_counter(screen, url, counter, frame, "first-page-again", work)
        print("ok: the wheel turned to the second page (its Counter drawn as its current.png) and back")
        # A drag across of 200 pixels to the left: the next page, as a swipe.
        drawn_before = len(desktop.frames_of(second))
        y = str(SCREEN[1] - 100)
        screen.run("xdotool", "mousemove", "800", y, "mousedown", "1", "mousemove", "700", y, "mousemove", "600", y, "mouseup", "1")
        if not wait_until(lambda: len(desktop.frames_of(second)) > drawn_before, UPDATE_TIMEOUT, interval=0.1):
            raise Failure("a drag of 200 pixels to the left did not show the second page")
        drawn_before = len(desktop.frames_of(counter))
        screen.run("xdotool", "mousemove", "600", y, "mousedown", "1", "mousemove", "700", y, "mousemove", "800", y, "mouseup", "1")
        if not wait_until(lambda: len(desktop.frames_of(counter)) > drawn_before, UPDATE_TIMEOUT, interval=0.1):
            raise Failure("a drag of 200 pixels to the right did not show the first page again")
        wait_for_counter(screen, url, counter, frame, "dragged-back", work)
        print("ok: a drag to the left turned to the second page, and one to the right back")

        # The daemon restarts (on another port): the desktop follows it, and a click still counts.
        daemon.stop()
        daemon = Daemon(binary, work / "data", run_options=["--open-url-command", "none", "--bundles", str(extra)])
        url = daemon.start()
        if not wait_until(lambda: desktop.alive() or sum("connected to" in note for note in desktop.notes) >= 2, UPDATE_TIMEOUT, interval=0.2):
            raise Failure(f"the desktop did not reconnect to the restarted daemon at {url} within {UPDATE_TIMEOUT} s")
        click_plus(screen, url, counter, frame, 2, "after-restart", work)
        desktop.alive()
        check_edit_mode(screen, daemon, desktop, counter, frame, screenshots)
        check_menu(screen, screenshots)
        check_sheets(screen, daemon, desktop, url, fishgo, extra, screenshots)
        check_edge_dwell(screen, daemon, desktop, counter, second, screenshots)
        stacked = desktop_stacks.prepare(daemon)
        desktop_stacks.check_stack_and_swipe(XStackDriver(screen), daemon, desktop, SCREEN, stacked, screenshots)
        desktop.alive()
    except Failure:
        if desktop is not None:
            print("the desktop's notes:\n" + "\n".join(desktop.notes[-30:]), file=sys.stderr)
        print("the daemon's output:\n" + daemon.log_tail(), file=sys.stderr)
        raise
    finally:
        if desktop is not None:
            desktop.stop()
        daemon.stop()
        screen.stop()


def default_binary():
    if os.environ.get("WIDGETHOST_BINARY"):
        return os.environ["WIDGETHOST_BINARY"]
    try:
        folder = subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True, timeout=120).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        folder = ""
    return str(Path(folder or ".build/debug", "widgethost"))


def main():
    require_pillow("desktop X11 check")
    binary = sys.argv[1] if len(sys.argv) > 1 else default_binary()
    screenshots = Path(sys.argv[2] if len(sys.argv) > 2 else ".build/browser/desktop-x11-edit")
    for tool in ("xdotool", "import"):
        if shutil.which(tool) is None:
            print(f"desktop X11 check FAILED: no {tool}: install xdotool and imagemagick", file=sys.stderr)
            return 1
    work = Path(tempfile.mkdtemp(prefix="widgethost-desktop-x11-"))
    try:
        run(binary, work, screenshots)
    except Failure as failure:
        shutil.rmtree(work / "data", ignore_errors=True)
        kept = sorted(work.glob("*.png"))
        if kept:
            print(f"desktop X11 check FAILED: {failure}\n(the screenshots: {', '.join(map(str, kept))})", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
            print(f"desktop X11 check FAILED: {failure}", file=sys.stderr)
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("desktop X11 check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
