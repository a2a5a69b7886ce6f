#!/usr/bin/env python3
"""The home screen (/home) in a real browser: headless Chromium as a touch tablet, over DevTools.

    scripts/home-check.py WIDGETHOST_BINARY SCREENSHOT.png

Starts `widgethost run --http 127.0.0.1:0` with a data folder of its own and the sample bundles,
adds a small Counter, a medium MoviePlanner and a small FishGo (POST /v1/instances), opens /home at
1024 × 768 points and a pixel ratio of 2, and checks that
  - each instance has a tile at the frame GET /v1/home gives for that screen, its image drawn at
    2× (the Counter's 340 pixels wide);
  - a tap (touch events) on the Counter's `+` (the button the regions place over its image)
    performs IncrementCountIntent: its count goes one up (GET /v1/widgets) and the tile is drawn
    again, different, without the page reloading;
  - `widgethost home place ID --cell 4,2` (the CLI, another process) moves the Counter's tile to
    that cell without the page reloading (the `home` event);
then saves a screenshot. Edit mode by touch: a long press on empty space enters it (badges show),
a drag moves the Counter to another cell (GET /v1/home), `+` → search → a family adds a Counter,
which dropped on the other makes a Smart Stack, Escape leaves (screenshots of edit mode and the
gallery sheet beside the first). Smart Rotate: a Pillar joins the stack, which is swiped back to the
Counter; 42 pillars written and the Pillar reloaded, the daemon brings the Pillar forward and the
page shows it (home-smart-rotate.png); the stack's menu turns Smart Rotate off. The gallery sheet:
a preview goes from the placeholder to the snapshot, and a Clock dragged (mouse) out of the sheet
onto cell 0,4 is added there (home-gallery-drag.png, mid-drag); a fixture bundle
(Tests/Fixtures/Bundles/relevant_entries.c, built with cc) removed from disk while the sheet shows
it turns "no longer available" there, and choosing it adds nothing. Two screens at once: while a
finger drags FishGo, another client moves the MoviePlanner; the drop is refused (409
layoutChanged), the page says so and shows the other's move. A right-click on FishGo offers
Edit Widget with its summary ("Fishing at Spot", the spot focusing its picker), its spot and a
search over spots. Last,
the gallery's Home screen view: a finger drags the MoviePlanner to another cell. Exits 1 naming the
first failed check; Chromium and the daemon are always stopped (driver: scripts/browser-check.py).
"""

import argparse
import importlib.util
import json
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from widgethost_daemon import Daemon, Failure, compile_c_bundle, counter_count, wait_until  # noqa: E402

# browser-check.py's Chromium and DevTools: its file name is not a module name.
_spec = importlib.util.spec_from_file_location("browser_check", HERE / "browser-check.py")
browser_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(browser_check)
Chromium, save_screenshot = browser_check.Chromium, browser_check.save_screenshot

SCREEN = {"width": 1024, "height": 768, "scale": 2}
# Hang guards, not goals: the first drawing of each widget is the slow part.
DRAW_TIMEOUT = 60
UPDATE_TIMEOUT = 30


