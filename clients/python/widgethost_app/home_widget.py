"""home_widget's API (Flutter's `HomeWidget`, pub.dev/packages/home_widget) in Python names,
over widgethost's D-Bus service: what the iOS side of that plugin does with UserDefaults and
WidgetCenter, done with the daemon's App Group store and reloads.

    from widgethost_app import home_widget

    home_widget.set_app_group_id("group.dev.widgethost.counter")
    home_widget.save_widget_data("count", 42)
    home_widget.update_widget(ios_name="CounterWidget")

Dart -> Python: `HomeWidget.saveWidgetData<int>('count', 42)` is
`home_widget.save_widget_data("count", 42)`; named parameters become keywords in snake case
(`iOSName` -> `ios_name`, `appGroupId` -> `app_group_id`, `defaultValue` -> `default_value`).
The calls are blocking (no Futures); `widget_clicked()` is an async iterator, as
`widgetClicked` is a Stream. The README lists where this differs from the plugin on iOS.

All functions share one connection to the session bus, opened on first use and guarded by a
lock, so they may be called from any thread.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

from .aio import WidgetURLClicks
from .bus import WidgetHostBus
from .errors import UnknownKey

T = TypeVar("T")

_app_group_id: str | None = None
_widget_kinds: list[str] = []
_bus: WidgetHostBus | None = None
_lock = threading.RLock()


class AppGroupIdNotSet(RuntimeError):
    """home_widget's error -7 on iOS: a call needs an App Group and none was given or set."""

    def __init__(self):
        super().__init__("AppGroupId not set. Call set_app_group_id first (or pass app_group_id=)")


@dataclass
class HomeWidgetInfo:
    """A widget on the home screen, as home_widget's `HomeWidgetInfo` describes it on iOS.

    `ios_family` ("systemSmall", ...) and `ios_kind` are iOS's fields; the Android ones stay
    None. `configuration` is the widget's intent parameters, None when it has none (iOS leaves
    the key out then). `id` is widgethost's own: the instance id RequestPinWidget returned,
    which `widgethost instances list` shows (iOS has no such id).
    """
    ios_family: str | None = None
    ios_kind: str | None = None
    android_widget_id: int | None = None
    android_class_name: str | None = None
    android_label: str | None = None
    configuration: dict | None = None
    id: str | None = None

    @property
    def kind(self) -> str | None:
        return self.ios_kind

    @property
    def family(self) -> str | None:
        return self.ios_family

    @classmethod
    def from_map(cls, data: dict) -> "HomeWidgetInfo":
        """From the map the plugin's platform side sends (`HomeWidgetInfo.fromMap`)."""
        configuration = data.get("configuration")
        if configuration is not None:
            configuration = {k: v for k, v in configuration.items() if isinstance(k, str)}
        return cls(ios_family=data.get("family"), ios_kind=data.get("kind"),
                   android_widget_id=data.get("widgetId"), android_class_name=data.get("androidClassName"),
                   android_label=data.get("label"), configuration=configuration, id=data.get("id"))


# The connection ---------------------------------------------------------------------------

def use_bus(bus: WidgetHostBus | None) -> None:
    """Makes every call of this module use `bus` (None: open one again on the next call)."""
    global _bus
    with _lock:
        if _bus is not None and _bus is not bus:
            _bus.close()
        _bus = bus


def _with_bus(call: Callable[[WidgetHostBus], T]) -> T:
    global _bus
    with _lock:
        if _bus is None:
            _bus = WidgetHostBus.connect()
        try:
            return call(_bus)
        except (ConnectionError, BrokenPipeError):
            # The bus went away: the next call connects again.
            broken, _bus = _bus, None
            broken.close()
            raise


def _group(app_group_id: str | None) -> str:
    group = app_group_id if app_group_id is not None else _app_group_id
    if group is None:
        raise AppGroupIdNotSet()
    return group


# HomeWidget ----------------------------------------------------------------------------------

def set_app_group_id(group_id: str) -> bool:
    """The App Group every call uses unless it names another (`HomeWidget.setAppGroupId`).
    Not checked here: the first call that uses it fails with InvalidGroup if it is malformed."""
    global _app_group_id
    if not isinstance(group_id, str):
        raise TypeError("set_app_group_id must be called with a group id (a str)")
    _app_group_id = group_id
    return True


def app_group_id() -> str | None:
    """The group set_app_group_id set (Dart's `HomeWidget.groupId`)."""
    return _app_group_id


def set_widget_kinds(*kinds: str) -> None:
    """widgethost's own: the widget kinds this app's taps come from, for `widget_clicked()`.
    On iOS the system knows which widgets belong to the app; here the daemon is told."""
    global _widget_kinds
    _widget_kinds = list(kinds)


def save_widget_data(id: str, data: Any, app_group_id: str | None = None, *, delete_file: bool = True) -> bool:
    """Stores `data` under `id` in the App Group, as the plugin's UserDefaults.setValue does:
    bool, int, float and str as themselves, bytes as Data, list and dict as the property lists
    iOS keeps (here: JSON documents). None removes the key, and with `delete_file` also the file
    `save_file` wrote for it. Returns True, as the plugin does."""
    group = _group(app_group_id)
    if data is None:
        if delete_file:
            _delete_managed_file(group, id)
        _with_bus(lambda bus: bus.remove(group, [id]))
    else:
        _with_bus(lambda bus: bus.set(group, {id: data}))
    return True


def get_widget_data(id: str, default_value: Any = None, app_group_id: str | None = None) -> Any:
    """The value stored under `id` (UserDefaults' `value(forKey:)`), or `default_value` when
    there is none: int, float, bool, str, bytes (Data), datetime (a date another writer
    stored), list or dict."""
    group = _group(app_group_id)

    def read(bus: WidgetHostBus) -> Any:
        try:
            return bus.get(group, id)
        except UnknownKey:
            return default_value
    return _with_bus(read)


