"""What the desktop checks share (desktop-check.py and counter-app-check.py under headless Sway,
desktop-x11-check.py under Xvfb, and Benchmarks/desktop-goals.py): `widgethost desktop
--trace-frames` on a display, Xvfb for X11, a private session bus (with a stand-in portal, scripts/fake_portal.py),
and a screenshot's widget compared with the renderer's PNG of its current entry.

The comparisons need Pillow (PyPI); the rest does not.
"""

import io
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from widgethost_daemon import Failure, frame_points, get_bytes, kill_group, wait_until

try:
    from PIL import Image, ImageChops
except ImportError:
    Image = ImageChops = None

# A hang guard for each awaited change, not a goal.
TIMEOUT = 60


def require_pillow(check):
    """Exits naming the check when Pillow is missing."""
    if Image is None:
        sys.exit(f"{check} FAILED: no PIL module: pip install pillow")


# MARK: The desktop

class Desktop:
    """`widgethost desktop --trace-frames`: a JSON line on stdout each time a widget is shown
    (queued in `frames` for `wait_for_frame`, and kept in `shown`), its notes on stderr (`notes`).
    A drag's frames in edit mode (lines with `drag`, the moved widget's id) and the gallery's
    opening (`opened`) are kept in `drags`."""

    def __init__(self, binary, data_dir, environment, backend="wayland", appearance="light"):
        """`appearance` None: follow the desktop's setting (the portal)."""
        self.command = [str(binary), "desktop", "--backend", backend, "--trace-frames", "--data-dir", str(data_dir),
                        *(["--appearance", appearance] if appearance else [])]
        self.frames = queue.Queue()
        self.shown = []
        self.drags = []
        self.notes = []
        self.process = subprocess.Popen(self.command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, start_new_session=True)
        threading.Thread(target=self._read_frames, daemon=True).start()
        threading.Thread(target=self._read_notes, daemon=True).start()

    def _read_frames(self):
        for line in self.process.stdout:
            try:
                frame = json.loads(line)
            except ValueError:
                self.notes.append(line.rstrip("\n"))
                continue
            if "drag" in frame or "opened" in frame:
                self.drags.append(frame)
                continue
            self.shown.append(frame)
            self.frames.put(frame)

    def _read_notes(self):
        for line in self.process.stderr:
            self.notes.append(line.rstrip("\n"))

    def wait_for_frame(self, instance, what):
        """Waits for the next frame showing `instance`, after everything already shown."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                frame = self.frames.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                break
            if frame.get("instance") == instance:
                return frame
        raise Failure(f"the desktop showed no new frame of {instance} {what} within {TIMEOUT} s"
                      f" (exit status {self.process.poll()}); its notes:\n" + "\n".join(self.notes[-20:]))

    def drain(self):
        while not self.frames.empty():
            self.frames.get_nowait()

    def frames_of(self, instance):
        """Every frame shown of `instance` so far."""
        return [frame for frame in self.shown if frame.get("instance") == instance]

    def wait_for_note(self, text, after=0):
        """Waits until a note from index `after` on says `text`."""
        if not wait_until(lambda: self.alive() or any(text in note for note in self.notes[after:]), TIMEOUT):
            raise Failure(f"the desktop never said '{text}'; its notes:\n" + "\n".join(self.notes[-20:]))

    def alive(self):
        """Fails if the desktop has exited; else None (false, for `wait_until`)."""
        if self.process.poll() is not None:
            raise Failure(f"`{' '.join(self.command)}` exited {self.process.returncode}; its notes:\n"
                          + "\n".join(self.notes[-20:]))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        kill_group(self.process)


# MARK: An X server

class VirtualScreen:
    """Xvfb of `size` pixels on a display number it picks itself (-displayfd: no race for a free
    one)."""

    def __init__(self, size):
        self.size = size
        self.process = None
        self.display = None

    def start(self):
        if shutil.which("Xvfb") is None:
            raise Failure("no Xvfb: install it (Debian: apt-get install xvfb)")
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{self.size[0]}x{self.size[1]}x24", "-nolisten", "tcp"],
            pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        os.close(write_end)
        with os.fdopen(read_end) as numbers:
            number = numbers.readline().strip()
        if not number:
            raise Failure(f"Xvfb did not start: {self.process.stderr.read().decode(errors='replace') if self.process.poll() is not None else 'no display number'}")
        self.display = f":{number}"
        return self.display

    def environment(self):
        environment = dict(os.environ, DISPLAY=self.display)
        environment.pop("WAYLAND_DISPLAY", None)
        return environment

    def run(self, *command, timeout=30):
        result = subprocess.run(list(command), env=self.environment(), capture_output=True, timeout=timeout)
        if result.returncode != 0:
            raise Failure(f"`{' '.join(command)}` exited {result.returncode}: {result.stderr.decode(errors='replace').strip()}")
        return result.stdout

    def screenshot(self):
        """The whole screen, with ImageMagick's import, as an RGB image."""
        rgb = self.run("import", "-window", "root", "-depth", "8", "rgb:-")
        width, height = self.size
        if len(rgb) != width * height * 3:
            raise Failure(f"`import -window root rgb:-` gave {len(rgb)} bytes, not {width}×{height}×3")
        return Image.frombytes("RGB", self.size, rgb)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            kill_group(self.process)


# MARK: A private session bus

