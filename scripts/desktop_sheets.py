"""The desktop's sheets, checked the same way on X11 (desktop-x11-check.py) and Sway
(desktop-check.py): the widget gallery opened from the menu's "Add Widget…", searched by typing,
a widget added from it; Edit Widget on a FishGo widget, another spot chosen in its picker and
saved; the remove alert. Each sheet the desktop draws is traced (`--trace-frames`) as
`{"sheet": NAME, "focus": URL, "targets": {URL: [x, y, width, height]}}` in pixels, the links
WidgetRender laid out (Sources/WidgetDesktop/SheetRenderer.swift): the checks click what was drawn.

A driver is what differs between the two: `click(x, y, button=1)` (pixels), `type(text)` (into the
focused field), `key(name)` (X keysym names: Escape, Tab, Return) and
`screenshot()`, an RGB image.
"""

import json
import os
import signal
import subprocess
from pathlib import Path

from desktop_session import empty_point
from widgethost_daemon import Failure, compile_c_bundle, get_json, wait_until

TIMEOUT = 30
FISHGO_GROUP = "group.jp.netflowers.FishGo"
# The bundle check_removed_bundle deletes: scripts/generate-bundles.sh's first, with two kinds.
REMOVABLE = "Generated0001"


def write_fishgo_spots(daemon):
    """FishGo's spots in its App Group, as browser-check.py writes them: Harbor and Cape."""
    daemon.cli("defaults", "write", FISHGO_GROUP, "widgetFishingSpots", "--type", "json",
               json.dumps([{"id": "harbor", "name": "Harbor"}, {"id": "cape", "name": "Cape"}]))


def prepare_fishgo(daemon):
    """FishGo's spots, and a FishGo instance at Harbor; returns its id."""
    write_fishgo_spots(daemon)
    return json.loads(daemon.cli("instances", "add", "FishGoWidget", "--family", "systemSmall", "--set", "spot=harbor",
                                 "--format", "json"))["id"]


def sheets(desktop):
    return [line for line in desktop.shown if "sheet" in line]


def wait_for_sheet(desktop, after, condition, what):
    """The first sheet traced after index `after` for which `condition(line)` holds."""
    def found():
        desktop.alive()
        return next((line for line in sheets(desktop)[after:] if condition(line)), None)
    line = wait_until(found, TIMEOUT, interval=0.1)
    if line is None:
        last = sheets(desktop)[-1:] or ["no sheet traced"]
        raise Failure(f"{what} within {TIMEOUT} s; the last sheet traced: {last[0]}")
    return line


def centre(frame):
    x, y, width, height = frame
    return x + width // 2, y + height // 2


def instances(url):
    return {widget["instance"]: widget for widget in get_json(url + "v1/widgets")["widgets"] if widget.get("instance")}


def extra_bundles(folder):
    """The bundles the sheets' checks add to the samples, in a folder of their own to be served
    with `--bundles FOLDER`: one check_removed_bundle may delete (scripts/generate-bundles.sh's
    first, `REMOVABLE`, kinds REMOVABLE + "A" and "B"), and the Trip, whose one parameter is a date
    (Tests/Fixtures/Configurable/trip_bundle.c), for check_date_steppers."""
    out = Path(folder) / "extra-bundles"
    subprocess.run([str(Path(__file__).resolve().parent / "generate-bundles.sh"), "1", str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    compile_c_bundle("Tests/Fixtures/Configurable/trip_bundle.c", out / "Trip.so")
    return out


def open_gallery(driver, desktop, daemon, screen_size, scale):
    """Right-click on empty space, "Add Widget…": the gallery's first trace line."""
    # `screen_size` in points; what is clicked in pixels (`scale` a point). The menu opens to the
    # right of and below the click, 240 × 100 points at most.
    anchor = tuple(value * scale for value in empty_point(daemon.home_tiles(*screen_size), screen_size, room=(240, 100)))
    seen = len(sheets(desktop))
    driver.click(*anchor, button=3)
    # The menu on empty space: Edit Home Screen, Add Widget… (rows 44 points tall).
    driver.click(anchor[0] + 100 * scale, anchor[1] + 66 * scale)
    return wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "gallery", "\"Add Widget…\" opened no gallery")


# Edit mode's `+`, in points (Sources/WidgetHome/Editing/HomeEditChrome.swift: a 28-point circle
# at the 33-point margin, centred in it).
PLUS = (33 + 14, (33 - 28) // 2 + 14)


def open_gallery_from_plus(driver, desktop, scale):
    """In edit mode, a click on `+`: the gallery's first trace line."""
    seen = len(sheets(desktop))
    driver.click(PLUS[0] * scale, PLUS[1] * scale)
    return wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "gallery", "a click on + in edit mode opened no gallery")


def search_gallery(driver, desktop, gallery, text, kinds):
    """Types `text` into the gallery's search field; the trace line that shows only `kinds`.
    The field is clicked first, as a person does: under Sway the desktop has the keyboard only
    after a click on one of edit mode's controls, menus or sheets once it asked for it
    (docs/desktop.md), and the click on the menu's row may have come before the menu was drawn (it
    is made at once, not when the menu is seen)."""
    driver.click(*centre(gallery["targets"]["widgethost-sheet:search"]))
    seen = len(sheets(desktop))
    driver.type(text)
    return wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "gallery"
                          and {url_kind(t) for t in line["targets"] if "family/" in t} == kinds,
                          f"typing \"{text}\" did not narrow the gallery to {sorted(kinds)}")