def api(url, method="GET", body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Widgethost-Token"] = token
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        raise Failure(f"{method} {url} answered {error.code}: {error.read().decode(errors='replace')}") from None


def tile_selector(instance):
    return f".tile[data-instance={json.dumps(instance)}]"


# One tile as the page shows it (the contract in Sources/WidgetServer/Home/HomeScript.swift).
READ_TILE = """((selector) => {
  const tile = document.querySelector(selector);
  if (!tile) return null;
  const image = tile.querySelector('img.face');
  const box = tile.getBoundingClientRect();
  return { loaded: tile.classList.contains('loaded') && image.complete && image.naturalWidth > 0,
           naturalWidth: image.naturalWidth, src: image.getAttribute('src'), page: tile.dataset.page,
           column: tile.dataset.column, row: tile.dataset.row, pending: tile.classList.contains('pending'),
           x: box.left + document.getElementById('pages').scrollLeft, y: box.top, width: box.width, height: box.height };
})"""

# A digest of the tile's pixels as drawn (same origin, so the canvas may read them).
READ_PIXELS = """((selector) => {
  const image = document.querySelector(selector + ' img.face');
  if (!image || !image.complete || !image.naturalWidth) return null;
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let hash = 0;
  for (let index = 0; index < pixels.length; index += 1) hash = (hash * 31 + pixels[index]) >>> 0;
  return hash;
})"""


def read_tile(page, instance):
    return page.evaluate(f"{READ_TILE}({json.dumps(tile_selector(instance))})")


def pixels(page, instance):
    return page.evaluate(f"{READ_PIXELS}({json.dumps(tile_selector(instance))})")


def check_tiles_drawn(page, url, instances):
    """Every instance's tile at the frame /v1/home gives for this screen, its image at 2×."""
    layout = api(url + f"v1/home?width={SCREEN['width']}&height={SCREEN['height']}&output=browser")
    frames = {tile["id"]: tile["frame"] for tile in layout["tiles"]}
    for instance in instances:
        tile = wait_until(lambda: (lambda t: t if t and t["loaded"] else None)(read_tile(page, instance)), DRAW_TIMEOUT, interval=0.2)
        if tile is None:
            requests = page.evaluate(f"performance.getEntriesByType('resource').filter((e) => e.name.includes({json.dumps(instance)}))"
                                     ".map((e) => [e.name, e.responseStatus, Math.round(e.duration)])")
            raise Failure(f"the tile of {instance} was not drawn within {DRAW_TIMEOUT} s: {read_tile(page, instance)};"
                          f" its requests: {requests}")
        frame = frames[instance]
        if (round(tile["x"]), round(tile["y"]), round(tile["width"])) != (round(frame["x"]), round(frame["y"]), round(frame["width"])):
            raise Failure(f"the tile of {instance} is at {tile}, not at /v1/home's frame {frame}")
        if tile["naturalWidth"] != frame["width"] * SCREEN["scale"]:
            raise Failure(f"the tile of {instance} is drawn {tile['naturalWidth']} pixels wide, not at {SCREEN['scale']}×: {tile['src']}")
    print(f"ok: {len(instances)} tiles drawn at /v1/home's frames, at {SCREEN['scale']}×")


def check_tap_increment(page, url, counter):
    plus = tile_selector(counter) + " .regions button.control[data-intent=IncrementCountIntent]"
    if not wait_until(lambda: page.evaluate(f"!!document.querySelector({json.dumps(plus)})"), UPDATE_TIMEOUT):
        regions = page.evaluate(f"document.querySelector({json.dumps(tile_selector(counter) + ' .regions')})?.outerHTML")
        raise Failure(f"the Counter's tile has no + to tap (no {plus}) within {UPDATE_TIMEOUT} s; its regions: {regions}")
    before = counter_count(url, counter)
    if before is None:
        raise Failure("the Counter instance shows no count to add to (GET /v1/widgets)")
    drawn_before = pixels(page, counter)
    page.evaluate("window.__notReloaded = 1")
    box = page.evaluate(f"""(() => {{
      const rect = document.querySelector({json.dumps(plus)}).getBoundingClientRect();
      return {{ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }};
    }})()""")
    started = time.monotonic()
    touch(page, box)
    if not wait_until(lambda: counter_count(url, counter) == before + 1, UPDATE_TIMEOUT, interval=0.05):
        toast = page.evaluate("document.getElementById('toast').textContent")
        raise Failure(f"the Counter's count did not become {before + 1} within {UPDATE_TIMEOUT} s of tapping +;"
                      f" it is {counter_count(url, counter)}; the page says {toast!r}")
    counted = time.monotonic() - started

    def redrawn():
        tile = read_tile(page, counter)
        now = pixels(page, counter)
        return tile and tile["loaded"] and not tile["pending"] and now is not None and now != drawn_before

    if not wait_until(redrawn, UPDATE_TIMEOUT, interval=0.05):
        raise Failure(f"the Counter's tile was not drawn again, different, after its count became {before + 1}: {read_tile(page, counter)}")
    if page.evaluate("window.__notReloaded") != 1:
        raise Failure("the page was reloaded by the tap: it should update itself from /v1/events")
    print(f"ok: tapping + on the Counter's tile made the count {before + 1} after {counted:.2f} s and redrew the tile"
          f" after {time.monotonic() - started:.2f} s, without a reload")


def check_cli_move(page, daemon, counter):
    daemon.cli("home", "place", counter, "--cell", "4,2")

    def moved():
        tile = read_tile(page, counter)
        return tile if tile and tile["column"] == "4" and tile["row"] == "2" and tile["page"] == "0" else None

    tile = wait_until(moved, UPDATE_TIMEOUT, interval=0.05)
    if tile is None:
        raise Failure(f"`widgethost home place {counter} --cell 4,2` did not move the tile within {UPDATE_TIMEOUT} s: {read_tile(page, counter)}")
    # Cell (4, 2) of a 1024-point-wide grid: x 39 + 4 × 97, y 33 + 2 × 106.
    if (round(tile["x"]), round(tile["y"])) != (39 + 4 * 97, 33 + 2 * 106):
        raise Failure(f"the tile moved to {tile}, not to cell 4,2's frame at (427, 245)")
    if page.evaluate("window.__notReloaded") != 1:
        raise Failure("the page was reloaded by the move: it should follow the home event")
    print("ok: `widgethost home place --cell 4,2` moved the Counter's tile there, without a reload")


def touch(page, start, end=None, hold=0.0, steps=12):
    """A finger put down at `start`, held `hold` seconds, moved to `end` (if any) in steps, lifted:
    a tap, a long press or a drag."""
    page.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[start])
    time.sleep(hold)
    for step in range(1, steps + 1 if end else 1):
        page.send("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{
            "x": start["x"] + (end["x"] - start["x"]) * step / steps, "y": start["y"] + (end["y"] - start["y"]) * step / steps}])
        time.sleep(0.05)
    page.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