class PrivateBus:
    """A private session bus: `dbus-daemon --session`, on a socket in `folder` when given. A session
    dbus-daemon ignores SIGTERM: stop() sends SIGKILL to its group."""

    def __init__(self, folder=None):
        command = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
        chosen = f"unix:path={Path(folder) / 'bus'}" if folder is not None else None
        if chosen:
            command.append(f"--address={chosen}")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        start_new_session=True)
        # It prints its address once it listens.
        printed = self._read_line()
        if not printed.startswith("unix:"):
            raise Failure(f"dbus-daemon did not start (exit status {self.process.poll()}): {printed}")
        self.address = chosen or printed

    def _read_line(self):
        lines = queue.Queue()
        threading.Thread(target=lambda: lines.put(self.process.stdout.readline()), daemon=True).start()
        try:
            return lines.get(timeout=TIMEOUT).strip()
        except queue.Empty:
            return f"no address within {TIMEOUT} s"

    def stop(self):
        kill_group(self.process)


class PortalBus(PrivateBus):
    """A private session bus with a stand-in portal on it (scripts/fake_portal.py), whose
    appearance setting is `scheme` (`dark` or `light`) until `set_scheme`."""

    def __init__(self, scheme):
        super().__init__()
        environment = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": self.address}
        self.portal = subprocess.Popen([sys.executable, str(Path(__file__).parent / "fake_portal.py"), scheme], env=environment,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                       start_new_session=True)
        if self.portal.stdout.readline().strip() != "ready":
            raise Failure(f"the stand-in portal did not start: {self.portal.stdout.read()}")

    def set_scheme(self, scheme):
        self.portal.stdin.write(scheme + "\n")
        self.portal.stdin.flush()
        if self.portal.stdout.readline().strip() != "changed":
            raise Failure("the stand-in portal did not change the setting")

    def stop(self):
        kill_group(self.portal)
        super().stop()


# MARK: The home screen's layout

def empty_point(tiles, size, room=(0, 0)):
    """A point of the first page (in points) on no widget, at least 30 points from any, with
    `room` (width, height) free to its right and below it for what opens there (a menu), inside
    the margins; `tiles` as `Daemon.home_tiles` gives them, `size` the screen's."""
    frames = [frame_points(tile["frame"]) for tile in tiles.values() if tile.get("page", 0) == 0]
    for y in range(80, size[1] - 60 - room[1], 20):
        for x in range(60, size[0] - 60 - room[0], 20):
            if not any(fx - 30 <= x + room[0] and x <= fx + fw + 30 and fy - 30 <= y + room[1] and y <= fy + fh + 30
                       for fx, fy, fw, fh in frames):
                return x, y
    raise Failure(f"the first page has no empty space of {room[0]}×{room[1]} points: {sorted(frames)}")


# MARK: The screen against the renderer

def renderer_image(url, instance, scale, background, appearance="light"):
    """The renderer's PNG of the instance's current entry (GET /v1/instances/{id}/current.png) at
    `scale`, over a solid `background`, as the desktop paints a widget: an RGB image."""
    png = get_bytes(f"{url}v1/instances/{instance}/current.png?scale={scale}&appearance={appearance}")
    drawn = Image.open(io.BytesIO(png)).convert("RGBA")
    backdrop = Image.new("RGBA", drawn.size, tuple(background) + (255,))
    return Image.alpha_composite(backdrop, drawn).convert("RGB")


def crop_frame(shot, frame, scale):
    """The part of a screenshot (in pixels) that a frame in points covers."""
    x, y, width, height = (round(value * scale) for value in frame_points(frame))
    return shot.crop((x, y, x + width, y + height))


def difference(actual, expected, tolerance=12):
    """(share, largest): the share of pixels of which some channel differs by more than
    `tolerance` between two images of one size (all of them when the sizes differ), and the
    largest difference."""
    if actual.size != expected.size:
        return 1.0, 255
    bands = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB")).split()
    largest = max(band.getextrema()[1] for band in bands)
    over = [band.point(lambda value: 255 if value > tolerance else 0) for band in bands]
    mask = ImageChops.lighter(ImageChops.lighter(over[0], over[1]), over[2])
    return mask.histogram()[255] / (actual.width * actual.height), largest


def wait_for_tile(screenshot, url, instance, frame, scale, background, what, appearance="light", tolerance=12,
                  allowance=0.01, keep=None):
    """Waits until `screenshot()` (an RGB image of the output) shows, at `frame` (points), the
    renderer's PNG of the instance's current entry over the background, but for `allowance` of
    its pixels. Returns (screenshot, share, largest). Fails after TIMEOUT naming `what`; with
    `keep` (a folder), the last screenshot, the tile and the expected image are saved there."""
    last = {}

    def matches():
        expected = renderer_image(url, instance, scale, background, appearance)
        shot = screenshot()
        share, largest = difference(crop_frame(shot, frame, scale), expected, tolerance)
        last.update(shot=shot, expected=expected, share=share, largest=largest)
        return share <= allowance

    if not wait_until(matches, TIMEOUT, interval=0.2):
        saved = ""
        if keep is not None:
            name = "-".join(what.split())
            last["shot"].save(Path(keep) / f"{name}-screen.png")
            crop_frame(last["shot"], frame, scale).save(Path(keep) / f"{name}-tile.png")
            last["expected"].save(Path(keep) / f"{name}-expected.png")
            saved = f" (saved in {keep}: {name}-screen.png, -tile.png, -expected.png)"
        raise Failure(f"{what}: {last['share']:.1%} of the widget's pixels at {frame_points(frame)} points still differ from"
                      f" the renderer's PNG of its current entry (by up to {last['largest']}) after {TIMEOUT} s{saved}")
    return last["shot"], last["share"], last["largest"]


def only_background(shot, frame, scale, background, tolerance=12):
    """True when the screenshot shows only the background where `frame` (points) is."""
    region = crop_frame(shot, frame, scale)
    return difference(region, Image.new("RGB", region.size, tuple(background)), tolerance)[0] == 0
