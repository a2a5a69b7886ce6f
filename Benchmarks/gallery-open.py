#!/usr/bin/env python3
"""The widget gallery opening with 50 kinds (issue 42's goal: ≤ 150 ms after the press), in the
browser's home screen (/home) in headless Chromium, as scripts/home-check.py drives it:

    Benchmarks/gallery-open.py [WIDGETHOST] [--opens 10]

`scripts/generate-bundles.sh 25` makes 25 bundles of two kinds each (both in systemSmall and
systemMedium): the daemon (`widgethost run --http`) serves those 50 kinds and no others. /home is
opened at 1280 × 720 points, pixel ratio 2, with touch; a long press on empty space enters edit
mode. Then, `--opens` times: a tap on `+`, timed in the page from the touch's `pointerdown`
(its event time) to
  - the sheet open with its 50 kinds listed (the first animation frame that finds it so), and
  - every preview the sheet shows in its viewport loaded and decoded (`img.complete`, a natural
    width), the lazy ones below it left out;
then the sheet closed (its close button). The first open draws every preview shown (the server
renders each kind's snapshot entry); the later ones show what the server (and the browser's
cache) kept.

This is the browser's gallery; `widgethost desktop`'s is timed by Benchmarks/edit-mode-goals.py.
Needs chromium and websocket-client, as scripts/browser-check.py does.
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "scripts"))
from widgethost_daemon import Daemon, Failure, get_json, wait_until  # noqa: E402

_spec = importlib.util.spec_from_file_location("browser_check", ROOT / "scripts" / "browser-check.py")
browser_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(browser_check)
Chromium = browser_check.Chromium

SCREEN = {"width": 1280, "height": 720, "scale": 2}
BUNDLES = 25  # two kinds each

# Installed once: times the next opening of the gallery from the press on `+`.
TIMER = """(() => {
  const sheet = document.getElementById("gallery-sheet");
  const button = document.getElementById("add-widget-button");
  const timing = window.__gallery = { pressed: null, listed: null, drawn: null, shown: 0, kinds: 0 };
  button.addEventListener("pointerdown", (event) => { timing.pressed = event.timeStamp; }, { capture: true, once: true });
  const visible = () => {
    const box = sheet.getBoundingClientRect();
    return [...sheet.querySelectorAll("#gallery-list img")].filter((image) => {
      const r = image.getBoundingClientRect();
      return r.bottom > box.top && r.top < Math.min(box.bottom, innerHeight) && r.right > box.left && r.left < box.right;
    });
  };
  const check = (now) => {
    if (timing.pressed !== null && sheet.open) {
      const kinds = sheet.querySelectorAll(".gallery-kind").length;
      if (timing.listed === null && kinds > 0) { timing.listed = now; timing.kinds = kinds; }
      const images = visible();
      if (timing.listed !== null && images.length && images.every((image) => image.complete && image.naturalWidth > 0)) {
        timing.drawn = now;
        timing.shown = images.length;
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  return true;
})()"""


def tap(page, point):
    page.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
    page.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


def centre(page, selector):
    return page.evaluate(f"""(() => {{ const box = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
      return {{ x: box.left + box.width / 2, y: box.top + box.height / 2 }}; }})()""")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("widgethost", nargs="?")
    parser.add_argument("--opens", type=int, default=10)
    arguments = parser.parse_args()
    binary = arguments.widgethost
    if binary is None:
        found = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], capture_output=True, text=True, check=True)
        binary = os.path.join(found.stdout.strip(), "widgethost")
    work = Path(tempfile.mkdtemp(prefix="widgethost-gallery-open-"))
    bundles = work / "bundles"
    subprocess.run([str(ROOT / "scripts" / "generate-bundles.sh"), str(BUNDLES), str(bundles)], check=True, capture_output=True)
    daemon = Daemon(binary, work / "data", run_options=["--open-url-command", "none"])
    daemon.bundle_dir = str(bundles)
    chromium = Chromium(work / "profile")
    page = None
    print(f"load average at start: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    try:
        url = daemon.start()
        kinds = get_json(url + "v1/kinds")["kinds"]
        chromium.start()
        page = chromium.first_page()
        page.send("Page.enable")
        page.send("Emulation.setDeviceMetricsOverride", width=SCREEN["width"], height=SCREEN["height"],
                  deviceScaleFactor=SCREEN["scale"], mobile=False)
        page.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        page.navigate(url + "home", timeout=60)
        if not wait_until(lambda: page.evaluate("document.body.dataset.ready === '1'"), 30):
            raise Failure("/home did not connect to /v1/events")
        point = {"x": SCREEN["width"] * 3 // 4, "y": SCREEN["height"] * 2 // 3}
        page.send("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
        time.sleep(0.7)
        page.send("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        if not wait_until(lambda: page.evaluate("document.body.dataset.editing === '1'"), 30):
            raise Failure("a long press on empty space did not enter edit mode")
        plus = centre(page, "#add-widget-button")
        listed, drawn = [], []
        for number in range(arguments.opens):
            page.evaluate(TIMER)
            tap(page, plus)
            if not wait_until(lambda: page.evaluate("window.__gallery.drawn !== null"), 60, interval=0.05):
                raise Failure(f"open {number + 1}: the gallery's previews were not all shown within 60 s: "
                              f"{page.evaluate('JSON.stringify(window.__gallery)')}")
            timing = page.evaluate("window.__gallery")
            listed.append(timing["listed"] - timing["pressed"])
            drawn.append(timing["drawn"] - timing["pressed"])
            print(f"open {number + 1}: {timing['kinds']} kinds listed after {listed[-1]:.1f} ms, "
                  f"the {timing['shown']} previews in view drawn after {drawn[-1]:.1f} ms")
            page.evaluate("document.querySelector('#gallery-sheet .close').click()")
            if not wait_until(lambda: page.evaluate("!document.getElementById('gallery-sheet').open"), 10):
                raise Failure("the gallery sheet did not close")
            time.sleep(0.5)
        later = drawn[1:] or drawn
        print(f"kinds served: {len(kinds)}")
        print(f"gallery open, first (every preview drawn by the server): listed {listed[0]:.1f} ms, previews in view {drawn[0]:.1f} ms")
        print(f"gallery open, later ({len(later)}): listed p50 {statistics.median(listed[1:] or listed):.1f} ms; "
              f"previews in view p50 {statistics.median(later):.1f} ms, max {max(later):.1f} ms")
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    except Failure as failure:
        print(f"gallery open FAILED: {failure}\n{daemon.log_tail()}", file=sys.stderr)
        sys.exit(1)
    finally:
        if page is not None:
            page.close()
        chromium.stop()
        daemon.stop()


if __name__ == "__main__":
    main()