def centre(page, selector):
    return page.evaluate(f"""(() => {{ const box = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
      return {{ x: box.left + box.width / 2, y: box.top + box.height / 2 }}; }})()""")


def home_tiles(url):
    return {tile["id"]: tile for tile in api(url + f"v1/home?width={SCREEN['width']}&height={SCREEN['height']}")["tiles"]}


def wait_for(page, expression, what):
    if not wait_until(lambda: page.evaluate(expression), UPDATE_TIMEOUT, interval=0.05):
        raise Failure(f"{what} (waited {UPDATE_TIMEOUT} s for {expression}); the page says {page.evaluate('document.getElementById(`toast`).textContent')!r}")


def check_edit_mode(page, url, counter, shots):
    """Edit mode with a finger: enter, drag to a cell, add from the gallery sheet, stack, leave."""
    # Empty space (cell 8,5 of the 10 × 7 grid), held still 0.7 s.
    touch(page, {"x": 900, "y": 650}, hold=0.7)
    wait_for(page, "document.body.dataset.editing === '1' && getComputedStyle(document.querySelector('.tile .remove-badge')).display !== 'none'",
             "a long press on empty space did not enter edit mode with remove badges")
    save_screenshot(page, shots / "home-edit.png")
    print("ok: a long press (touch, 0.7 s) on empty space entered edit mode; the remove badges show")

    # The remove badge asks first, as iOS: Remove "<name>"? with Cancel focused; Cancel keeps it.
    touch(page, centre(page, tile_selector(counter) + " .remove-badge"))
    wait_for(page, "document.getElementById('remove-alert').open && document.activeElement.matches('#remove-alert .cancel')",
             "the remove badge did not ask before removing (no remove alert with Cancel focused)")
    title = page.evaluate("document.getElementById('remove-alert-title').textContent")
    if not (title.startswith("Remove \u201c") and title.endswith("\u201d?")):
        raise Failure(f"the remove alert's title is {title!r}, not Remove \u201c<name>\u201d?")
    if counter not in home_tiles(url):
        raise Failure("the remove badge removed the widget before the alert was answered")
    save_screenshot(page, shots / "home-remove-alert.png")
    touch(page, centre(page, "#remove-alert .cancel"))
    wait_for(page, "!document.getElementById('remove-alert').open", "Cancel did not close the remove alert")
    if counter not in home_tiles(url):
        raise Failure("Cancel in the remove alert removed the widget")
    print(f"ok: the remove badge asked {title!r}; Cancel kept the widget")

    # The Counter (at cell 4,2) dragged by its middle so that its slot lands on cell 7,4.
    start = centre(page, tile_selector(counter))
    touch(page, start, {"x": start["x"] + 3 * 97, "y": start["y"] + 2 * 106})
    if not wait_until(lambda: (lambda t: (t.get("column"), t.get("row"), t.get("placed")) == (7, 4, True))(home_tiles(url).get(counter, {})),
                      UPDATE_TIMEOUT, interval=0.1):
        raise Failure(f"dragging the Counter to cell 7,4 in edit mode did not move it there: {home_tiles(url).get(counter)}")
    wait_for(page, f"document.querySelector({json.dumps(tile_selector(counter))}).dataset.column === '7'", "the page did not show the moved Counter")
    print("ok: a finger's drag in edit mode moved the Counter to cell 7,4 (POST /v1/home/moves, GET /v1/home agrees)")

    before = set(home_tiles(url))
    touch(page, centre(page, "#add-widget-button"))
    wait_for(page, "document.getElementById('gallery-sheet').open && document.querySelectorAll('.gallery-kind').length > 1",
             "`+` did not open the gallery sheet with the kinds")
    wait_until(lambda: page.evaluate("[...document.querySelectorAll('#gallery-list img')].slice(0, 6).every((i) => i.complete)"), 10)
    save_screenshot(page, shots / "home-gallery.png")
    page.send("Input.insertText", text="counter")
    family = ".gallery-kind[data-kind='CounterWidget'] button.family[data-family='systemSmall']"
    wait_for(page, f"document.querySelectorAll('.gallery-kind').length === 1 && !!document.querySelector({json.dumps(family)})",
             "searching the gallery for 'counter' did not leave the Counter alone")
    touch(page, centre(page, family))
    if not wait_until(lambda: len(set(home_tiles(url)) - before) == 1, UPDATE_TIMEOUT, interval=0.1):
        raise Failure("choosing the Counter's small family in the gallery sheet added no widget to the home screen")
    added = (set(home_tiles(url)) - before).pop()
    print(f"ok: + → search 'counter' → Small added {added}")

    # The new Counter dropped on the first one's middle makes a stack.
    wait_for(page, f"!!document.querySelector({json.dumps(tile_selector(added))}) && !document.getElementById('gallery-sheet').open",
             "the added Counter did not appear on the page")
    touch(page, centre(page, tile_selector(added)), centre(page, tile_selector(counter)))
    if not wait_until(lambda: any((t.get("stack") or {}).get("members", []) and set(t["stack"]["members"]) == {counter, added}
                                  for t in home_tiles(url).values()), UPDATE_TIMEOUT, interval=0.1):
        raise Failure(f"dropping {added} on {counter} made no stack: {home_tiles(url)}")
    wait_for(page, "document.querySelectorAll('.tile[data-stack] .stack-dots i').length === 2", "the stack shows no dots")
    print("ok: dropping the new Counter on the other made a Smart Stack (POST /v1/home/stacks), drawn with two dots")

    for kind in ("keyDown", "keyUp"):
        page.send("Input.dispatchKeyEvent", type=kind, key="Escape", code="Escape", windowsVirtualKeyCode=27)
    wait_for(page, "document.body.dataset.editing === undefined", "Escape did not leave edit mode")
    print("ok: Escape left edit mode")