def update_widget(name: str | None = None, android_name: str | None = None, ios_name: str | None = None,
                  qualified_android_name: str | None = None) -> bool:
    """Reloads the timelines of kind `ios_name`, else `name` (the widget's `kind`); with neither,
    every kind's (widgethost's choice: on iOS the plugin refuses, error -3). `android_name`
    and `qualified_android_name` are accepted and ignored, as on iOS. UnknownKind when no
    installed bundle declares the kind. Returns True."""
    kind = ios_name if ios_name is not None else name
    if kind is None:
        _with_bus(lambda bus: bus.reload_all_timelines())
    else:
        _with_bus(lambda bus: bus.reload_timelines(kind))
    return True


def is_request_pin_widget_supported() -> bool:
    """True: widgethost's home screens pin widgets (home_widget answers False on iOS)."""
    return True


def request_pin_widget(name: str | None = None, android_name: str | None = None,
                       qualified_android_name: str | None = None, *, ios_name: str | None = None,
                       family: str = "") -> str:
    """Adds a widget of kind `ios_name`, else `name`, to the home screen, in `family`
    ("systemSmall", ...; "" for the kind's first), and returns its instance id. On iOS the
    plugin does nothing here (Android-only); widgethost's home screens do pin."""
    kind = ios_name if ios_name is not None else name
    if kind is None:
        raise ValueError("request_pin_widget needs the widget's kind: name= or ios_name=")
    return _with_bus(lambda bus: bus.request_pin_widget(kind, family))


def get_installed_widgets() -> list[HomeWidgetInfo]:
    """The widgets the user added (WidgetCenter's `getCurrentConfigurations`), one per widget,
    oldest first. A kind's default widgets, which widgethost shows without being added, are not
    listed, as WidgetKit lists only widgets on the home screen."""
    widgets = _with_bus(lambda bus: bus.get_current_configurations())
    return [HomeWidgetInfo(ios_family=w.family, ios_kind=w.kind, configuration=w.configuration or None, id=w.id)
            for w in widgets]


def widget_clicked(kinds: Iterable[str] | None = None, *, details: bool = False) -> WidgetURLClicks:
    """The taps on the app's widgets, as an async iterator of their URLs (`widgetClicked`).

    Which widgets: `kinds`, else those given to `set_widget_kinds`; with neither, ValueError.
    On first use it calls HandleWidgetURLs(kinds) on a connection of its own: from then on, and
    while it stays open, the daemon sends a tap on those widgets here instead of opening the
    URL itself. `await clicks.start()` registers at once; `await clicks.aclose()` ends it.
    With `details=True` it yields (kind, instance, url) instead of the URL."""
    chosen = list(kinds) if kinds is not None else list(_widget_kinds)
    if not chosen:
        raise ValueError("widget_clicked needs the kinds of the app's widgets: pass kinds=[...] or"
                         " call set_widget_kinds(...) first")
    return WidgetURLClicks(chosen, details=details)


# Files -----------------------------------------------------------------------------------------

def container_path(app_group_id: str | None = None) -> str:
    """The App Group's container folder (created 0700), where the app puts files its widgets
    read: `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`."""
    group = _group(app_group_id)
    return _with_bus(lambda bus: bus.container_path(group))


def save_file(key: str, data: bytes, extension: str = "bin", app_group_id: str | None = None) -> str:
    """Writes `data` to `<container>/home_widget/<key>.<extension>` and stores that path under
    `key` (home_widget's `saveFile`, which `saveImage` and `renderFlutterWidget` use). Returns
    the path. The widget reads the path, then the file."""
    extension = _normalize_extension(extension)
    _validate_key(key)
    group = _group(app_group_id)
    folder = Path(container_path(group), "home_widget")
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / f"{key}.{extension}"
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(bytes(data))
    os.replace(temporary, path)  # a widget reading at this moment sees the old file or the new
    save_widget_data(key, str(path), app_group_id=group)
    return str(path)


def save_image(key: str, png: bytes, app_group_id: str | None = None) -> str:
    """`save_file(key, png, "png")`: home_widget's `saveImage`, for PNG bytes already encoded."""
    return save_file(key, png, extension="png", app_group_id=app_group_id)


def _delete_managed_file(group: str, key: str) -> None:
    """Before a key is cleared: the file save_file wrote for it, if its stored path is one.
    Only files under the group's own `<container>/home_widget/` are deleted (home_widget
    deletes any path holding `/home_widget/`)."""
    try:
        stored = _with_bus(lambda bus: bus.get(group, key))
    except UnknownKey:
        return
    if not isinstance(stored, str):
        return
    managed = Path(container_path(group), "home_widget").resolve()
    path = Path(stored)
    try:
        if path.resolve().parent == managed and path.is_file():
            path.unlink()
    except OSError:
        pass  # as in home_widget: the key is still cleared when the file cannot be


def _normalize_extension(extension: str) -> str:
    ext = extension.strip()
    if ext.startswith("."):
        ext = ext[1:]
    if not ext:
        raise ValueError("extension must not be empty")
    if "/" in ext or "\\" in ext or ".." in ext:
        raise ValueError(f"extension {extension!r} must not contain path separators")
    return ext


def _validate_key(key: str) -> None:
    if not key:
        raise ValueError("key must not be empty")
    if any(bad in key for bad in ("/", "\\", "..", " ")):
        raise ValueError(f"key {key!r} must not contain /, \\, .., or spaces")
