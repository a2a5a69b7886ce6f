"""The desktop's sheets, checked the same way on X11 (desktop-x11-check.py) and Sway
(desktop-check.py): the widget gallery opened from the menu's "Add Widget…", searched by typing,
a widget added from it; Edit Widget on a FishGo widget, another spot chosen in its picker and
saved; the remove alert. Each sheet the desktop draws is traced (`--trace-frames`) as
`{"sheet": NAME, "focus": URL, "targets": {URL: [x, y, width, height]}}` in pixels, the links
WidgetRender laid out (Sources/WidgetDesktop/SheetRenderer.swift): the checks click what was drawn.

A driver is what differs between the two: `click(x, y, button=1)` (pixels), `type(text)` (None where the
keyboard cannot be driven), `key(name)` (X keysym names: Escape, Tab, Return) and
`screenshot()`, an RGB image.
"""

import json

from widgethost_daemon import Failure, get_json, wait_until

TIMEOUT = 30
FISHGO_GROUP = "group.jp.netflowers.FishGo"


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


def check_gallery(driver, desktop, daemon, url, screen_size, shots, scale=1):
    """Right-click on empty space, "Add Widget…": the gallery, listing every kind; typing "clock"
    narrows it to the Clock; a click on its small preview adds a Clock instance (the API lists it).
    Returns the new instance's id."""
    before = set(instances(url))
    kinds = {kind["kind"] for kind in get_json(url + "v1/kinds")["kinds"]}
    # `screen_size` in points; what is clicked in pixels (`scale` a point).
    anchor = (screen_size[0] * scale // 2, screen_size[1] * scale // 3)
    seen = len(sheets(desktop))
    driver.click(*anchor, button=3)
    # The menu on empty space: Edit Home Screen, Add Widget… (rows 44 points tall).
    driver.click(anchor[0] + 100 * scale, anchor[1] + 66 * scale)
    gallery = wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "gallery", "\"Add Widget…\" opened no gallery")
    offered = {url_kind(target) for target in gallery["targets"] if target.startswith("widgethost-sheet:family/")}
    shown = offered & kinds
    if not shown:
        raise Failure(f"the gallery shows no family preview of a loaded kind ({sorted(kinds)}): {sorted(gallery['targets'])}")
    if gallery["focus"] != "widgethost-sheet:search":
        raise Failure(f"the gallery opened with the focus on {gallery['focus']}, not the search field")
    driver.screenshot().save(shots / "gallery.png")
    print(f"ok: \"Add Widget…\" opened the gallery, the search field focused, showing {len(shown)} kinds: {sorted(shown)}")

    clock_small = "widgethost-sheet:family/systemSmall/ClockWidget"
    if driver.type is not None:
        # Into the search field first, as a person does: under Sway the desktop has the keyboard
        # only after a click on one of edit mode's controls, menus or sheets once it asked for
        # it (docs/desktop.md), and the click on the menu's row may have come before the menu was
        # drawn (it is made at once, not when the menu is seen).
        driver.click(*centre(gallery["targets"]["widgethost-sheet:search"]))
        seen = len(sheets(desktop))
        driver.type("clock")
        searched = wait_for_sheet(desktop, seen, lambda line: line["sheet"] == "gallery"
                                  and {url_kind(t) for t in line["targets"] if "family/" in t} == {"ClockWidget"},
                                  "typing \"clock\" did not narrow the gallery to the Clock")
        driver.screenshot().save(shots / "gallery-search.png")
        print(f"ok: typing \"clock\" left only the Clock's previews: {sorted(t for t in searched['targets'] if 'family/' in t)}")
        gallery = searched
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


def url_kind(target):
    return target.split("/", 2)[2] if target.count("/") >= 2 else ""


def check_edit_widget(driver, desktop, url, fishgo, fishgo_frame, shots):
    """In edit mode a click on the FishGo widget opens Edit Widget with FishGo's summary sentence
    ("Fishing at <spot>") at the top, its spot a target that focuses the spot row; the spot picker
    offers the App Group's spots, and where the keyboard can be driven (X11) its search field,
    typed "cap", narrows them to Cape (`?matching=`); Cape chosen and Done: the instance's
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
    if driver.type is not None:
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