def check_smart_rotate(page, url, daemon, counter, token, shot):
    """Smart Rotate on a stack, end to end: a Pillar (relevance = pillars / 100) dropped on the
    Counters' stack, the stack swiped back to the Counter; the game's total written and the Pillar
    reloaded, the daemon brings the Pillar forward by itself and the page shows it. The stack's menu
    says Smart Rotate is on; turned off there, GET /v1/home says so."""
    pillar = api(url + "v1/instances", "POST", {"kind": "PillarWidget", "family": "systemSmall"}, token)["id"]
    api(url + "v1/home/stacks", "POST", {"dropped": pillar, "onto": counter}, token)
    stack = next(t["stack"] for t in home_tiles(url).values() if t.get("stack") and pillar in t["stack"]["members"])
    # Dropped, the Pillar shows on top with 0 pillars: what it must not show once it has 42.
    wait_for(page, f"document.querySelector({json.dumps(tile_selector(pillar))})?.classList.contains('loaded')",
             "the page did not draw the Pillar dropped on the stack")
    with_none = pixels(page, pillar)
    api(url + f"v1/home/stacks/{stack['id']}", "PUT", {"shown": counter}, token)
    wait_for(page, f"document.querySelector({json.dumps(tile_selector(counter))})?.dataset.stack === {json.dumps(stack['id'])}",
             "the page does not show the stack swiped to the Counter")
    daemon.cli("defaults", "write", "group.bacon.data", "pillarsTraversed", "42", "--type", "int")
    daemon.cli("reload", "PillarWidget")
    if not wait_until(lambda: any(t["id"] == pillar and t.get("stack") for t in home_tiles(url).values()), UPDATE_TIMEOUT, interval=0.1):
        raise Failure(f"with 42 pillars (relevance 0.42) the stack did not bring the Pillar forward: {home_tiles(url)}")
    wait_for(page, f"document.querySelector({json.dumps(tile_selector(pillar))})?.dataset.stack === {json.dumps(stack['id'])}"
             f" && document.querySelector({json.dumps(tile_selector(pillar))}).classList.contains('loaded')",
             "the page did not show the Pillar Smart Rotate brought forward")
    if not wait_until(lambda: (lambda now: now is not None and now != with_none)(pixels(page, pillar)), UPDATE_TIMEOUT, interval=0.1):
        raise Failure("the Pillar brought forward is drawn as it was with 0 pillars, not with its current entry (42)")
    wait_for(page, f"!document.querySelector({json.dumps(tile_selector(pillar))}).classList.contains('pending')",
             "the Pillar's tile stays dimmed as pending")
    save_screenshot(page, shot)
    print("ok: Smart Rotate brought the Pillar forward on the stack when its relevance rose (0.42), on the page and in GET /v1/home")

    spot = centre(page, tile_selector(pillar))
    for kind in ("mousePressed", "mouseReleased"):
        page.send("Input.dispatchMouseEvent", type=kind, x=spot["x"], y=spot["y"], button="right", clickCount=1)
    item = "#home-menu:not([hidden]) [data-action=smart-rotate]"
    wait_for(page, f"document.querySelector({json.dumps(item)})?.textContent === 'Smart Rotate: On'", "the stack's menu shows no 'Smart Rotate: On'")
    page.evaluate(f"document.querySelector({json.dumps(item)}).click()")
    if not wait_until(lambda: any(t.get("stack") and t["stack"]["id"] == stack["id"] and t["stack"]["smartRotate"] is False
                                  for t in home_tiles(url).values()), UPDATE_TIMEOUT, interval=0.1):
        raise Failure("turning Smart Rotate off in the stack's menu did not reach GET /v1/home")
    print("ok: the stack's menu shows Smart Rotate: On, and turning it off there reaches GET /v1/home")