def check_gallery(driver, desktop, daemon, url, screen_size, shots, scale=1):
    """Right-click on empty space, "Add Widget…": the gallery, listing every kind; typing "clock"
    narrows it to the Clock; a click on its small preview adds a Clock instance (the API lists it).
    Returns the new instance's id."""
    before = set(instances(url))
    kinds = {kind["kind"] for kind in get_json(url + "v1/kinds")["kinds"]}
    gallery = open_gallery(driver, desktop, daemon, screen_size, scale)
    offered = {url_kind(target) for target in gallery["targets"] if target.startswith("widgethost-sheet:family/")}
    shown = offered & kinds
    if not shown:
        raise Failure(f"the gallery shows no family preview of a loaded kind ({sorted(kinds)}): {sorted(gallery['targets'])}")
    if gallery["focus"] != "widgethost-sheet:search":
        raise Failure(f"the gallery opened with the focus on {gallery['focus']}, not the search field")
    driver.screenshot().save(shots / "gallery.png")
    print(f"ok: \"Add Widget…\" opened the gallery, the search field focused, showing {len(shown)} kinds: {sorted(shown)}")

    clock_small = "widgethost-sheet:family/systemSmall/ClockWidget"
    gallery = search_gallery(driver, desktop, gallery, "clock", {"ClockWidget"})
    driver.screenshot().save(shots / "gallery-search.png")
    print(f"ok: typing \"clock\" left only the Clock's previews: {sorted(t for t in gallery['targets'] if 'family/' in t)}")
    if clock_small not in gallery["targets"]:
        raise Failure(f"the gallery offers no small Clock: {sorted(gallery['targets'])}")
    driver.click(*centre(gallery["targets"][clock_small]))
    added = wait_until(lambda: [i for i, w in instances(url).items() if i not in before and w["kind"] == "ClockWidget"], TIMEOUT, interval=0.2)
    if not added:
        raise Failure("a click on the small Clock preview added no Clock instance (GET /v1/widgets)")
    tiles = daemon.home_tiles(*screen_size)
    if added[0] not in tiles or tiles[added[0]]["page"] != 0:
        raise Failure(f"the new Clock {added[0]} is not on the first page: {tiles.get(added[0])}")
    print(f"ok: a click on the small Clock added instance {added[0]}, placed on page 1 at cell"
          f" {tiles[added[0]]['column']},{tiles[added[0]]['row']}")
    return added[0]


