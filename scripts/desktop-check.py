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
  - without --appearance it follows the desktop's setting: a FishGo widget is drawn dark as a
    stand-in portal on a private session bus says (scripts/fake_portal.py), then light when the
    portal says the setting changed.
Sway refuses to run as root: as root, it runs as `nobody`. Exits 1 naming the first failure.
"""

import json
import os
import shutil
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from widgethost_daemon import Daemon, Failure, kill_group, wait_until  # noqa: E402
from headless_sway import Desktop, SessionBus, Sway, start_virtual_pointer  # noqa: E402

try:
    from PIL import Image
except ImportError:
    sys.exit("desktop check FAILED: no PIL module: pip install pillow")

SCALE = 2
OUTPUT = (1280, 720)
BACKGROUND = (0x33, 0x66, 0x99)
# A hang guard for each awaited change, not a goal.
TIMEOUT = 60


def fetch_png(url, path):
    with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
        Path(path).write_bytes(answer.read())
    return Image.open(path).convert("RGBA")


def fetch_json(url):
    with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
        return json.load(answer)


def differing_share(shot, reference, origin):
    """The share of the reference's pixels (composited over the background) that the screenshot
    shows differently (by more than 12 in a channel) at `origin`, in pixels."""
    backdrop = Image.new("RGBA", reference.size, BACKGROUND + (255,))
    expected = Image.alpha_composite(backdrop, reference).convert("RGB")
    actual = shot.crop((origin[0], origin[1], origin[0] + reference.width, origin[1] + reference.height))
    differing = sum(1 for a, b in zip(pixels(actual), pixels(expected)) if max(abs(x - y) for x, y in zip(a, b)) > 12)
    return differing / (reference.width * reference.height)


def tile_frames(daemon):
    listing = json.loads(daemon.cli("home", "list", "--format", "json", "--size", f"{OUTPUT[0]}x{OUTPUT[1]}"))
    return {tile["id"]: tile for tile in listing["tiles"]}


def check_counter_shown(sway, daemon, counter, tile, folder, what, quiet=False, appearance="light"):
    """The screenshot shows the Counter as the renderer draws its current entry."""
    reference = fetch_png(f"{daemon.url}v1/instances/{counter}/current.png?scale={SCALE}&appearance={appearance}",
                          folder / "counter-reference.png")
    x, y = (round(v * SCALE) for v in tile["frame"][:2])
    shot = sway.screenshot(folder / "shot.png")
    share = differing_share(shot, reference, (x, y))
    if share > 0.01:
        shot.save(folder / "failed.png")
        raise Failure(f"{what}: {share:.1%} of the Counter's pixels differ from the renderer's PNG at ({x}, {y}) px")
    if not quiet:
        print(f"ok: {what} ({share:.2%} of its pixels differ by more than 12)")
    return reference


def click_plus(sway, daemon, counter, tile):
    regions = fetch_json(f"{daemon.url}v1/instances/{counter}/regions")
    plus = next(control for control in regions["controls"] if control["control"] == "button")["frame"]
    x = tile["frame"][0] + plus["x"] + plus["width"] / 2
    y = tile["frame"][1] + plus["y"] + plus["height"] / 2
    sway.click(round(x), round(y))


def count_of(daemon, counter):
    return json.dumps(fetch_json(f"{daemon.url}v1/instances/{counter}")["state"].get("entry", {}).get("content"))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = str(Path(sys.argv[1]).resolve())
    folder = Path(tempfile.mkdtemp(prefix="widgethost-desktop-check-"))
    os.chmod(folder, 0o755)
    data_dir = folder / "data"
    sway = Sway(folder / "sway", OUTPUT, SCALE, BACKGROUND)
    daemon = Daemon(binary, data_dir)
    pointer = desktop = None
    try:
        sway.start()
        pointer = start_virtual_pointer(sway.environment)
        counter = daemon.cli("instances", "add", "CounterWidget", "--family", "systemSmall", "--format", "json")
        counter = json.loads(counter)["id"]
        movie = json.loads(daemon.cli("instances", "add", "MoviePlannerWidget", "--family", "systemMedium", "--format", "json"))["id"]
        daemon.start()
        desktop = Desktop(binary, data_dir, sway.environment)
        desktop.wait_for_note("connected to")
        tiles = tile_frames(daemon)
        # The first entry may come after the first draw (the card of a widget with no entry yet).
        wait_until(lambda: check_quietly(sway, daemon, counter, tiles[counter], folder), TIMEOUT)
        first = check_counter_shown(sway, daemon, counter, tiles[counter], folder, "the Counter as first drawn")

        before = count_of(daemon, counter)
        desktop.drain()
        started = time.monotonic()
        click_plus(sway, daemon, counter, tiles[counter])
        wait_until(lambda: count_of(daemon, counter) != before, TIMEOUT) or fail("the click on + performed nothing")
        desktop.wait_for_frame(counter, "after the click on +")
        print(f"ok: a click on + reached the screen in {time.monotonic() - started:.2f} s")
        check_counter_shown(sway, daemon, counter, tiles[counter], folder, "the Counter after a click on +")
        origin = tuple(round(v * SCALE) for v in tiles[counter]["frame"][:2])
        changed = differing_share(sway.screenshot(folder / "shot.png"), first, origin)
        if changed < 0.01:
            raise Failure(f"after the click, the Counter still looks as first drawn ({changed:.2%} of its pixels differ)")
        print(f"ok: the new count is on screen ({changed:.1%} of the tile's pixels changed)")

        daemon.cli("home", "place", movie, "--page", "1", "--cell", "0,0")
        desktop.drain()
        if not wait_until(lambda: movie_hidden(sway, tiles[movie], folder), TIMEOUT):
            raise Failure("the MoviePlanner still shows on the first page after `home place --page 1`")
        print("ok: `home place --page 1` took the MoviePlanner off the first page at once")
        x, y = (round(v) for v in tiles[counter]["frame"][:2])
        sway.cursor("set", x + 400, y + 300)
        sway.cursor("press", "button5")
        sway.cursor("release", "button5")
        desktop.wait_for_frame(movie, "after scrolling to the second page")
        if movie_hidden(sway, tile_frames(daemon)[movie], folder):
            raise Failure("a scroll did not show the second page with the MoviePlanner")
        print("ok: a scroll shows the second page, with the MoviePlanner")
        sway.cursor("press", "button4")
        sway.cursor("release", "button4")
        desktop.wait_for_frame(counter, "after scrolling back to the first page")

        notes_before = len(desktop.notes)
        daemon.stop()
        desktop.wait_for_note("went away", notes_before)
        daemon = Daemon(binary, data_dir)
        daemon.start()
        desktop.wait_for_note("connected to", notes_before)
        before = count_of(daemon, counter)
        desktop.drain()
        click_plus(sway, daemon, counter, tiles[counter])
        wait_until(lambda: count_of(daemon, counter) != before, TIMEOUT) or fail("after the restart, the click on + performed nothing")
        desktop.wait_for_frame(counter, "after the restart and a click")
        check_counter_shown(sway, daemon, counter, tiles[counter], folder, "the Counter after the daemon restarted and a click")

        # The appearance: the FishGo sample, whose light and dark faces differ (the Counter's do not).
        desktop.stop()
        fishgo = json.loads(daemon.cli("instances", "add", "FishGoWidget", "--family", "systemSmall", "--format", "json"))["id"]
        fishgo_tile = wait_until(lambda: tile_frames(daemon).get(fishgo), TIMEOUT)
        bus = SessionBus("dark")
        try:
            desktop = Desktop(binary, data_dir, {**sway.environment, "DBUS_SESSION_BUS_ADDRESS": bus.address}, appearance=None)
            desktop.wait_for_note("connected to")
            if not wait_until(lambda: check_quietly(sway, daemon, fishgo, fishgo_tile, folder, "dark"), TIMEOUT):
                check_counter_shown(sway, daemon, fishgo, fishgo_tile, folder, "FishGo dark, as the portal says", appearance="dark")
            light = fetch_png(f"{daemon.url}v1/instances/{fishgo}/current.png?scale={SCALE}&appearance=light", folder / "light.png")
            origin = tuple(round(v * SCALE) for v in fishgo_tile["frame"][:2])
            unlike = differing_share(sway.screenshot(folder / "shot.png"), light, origin)
            if unlike < 0.05:
                raise Failure(f"FishGo drawn dark looks light ({unlike:.1%} of its pixels differ from the light one)")
            print(f"ok: dark, as the desktop's setting (the portal) says ({unlike:.0%} of the tile unlike light)")
            bus.set_scheme("light")
            if not wait_until(lambda: check_quietly(sway, daemon, fishgo, fishgo_tile, folder, "light"), TIMEOUT):
                check_counter_shown(sway, daemon, fishgo, fishgo_tile, folder, "FishGo light after the change")
            print("ok: light as soon as the desktop's setting changed")
        finally:
            bus.stop()
        if len(sys.argv) > 2:
            shutil.copy(folder / "shot.png", sys.argv[2])
        print("desktop check passed")
    except Failure as failure:
        print(f"desktop check FAILED: {failure}\n(files in {folder}; the daemon's last lines:)\n{daemon.log_tail()}", file=sys.stderr)
        sys.exit(1)
    finally:
        for process in (desktop, ):
            if process:
                process.stop()
        if pointer:
            kill_group(pointer)
        daemon.stop()
        sway.stop()


def check_quietly(sway, daemon, counter, tile, folder, appearance="light"):
    try:
        check_counter_shown(sway, daemon, counter, tile, folder, "probe", quiet=True, appearance=appearance)
        return True
    except Failure:
        return False


def movie_hidden(sway, tile, folder):
    """True when the MoviePlanner's slot shows only the background."""
    shot = sway.screenshot(folder / "shot.png")
    x, y, width, height = (round(v * SCALE) for v in tile["frame"])
    region = shot.crop((x, y, x + width, y + height))
    return all(max(abs(a - b) for a, b in zip(pixel, BACKGROUND)) <= 12 for pixel in pixels(region))


def pixels(image):
    """An RGB image's pixels as (r, g, b) tuples, row by row."""
    data = image.tobytes()
    return [tuple(data[index:index + 3]) for index in range(0, len(data), 3)]


def fail(message):
    raise Failure(message)


if __name__ == "__main__":
    main()