def check_gallery_drag_to_home(page, url, shot):
    """A widget dragged out of /home's gallery sheet (the mouse) onto an empty spot is added at that
    cell; the gallery's previews show the placeholder first, then the snapshot."""
    touch(page, {"x": 900, "y": 650}, hold=0.7)
    wait_for(page, "document.body.dataset.editing === '1'", "a long press on empty space did not enter edit mode")
    touch(page, centre(page, "#add-widget-button"))
    wait_for(page, "document.getElementById('gallery-sheet').open && document.querySelectorAll('.gallery-kind').length > 1",
             "`+` did not open the gallery sheet")
    family = ".gallery-kind[data-kind='ClockWidget'] button.family[data-family='systemSmall']"
    wait_for(page, f"document.querySelector({json.dumps(family + ' img')})?.dataset.preview === 'snapshot'",
             "the Clock's small preview did not go from the placeholder to its snapshot")
    before = set(home_tiles(url))
    layout = api(url + f"v1/home?width={SCREEN['width']}&height={SCREEN['height']}&output=browser")
    # Cell 0,4 (free: the widgets above sit in rows 0 to 1 and at 7,4); the pointer at its slot's middle.
    grid = layout["grid"]
    target = {"x": grid["origin"]["x"] + (2 * grid["cellWidth"] + grid["columnGap"]) / 2,
              "y": grid["origin"]["y"] + 4 * (grid["cellHeight"] + grid["rowGap"]) + (2 * grid["cellHeight"] + grid["rowGap"]) / 2}
    page.evaluate(f"document.querySelector({json.dumps(family)}).scrollIntoView({{ block: 'center' }})")
    start = centre(page, family)
    page.send("Input.dispatchMouseEvent", type="mousePressed", x=start["x"], y=start["y"], button="left", clickCount=1)
    for step in range(1, 13):
        page.send("Input.dispatchMouseEvent", type="mouseMoved", x=start["x"] + (target["x"] - start["x"]) * step / 12,
                  y=start["y"] + (target["y"] - start["y"]) * step / 12, button="left")
        time.sleep(0.04)
    wait_for(page, "document.body.dataset.galleryDragging === '1' && !document.getElementById('gallery-sheet').open",
             "dragging a family out of the gallery sheet did not close it and carry the widget")
    save_screenshot(page, shot)
    page.send("Input.dispatchMouseEvent", type="mouseReleased", x=target["x"], y=target["y"], button="left", clickCount=1)
    if not wait_until(lambda: len(set(home_tiles(url)) - before) == 1, UPDATE_TIMEOUT, interval=0.1):
        raise Failure(f"dropping the Clock from the gallery on the home screen added nothing; the page says "
                      f"{page.evaluate('document.getElementById(`toast`).textContent')!r}")
    added = (set(home_tiles(url)) - before).pop()
    # Added first (at the first free slot), then moved to the cell: wait for the move.
    at_cell = lambda: (lambda t: (t.get("page"), t.get("column"), t.get("row")) == (0, 0, 4))(home_tiles(url).get(added, {}))
    if not wait_until(at_cell, UPDATE_TIMEOUT, interval=0.1):
        placed = home_tiles(url).get(added, {})
        raise Failure(f"the Clock dragged from the gallery to cell 0,4 was added at {placed.get('page')}/{placed.get('column')},{placed.get('row')};"
                      f" the page says {page.evaluate('document.getElementById(`toast`).textContent')!r}")
    wait_for(page, f"!!document.querySelector({json.dumps(tile_selector(added))})", "the page did not show the Clock added by the drag")
    for kind in ("keyDown", "keyUp"):
        page.send("Input.dispatchKeyEvent", type=kind, key="Escape", code="Escape", windowsVirtualKeyCode=27)
    print(f"ok: a Clock dragged out of the gallery sheet onto cell 0,4 was added there ({added}); its preview showed the placeholder, then the snapshot")