def check_removed_bundle(driver, desktop, daemon, url, bundle_folder, shots, scale=1):
    """In edit mode, `+` opens the gallery, and a bundle it shows is deleted before the host has
    seen it go (the daemon is held with SIGSTOP meanwhile, so the desktop cannot learn it): a click
    on its preview adds nothing, and the gallery comes back with the bundle's kinds marked as no
    longer available (the trace's `removed`). Once the daemon runs again it drops the bundle's
    kinds (GET /v1/kinds). The gallery is then closed by its close button, edit mode left on."""
    kind, kinds = REMOVABLE + "A", {REMOVABLE + "A", REMOVABLE + "B"}
    before = set(instances(url))
    gallery = search_gallery(driver, desktop, open_gallery_from_plus(driver, desktop, scale), "generated", kinds)
    preview = f"widgethost-sheet:family/systemSmall/{kind}"
    os.kill(daemon.process.pid, signal.SIGSTOP)
    try:
        (Path(bundle_folder) / f"{REMOVABLE}.so").unlink()
        seen = len(sheets(desktop))
        driver.click(*centre(gallery["targets"][preview]))
        marked = wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "gallery" and set(line.get("removed", [])) == kinds,
                                f"a click on {kind}'s preview, its bundle deleted, did not bring the gallery back with"
                                f" its bundle's kinds {sorted(kinds)} marked removed")
        driver.screenshot().save(shots / "gallery-removed-bundle.png")
    finally:
        os.kill(daemon.process.pid, signal.SIGCONT)
    added = {i: w["kind"] for i, w in instances(url).items() if i not in before}
    if added:
        raise Failure(f"a click on the preview of a kind whose bundle was deleted added {added}")
    print(f"ok: a click on {kind}, its bundle deleted, added nothing; the gallery came back marking its bundle's kinds removed")
    if not wait_until(lambda: kind not in {k["kind"] for k in get_json(url + "v1/kinds")["kinds"]}, TIMEOUT, interval=0.2):
        raise Failure(f"the daemon still lists {kind} after its bundle was deleted (GET /v1/kinds)")
    # Closed, a sheet traces nothing more: the next check's click on a widget finds none over it.
    driver.click(*centre(marked["targets"]["widgethost-sheet:close"]))
    print(f"ok: the daemon dropped {REMOVABLE}'s kinds once it ran again")


def add_trip(daemon, desktop, screen_size, extra):
    """A Trip instance (trip_bundle.c, in `extra`), once the desktop has drawn it on the first
    page: its id."""
    trip = json.loads(daemon.cli("instances", "add", "TripWidget", "--family", "systemSmall", "--bundles", str(extra),
                                 "--format", "json"))["id"]
    tile = daemon.home_tiles(*screen_size).get(trip)
    if tile is None or tile.get("page") != 0:
        raise Failure(f"the Trip {trip} was not placed on the first page: {tile}")
    if not wait_until(lambda: desktop.alive() or desktop.frames_of(trip), TIMEOUT, interval=0.1):
        raise Failure(f"the desktop did not draw the new Trip {trip}")
    return trip


# The Trip's departure by default (trip_bundle.c): 2026-01-01T09:00:00Z.
TRIP_DEPARTURE = 1767258000


def check_date_steppers(driver, desktop, url, trip, trip_frame, shots):
    """In edit mode a click on the Trip opens Edit Widget; a click on its Departure row opens the
    date's steppers under it; a day on and an hour on, then Done: the instance's departure is its
    default plus 25 hours (the configuration's seconds since 1970)."""
    seen = len(sheets(desktop))
    driver.click(*centre(trip_frame))
    row = "widgethost-sheet:parameter/departure"
    sheet = wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "configure" and row in line["targets"],
                           "a click on the Trip in edit mode opened no Edit Widget with a Departure row")
    day_on, hour_on = (f"widgethost-sheet:date-step/departure/{component}/on" for component in ("day", "hour"))
    seen = len(sheets(desktop))
    driver.click(*centre(sheet["targets"][row]))
    sheet = wait_for_sheet(desktop, seen, lambda line: day_on in line["targets"] and hour_on in line["targets"],
                           "a click on the Departure row opened no date steppers")
    for step in (day_on, hour_on):
        seen = len(sheets(desktop))
        driver.click(*centre(sheet["targets"][step]))
        sheet = wait_for_sheet(desktop, seen, lambda line, step=step: line["focus"] == step,
                               f"a click on the stepper {step} did not take the focus")
    driver.screenshot().save(shots / "edit-widget-date.png")
    driver.click(*centre(sheet["targets"]["widgethost-sheet:save"]))
    expected = TRIP_DEPARTURE + 25 * 3600

    def departure():
        return instances(url).get(trip, {}).get("configuration", {}).get("departure")
    if not wait_until(lambda: departure() == expected, TIMEOUT, interval=0.2):
        raise Failure(f"after a day on, an hour on and Done, the Trip's departure is {departure()}, not {expected}")
    print(f"ok: Edit Widget on the Trip: a day on and an hour on from its default, and Done saved the departure {expected}")


def url_kind(target):
    return target.split("/", 2)[2] if target.count("/") >= 2 else ""


