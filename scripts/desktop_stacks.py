"""Smart Stacks on the desktop home screen, one check for both backends (desktop-check.py on
headless Sway, desktop-x11-check.py under Xvfb): two small Counters stacked by a drag in edit
mode, the stack's dots drawn beside it, then the wheel and a flick up moving through it — each
move the store's `shown` member (`widgethost home list`), so every home screen follows.

The driver is the backend's input: `press(x, y)`, `move(x, y)`, `release(x, y)`,
`wheel(x, y, down)`, `leave_edit_mode()`, `screenshot()` (pixels), `badge_shown(shot, frame)` and
`scale`, in points of the output.
"""

from widgethost_daemon import Failure, frame_points, wait_until

TIMEOUT = 60
# StackDots (Sources/WidgetDesktop/StackDots.swift): 6-point dots, 4 apart, 8 right of the widget.
DOT, DOT_GAP, DOT_INSET = 6, 4, 8


def prepare(daemon):
    """Two small Counters on the first page, at cells 8,0 and 10,0: the stack's widgets."""
    made = []
    for column in (8, 10):
        instance = daemon.add_instance("CounterWidget", "systemSmall")
        daemon.cli("home", "place", instance, "--page", "0", "--cell", f"{column},0")
        made.append(instance)
    return made


def stack_tile(daemon, size, members):
    """The tile of the stack holding `members`, once there is one."""
    for tile in daemon.home_tiles(*size).values():
        stack = tile.get("stack")
        if stack and set(members) <= set(stack["members"]):
            return tile
    return None


def centre(frame):
    return (round(frame[0] + frame[2] / 2), round(frame[1] + frame[3] / 2))


def dot_pixel(frame, index, scale):
    """The centre of the stack's dot `index` beside `frame` (points), in pixels, for 2 members."""
    height = 2 * DOT + DOT_GAP
    x = frame[0] + frame[2] + DOT_INSET + DOT / 2
    y = frame[1] + (frame[3] - height) / 2 + DOT / 2 + index * (DOT + DOT_GAP)
    return (round(x * scale), round(y * scale))


def refusal(notes):
    """The desktop's note refusing an edit made on a layout changed since it was read, if any."""
    return next((note for note in notes if "nothing was moved" in note), None)


def check_stack_and_swipe(driver, daemon, desktop, size, members, shots):
    first, second = members
    # Back to the first page, where the two are: the wheel over empty space turns pages.
    empty = (size[0] * 3 // 4, size[1] * 2 // 3)
    for _ in range(3):
        driver.wheel(*empty, down=False)
    tiles = wait_until(lambda: (lambda t: t if first in t and second in t and t[first]["page"] == t[second]["page"] == 0 else None)(
        daemon.home_tiles(*size)), TIMEOUT, interval=0.2)
    if not tiles:
        raise Failure(f"the two Counters {first} and {second} are not on the first page: {daemon.home_tiles(*size)}")
    if not wait_until(lambda: desktop.frames_of(first) and desktop.frames_of(second), TIMEOUT, interval=0.1):
        raise Failure(f"the desktop did not draw the two Counters {first} and {second}")
    dragged, target = frame_points(tiles[first]["frame"]), frame_points(tiles[second]["frame"])

    # Out of edit mode first (a step before may have left it on), then in again by a long press
    # on empty space (below the row the Counters are in).
    driver.leave_edit_mode()
    if not wait_until(lambda: not driver.badge_shown(driver.screenshot(), dragged), TIMEOUT, interval=0.1):
        raise Failure("edit mode could not be left before the stack check (the first Counter keeps its badge)")
    driver.press(*empty)
    entered = wait_until(lambda: driver.badge_shown(driver.screenshot(), dragged), TIMEOUT, interval=0.1)
    driver.release(*empty)
    if not entered:
        raise Failure("a long press on empty space did not enter edit mode (no badge on the first Counter)")
    # The first Counter dropped on the middle of the second: a stack, as iOS makes one.
    start, end = centre(dragged), centre(target)

    def drop():
        notes = len(desktop.notes)
        driver.press(*start)
        for step in range(1, 9):
            driver.move(start[0] + (end[0] - start[0]) * step // 8, start[1] + (end[1] - start[1]) * step // 8)
        driver.release(*end)
        tile = wait_until(lambda: stack_tile(daemon, size, members) or refusal(desktop.notes[notes:]), TIMEOUT, interval=0.2)
        return tile, desktop.notes[notes:]

    tile, notes = drop()
    if isinstance(tile, str):
        # Refused: the layout changed since the desktop read it (the store's wake-up was still on
        # its way); the desktop says so and reads it again. A person drops again, and so does this.
        print(f"note: the drop was refused ({tile}); dropped again, as a person would")
        tile, notes = drop()
    if not tile or isinstance(tile, str):
        raise Failure(f"dropped on the other Counter, no stack holds {first} and {second}: {daemon.home_tiles(*size)};"
                      f" the desktop's notes since the drop: {notes}")
    driver.leave_edit_mode()
    print(f"ok: the Counter {first} dropped on {second} made a Smart Stack ({tile['stack']['id']}) at cell {tile['column']},{tile['row']}")

    frame = frame_points(tile["frame"])
    shown = tile["stack"]["shown"]
    index = tile["stack"]["members"].index(shown)

    def dots_drawn(shot):
        on, off = shot.getpixel(dot_pixel(frame, index, driver.scale)), shot.getpixel(dot_pixel(frame, 1 - index, driver.scale))
        background = shot.getpixel((round((frame[0] + frame[2] + DOT_INSET + DOT + 6) * driver.scale), dot_pixel(frame, 0, driver.scale)[1]))
        # The shown member's dot is the stronger one; both differ from the background beside them.
        return sum(abs(a - b) for a, b in zip(on[:3], background[:3])) > sum(abs(a - b) for a, b in zip(off[:3], background[:3])) > 20

    shot = wait_until(lambda: (lambda s: s if dots_drawn(s) else None)(driver.screenshot()), TIMEOUT, interval=0.1)
    if not shot:
        raise Failure(f"no stack dots beside {frame} (the shown member's, {shown}, the stronger)")
    shot.save(shots / "stack-dots.png")
    print(f"ok: the stack's two dots are drawn beside it, the shown member's ({shown}) the stronger")

    def shown_becomes(other):
        return wait_until(lambda: (lambda t: t if t and t["stack"]["shown"] == other else None)(stack_tile(daemon, size, members)),
                          TIMEOUT, interval=0.2)

    other = next(member for member in members if member != shown)
    driver.wheel(*centre(frame), down=True)
    if not shown_becomes(other):
        raise Failure(f"a wheel notch down over the stack did not show {other}: {stack_tile(daemon, size, members)}")
    print(f"ok: a wheel notch over the stack showed its other widget ({other}); the store says so")
    middle = centre(frame)
    driver.press(*middle)
    for step in range(1, 6):
        driver.move(middle[0], middle[1] - 16 * step)
    driver.release(middle[0], middle[1] - 80)
    if not shown_becomes(shown):
        raise Failure(f"a flick up on the stack did not show {shown} again: {stack_tile(daemon, size, members)}")
    shot = driver.screenshot()
    shot.save(shots / "stack-swiped.png")
    print(f"ok: a flick up on the stack showed {shown} again (round, as iOS's stack goes)")