def check_removed_bundle(page, url, bundle):
    """A bundle removed from disk while the gallery sheet shows it: its kinds turn "no longer
    available" in the open sheet, and choosing one says so and adds nothing."""
    touch(page, {"x": 900, "y": 650}, hold=0.7)
    wait_for(page, "document.body.dataset.editing === '1'", "a long press on empty space did not enter edit mode")
    touch(page, centre(page, "#add-widget-button"))
    kind = ".gallery-kind[data-kind='RelevantA']"
    wait_for(page, f"document.getElementById('gallery-sheet').open && document.querySelector({json.dumps(kind)})?.dataset.available === '1'",
             "the gallery sheet does not offer the fixture bundle's RelevantA")
    before = set(home_tiles(url))
    Path(bundle).unlink()
    wait_for(page, f"document.querySelector({json.dumps(kind)})?.dataset.available === '0'"
             f" && document.querySelector({json.dumps(kind + ' p.unavailable')})?.textContent.includes('No longer available')",
             "removing RelevantA's bundle did not mark it no longer available in the open gallery sheet")
    page.evaluate(f"document.querySelector({json.dumps(kind)}).scrollIntoView({{ block: 'center' }})")
    touch(page, centre(page, kind + " button.family"))
    wait_for(page, "document.getElementById('toast').textContent.includes('no longer available')",
             "choosing the removed kind did not say it is no longer available")
    time.sleep(0.5)  # a wrongly added widget would show by now: the layout read below must not have it
    if set(home_tiles(url)) != before:
        raise Failure(f"choosing the removed kind added a widget: {set(home_tiles(url)) - before}")
    page.evaluate("document.querySelector('#gallery-sheet .close').click()")
    for kind_of_event in ("keyDown", "keyUp"):
        page.send("Input.dispatchKeyEvent", type=kind_of_event, key="Escape", code="Escape", windowsVirtualKeyCode=27)
    print("ok: a bundle removed while the gallery sheet showed it: its kind is marked no longer available, and choosing it adds nothing")