def check_edit_widget(driver, desktop, url, fishgo, fishgo_frame, shots):
    """In edit mode a click on the FishGo widget opens Edit Widget with FishGo's summary sentence
    ("Fishing at <spot>") at the top, its spot a target that focuses the spot row; the spot picker
    offers the App Group's spots, and its search field, typed "cap", narrows them to Cape (`?matching=`); Cape chosen and Done: the instance's
    configuration is {"spot": "cape"}."""
    seen = len(sheets(desktop))
    driver.click(*centre(fishgo_frame))
    sheet = wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "configure", "a click on FishGo in edit mode opened no Edit Widget")
    spot = "widgethost-sheet:parameter/spot"
    if spot not in sheet["targets"]:
        raise Failure(f"Edit Widget has no spot row: {sorted(sheet['targets'])}")
    token = "widgethost-sheet:summary/spot"
    sheet = wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "configure" and token in line["targets"],
                           "Edit Widget drew no summary sentence with the spot in it (POST /v1/kinds/FishGoWidget/summary)")
    if sheet["targets"][token][1] >= sheet["targets"][spot][1]:
        raise Failure(f"the summary's spot {sheet['targets'][token]} is not above the spot row {sheet['targets'][spot]}")
    driver.screenshot().save(shots / "edit-widget.png")
    print("ok: Edit Widget drew FishGo's summary sentence, the spot in it a target above the rows")
    seen = len(sheets(desktop))
    driver.click(*centre(sheet["targets"][spot]))
    cape = "widgethost-sheet:option/spot/cape"
    harbor = "widgethost-sheet:option/spot/harbor"
    sheet = wait_for_sheet(desktop, seen, lambda line: cape in line["targets"] and harbor in line["targets"],
                           "the spot picker did not offer Harbor and Cape")
    driver.screenshot().save(shots / "edit-widget-picker.png")
    search = "widgethost-sheet:entity-search/spot"
    if search not in sheet["targets"]:
        raise Failure(f"the spot picker (a searchable EntityStringQuery) has no search field: {sorted(sheet['targets'])}")
    seen = len(sheets(desktop))
    driver.click(*centre(sheet["targets"][search]))
    sheet = wait_for_sheet(desktop, seen, lambda line: line["focus"] == search, "a click on the spot picker's search field did not focus it")
    seen = len(sheets(desktop))
    driver.type("cap")
    sheet = wait_for_sheet(desktop, seen, lambda line: cape in line["targets"] and harbor not in line["targets"],
                           "typing \"cap\" in the spot picker's search did not narrow it to Cape")
    driver.screenshot().save(shots / "edit-widget-search.png")
    print("ok: typing \"cap\" in the spot picker's search field narrowed the spots to Cape (?matching=cap)")
    # From the search field, a click on the spot in the sentence takes the focus to the spot row.
    seen = len(sheets(desktop))
    driver.click(*centre(sheet["targets"][token]))
    sheet = wait_for_sheet(desktop, seen, lambda line: line["focus"] == spot, "a click on the spot in the summary did not focus the spot row")
    print("ok: a click on the spot in the summary sentence focused the spot row")
    seen = len(sheets(desktop))
    driver.click(*centre(sheet["targets"][cape]))
    sheet = wait_for_sheet(desktop, seen, lambda line: cape not in line["targets"], "choosing Cape did not close the picker")
    driver.click(*centre(sheet["targets"]["widgethost-sheet:save"]))
    if not wait_until(lambda: instances(url).get(fishgo, {}).get("configuration") == {"spot": "cape"}, TIMEOUT, interval=0.2):
        raise Failure(f"after Done, FishGo {fishgo}'s configuration is {instances(url).get(fishgo, {}).get('configuration')},"
                      " not {'spot': 'cape'}")
    print(f"ok: Edit Widget on FishGo {fishgo}: the spot picker offered Harbor and Cape; Cape and Done saved {{'spot': 'cape'}}")


def check_remove_alert(driver, desktop, url, instance, frame, shots, badge_offset=0):
    """The remove badge asks first: Cancel keeps the widget, Remove removes it."""
    seen = len(sheets(desktop))
    driver.click(frame[0] + badge_offset, frame[1] + badge_offset)
    alert = wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "confirmRemove", "the remove badge asked nothing")
    driver.screenshot().save(shots / "remove-alert.png")
    if instance not in instances(url):
        raise Failure(f"{instance} was removed before the alert was answered")
    driver.click(*centre(alert["targets"]["widgethost-sheet:confirm"]))
    if not wait_until(lambda: instance not in instances(url), TIMEOUT, interval=0.2):
        raise Failure(f"Remove in the alert did not remove {instance}")
    print(f"ok: the remove badge asked \"Remove …?\"; Remove removed {instance}")
