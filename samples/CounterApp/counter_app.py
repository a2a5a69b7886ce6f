#!/usr/bin/python3
"""The counter vignette's app, for CounterWidget (samples/CounterWidget): a GTK 4 window with the
count and a big `+`. Each `+` does what the Flutter vignette's app does with home_widget:

    save_widget_data("count", count + 1, app_group_id="group.dev.widgethost.counter")
    update_widget(ios_name="CounterWidget")

and the widget, which reads `count` from that App Group, shows the new count.

It also listens on the bus: when the widget's own `+` (IncrementCountIntent) changes the count,
the window shows it (the Defaults.Changed signal), and a tap on the widget brings the window to
the front (it handles CounterWidget's taps with HandleWidgetURLs while it runs).

    /usr/bin/python3 samples/CounterApp/counter_app.py

Needs Debian's PyGObject with GTK 4 (python3-gi, gir1.2-gtk-4.0) and jeepney
(python3-jeepney), a session bus, and `widgethost run` on it. On standard output it prints
"ready" once the window is on screen, then "count N" each time the count it shows changes.

The window is titled "Counter"; the `+` button fills its lower half, whatever its size, so a
click at (x + width/2, y + height*3/4) of the window is on it.
"""

import argparse
import sys
import threading
from pathlib import Path

# widgethost_app from this repository when it is not installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "clients" / "python"))

import gi  # noqa: E402

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

from widgethost_app import NotRunning, WidgetHostBus, WidgetHostError, home_widget  # noqa: E402

GROUP = "group.dev.widgethost.counter"  # CounterWidget.entitlements
KEY = "count"                           # CounterProvider reads defaults.integer(forKey: "count")
KIND = "CounterWidget"

CSS = b"""
.count { font-size: 96px; font-weight: 800; }
.plus { font-size: 72px; font-weight: 800; }
"""


class CounterWindow(Gtk.ApplicationWindow):
    def __init__(self, application):
        super().__init__(application=application, title="Counter")
        self.set_default_size(360, 480)
        self.count = 0
        self._announced = False

        provider = Gtk.CssProvider()
        provider.load_from_data(CSS)
        Gtk.StyleContext.add_provider_for_display(self.get_display(), provider,
                                                  Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)

        # Two halves of equal height: the count above, the `+` below.
        halves = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, homogeneous=True)
        top = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, valign=Gtk.Align.CENTER, spacing=4)
        caption = Gtk.Label(label="You have pushed the button this many times:")
        caption.set_wrap(True)
        self.count_label = Gtk.Label(label="0")
        self.count_label.add_css_class("count")
        self.status = Gtk.Label(label="")
        self.status.add_css_class("dim-label")
        self.status.set_wrap(True)
        for widget in (caption, self.count_label, self.status):
            top.append(widget)
        self.plus = Gtk.Button(label="+")
        self.plus.set_name("plus")
        self.plus.add_css_class("plus")
        self.plus.add_css_class("suggested-action")
        self.plus.set_hexpand(True)
        self.plus.set_vexpand(True)
        self.plus.connect("clicked", self.on_plus)
        halves.append(top)
        halves.append(self.plus)
        self.set_child(halves)
        self.connect("map", self.on_map)

    # "ready" once the window has drawn its first frame.
    def on_map(self, _window):
        clock = self.get_frame_clock()
        if clock is None:
            GLib.idle_add(self.announce)
            return
        handler = None

        def after_paint(_clock):
            clock.disconnect(handler)
            GLib.idle_add(self.announce)
        handler = clock.connect("after-paint", after_paint)

    def announce(self):
        if not self._announced:
            self._announced = True
            print("ready", flush=True)
        return GLib.SOURCE_REMOVE

    def show_count(self, count):
        if count != self.count or self.count_label.get_label() != str(count):
            self.count = count
            self.count_label.set_label(str(count))
            print(f"count {count}", flush=True)

    def show_status(self, text):
        self.status.set_label(text)
        if text:
            print(text, file=sys.stderr, flush=True)

    def refresh(self):
        """Reads the count the App Group holds (the widget's `+` may have changed it)."""
        try:
            stored = home_widget.get_widget_data(KEY, default_value=0, app_group_id=GROUP)
        except (WidgetHostError, OSError) as error:
            self.show_status(f"widgethost: {getattr(error, 'message', error)}")
            return GLib.SOURCE_REMOVE
        self.show_status("")
        self.show_count(stored if isinstance(stored, int) and not isinstance(stored, bool) else 0)
        return GLib.SOURCE_REMOVE

    def on_plus(self, _button):
        count = self.count + 1
        try:
            home_widget.save_widget_data(KEY, count, app_group_id=GROUP)
            home_widget.update_widget(ios_name=KIND)
        except NotRunning:
            self.show_status("widgethost is not running: start `widgethost run`")
            return
        except (WidgetHostError, OSError) as error:
            self.show_status(f"widgethost: {getattr(error, 'message', error)}")
            return
        self.show_status("")
        self.show_count(count)


def listen(window):
    """On a connection of its own: Changed for the count, taps on CounterWidget, and the daemon
    coming and going (a new daemon is told again that this app handles the taps)."""
    try:
        bus = WidgetHostBus.connect()
    except NotRunning as error:
        GLib.idle_add(window.show_status, error.message)
        return
    with bus, bus.subscribe("Changed", "WidgetURLOpened", owner_changes=True) as signals:
        def register():
            try:
                bus.handle_widget_urls([KIND])
            except NotRunning:
                GLib.idle_add(window.show_status, "widgethost is not running: start `widgethost run`")
                return
            except WidgetHostError as error:
                GLib.idle_add(window.show_status, f"widgethost: {error.message}")
                return
            GLib.idle_add(window.refresh)
        register()
        for signal in signals:
            if signal.member == "NameOwnerChanged":
                if signal.args[2]:
                    register()
                else:
                    GLib.idle_add(window.show_status, "widgethost stopped")
            elif signal.member == "Changed":
                group, keys = signal.args
                if group == GROUP and KEY in keys:
                    GLib.idle_add(window.refresh)
            elif signal.member == "WidgetURLOpened" and signal.args[0] == KIND:
                GLib.idle_add(window.present)


def main():
    parser = argparse.ArgumentParser(description="The counter vignette's app, for CounterWidget.")
    parser.add_argument("url", nargs="?", help="the widget URL the app was opened with (a tap on the widget)")
    parser.parse_args()  # a URL only says that a tap opened the app: it shows the count either way

    application = Gtk.Application(application_id="dev.widgethost.CounterApp")

    def activate(app):
        window = app.get_active_window() or CounterWindow(app)
        window.present()
        if not getattr(app, "listening", False):
            app.listening = True
            threading.Thread(target=listen, args=(window,), daemon=True).start()

    application.connect("activate", activate)
    # The URL (if any) was taken above; GTK gets none, so it only activates.
    return application.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