def check_two_screens(page, url, token, fish, movie):
    """Two home screens editing at once: while this page's finger drags FishGo, another client
    moves the MoviePlanner. This page's drop was made on the layout before that move, so it is
    refused (409 layoutChanged): the other's move stands, FishGo stays, and the page says so and
    shows the new layout."""
    touch(page, {"x": 900, "y": 650}, hold=0.7)
    wait_for(page, "document.body.dataset.editing === '1'", "a long press on empty space did not enter edit mode")
    tiles = home_tiles(url)
    fish_cell, movie_cell = (tiles[fish]["column"], tiles[fish]["row"]), (tiles[movie]["column"], tiles[movie]["row"])
    start = centre(page, tile_selector(fish))
    end = {"x": start["x"], "y": start["y"] + 2 * 106}
    page.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[start])
    for step in range(1, 9):
        page.send("Input.dispatchTouchEvent", type="touchMove", touchPoints=[{"x": start["x"], "y": start["y"] + 2 * 106 * step / 8}])
        time.sleep(0.05)
    wait_for(page, "document.body.dataset.dragging === '1'", "the finger did not pick FishGo up")
    other = (movie_cell[0], movie_cell[1] + 4)
    api(url + f"v1/home/moves?width={SCREEN['width']}&height={SCREEN['height']}", "POST",
        {"instance": movie, "page": 0, "column": other[0], "row": other[1], "commit": True}, token)
    time.sleep(0.5)  # the other screen's `home` event reaches this page while the finger is down
    page.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
    wait_for(page, "document.getElementById('toast').textContent.includes('changed on another screen')",
             "the drop made on a layout another screen changed was not refused with a clear message")
    tiles = home_tiles(url)
    if (tiles[movie]["column"], tiles[movie]["row"]) != other or (tiles[fish]["column"], tiles[fish]["row"]) != fish_cell:
        raise Failure(f"after the refused drop the MoviePlanner should be at {other} (the other screen's move) and FishGo still at"
                      f" {fish_cell}: {tiles[movie]}, {tiles[fish]}")
    wait_for(page, f"document.querySelector({json.dumps(tile_selector(movie))}).dataset.row === {json.dumps(str(other[1]))}"
             f" && document.querySelector({json.dumps(tile_selector(fish))}).dataset.row === {json.dumps(str(fish_cell[1]))}",
             "the page does not show the layout as the other screen left it")
    for kind_of_event in ("keyDown", "keyUp"):
        page.send("Input.dispatchKeyEvent", type=kind_of_event, key="Escape", code="Escape", windowsVirtualKeyCode=27)
    print("ok: two screens at once: a drop made on a layout another client had changed was refused (409 layoutChanged),"
          " the other's move stood, and the page said so and showed it")


def check_edit_widget(page, fish):
    """A right-click (mouse) on the configurable FishGo: its menu's Edit Widget opens a sheet of its parameters."""
    spot = centre(page, tile_selector(fish))
    for kind in ("mousePressed", "mouseReleased"):
        page.send("Input.dispatchMouseEvent", type=kind, x=spot["x"], y=spot["y"], button="right", clickCount=1)
    wait_for(page, "!!document.querySelector('#home-menu:not([hidden]) [data-action=edit-widget]')", "a right-click on FishGo opened no Edit Widget")
    page.evaluate("document.querySelector('#home-menu [data-action=edit-widget]').click()")
    wait_for(page, "document.getElementById('configure-sheet').open && document.body.dataset.formReady === '1'"
             " && !!document.querySelector('#configure-sheet [data-parameter=spot]')", "Edit Widget did not open a sheet with FishGo's spot")
    # Its intent's ParameterSummary is the sentence at the top, the spot (none picked yet) shown
    # by its title and focusing the picker; its query is an EntityStringQuery, so it has a search field.
    wait_for(page, "document.querySelector('#configure-sheet .summary').dataset.sentence === 'Fishing at Spot'"
             " && !!document.querySelector('#configure-sheet .summary-value[data-summary-parameter=spot]')"
             " && !!document.querySelector('#configure-sheet input.entity-search[data-search-for=spot]')",
             "Edit Widget showed no summary 'Fishing at Spot' with the spot in it, or no search over spots")
    page.evaluate("document.querySelector('#configure-sheet .summary-value[data-summary-parameter=spot]').click()")
    wait_for(page, "document.activeElement === document.querySelector('#configure-sheet [data-parameter=spot]')",
             "tapping the spot in the summary did not focus its picker")
    page.evaluate("document.querySelector('#configure-sheet .cancel').click()")
    print("ok: a right-click on FishGo offered Edit Widget, whose sheet holds its summary, spot picker and search")


def check_gallery_drag(page, url, movie):
    """The gallery's Home screen view: a finger drags the MoviePlanner's tile to cell 0,4 of page 1, and
    the placement is stored (GET /v1/home) and shown."""
    page.navigate(url, timeout=DRAW_TIMEOUT)
    page.evaluate("document.getElementById('home-screen').open = true")
    tile = f"#home-screen .home-page[data-page='0'] .home-tile[data-instance={json.dumps(movie)}]"
    cell = "#home-screen .home-page[data-page='0'] .cell[data-column='0'][data-row='4']"
    if not wait_until(lambda: page.evaluate(f"!!document.querySelector({json.dumps(tile)}) && !!document.querySelector({json.dumps(cell)})"),
                      UPDATE_TIMEOUT):
        raise Failure(f"the gallery's Home screen view shows no {tile} or no {cell}")
    points = page.evaluate(f"""(() => {{
      document.querySelector({json.dumps(tile)}).scrollIntoView({{ block: 'center' }});
      const from = document.querySelector({json.dumps(tile)}).getBoundingClientRect();
      const to = document.querySelector({json.dumps(cell)}).getBoundingClientRect();
      return {{ from: {{ x: from.left + 5, y: from.top + 5 }}, to: {{ x: to.left + 5, y: to.top + 5 }} }};
    }})()""")
    touch(page, points["from"], points["to"], steps=5)

    def stored():
        tiles = {t["id"]: t for t in api(url + f"v1/home?width={SCREEN['width']}&height={SCREEN['height']}")["tiles"]}
        placed = tiles.get(movie, {})
        return placed if (placed.get("column"), placed.get("row"), placed.get("placed")) == (0, 4, True) else None

    if not wait_until(stored, UPDATE_TIMEOUT, interval=0.1):
        error = page.evaluate("document.querySelector('#home-screen .home-error').textContent")
        raise Failure(f"dragging the MoviePlanner's tile to cell 0,4 in the gallery stored no such placement; the view says {error!r}")
    shown = f"#home-screen .home-tile[data-instance={json.dumps(movie)}][data-column='0'][data-row='4']"
    if not wait_until(lambda: page.evaluate(f"!!document.querySelector({json.dumps(shown)})"), UPDATE_TIMEOUT):
        raise Failure("the gallery's Home screen view did not show the MoviePlanner at its new cell")
    print("ok: a finger's drag in the gallery's Home screen view moved the MoviePlanner to cell 0,4 (PUT /v1/home/placements)")


def build_fixture_bundle(folder):
    """Tests/Fixtures/Bundles/relevant_entries.c (C, no dependencies) into a folder of its own,
    which the check removes it from while the gallery sheet shows it."""
    folder.mkdir()
    return compile_c_bundle("Tests/Fixtures/Bundles/relevant_entries.c", folder / "relevant_entries.so")


def run(arguments, work):
    removable = build_fixture_bundle(work / "removable")
    daemon = Daemon(arguments.binary, work / "data", run_options=["--open-url-command", "none", "--bundles", str(removable.parent)])
    chromium = Chromium(work / "profile")
    page = None
    try:
        url = daemon.start()
        print(f"daemon: {url}")
        token = daemon.token()
        counter = api(url + "v1/instances", "POST", {"kind": "CounterWidget", "family": "systemSmall"}, token)["id"]
        movie = api(url + "v1/instances", "POST", {"kind": "MoviePlannerWidget", "family": "systemMedium"}, token)["id"]
        fish = api(url + "v1/instances", "POST", {"kind": "FishGoWidget", "family": "systemSmall"}, token)["id"]
        chromium.start()
        page = chromium.first_page()
        page.send("Page.enable")
        page.send("Emulation.setDeviceMetricsOverride", width=SCREEN["width"], height=SCREEN["height"],
                  deviceScaleFactor=SCREEN["scale"], mobile=False)
        page.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        page.navigate(url + "home", timeout=DRAW_TIMEOUT)
        if not wait_until(lambda: page.evaluate("document.body.dataset.ready === '1'"), UPDATE_TIMEOUT):
            raise Failure("/home did not connect to /v1/events (body[data-ready] is not 1)")
        check_tiles_drawn(page, url, [counter, movie, fish])
        check_tap_increment(page, url, counter)
        check_cli_move(page, daemon, counter)
        save_screenshot(page, arguments.screenshot)
        check_edit_mode(page, url, counter, Path(arguments.screenshot).parent)
        check_smart_rotate(page, url, daemon, counter, token, Path(arguments.screenshot).parent / "home-smart-rotate.png")
        check_gallery_drag_to_home(page, url, Path(arguments.screenshot).parent / "home-gallery-drag.png")
        check_removed_bundle(page, url, removable)
        check_two_screens(page, url, token, fish, movie)
        check_edit_widget(page, fish)
        check_gallery_drag(page, url, movie)
    finally:
        if page is not None:
            page.close()
        chromium.stop()
        daemon.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the widgethost executable, e.g. $(swift build --show-bin-path)/widgethost")
    parser.add_argument("screenshot", help="where to save the home screen's screenshot (PNG)")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="widgethost-home-"))
    try:
        run(arguments, work)
    except Failure as failure:
        print(f"home check FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("home check: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
