"""expo-apple-targets' `ExtensionStorage` (the `@bacons/apple-targets` package) in Python, over
widgethost's D-Bus service, storing each value as that library's iOS module does:

    from widgethost_app import ExtensionStorage

    storage = ExtensionStorage("group.bacon.data")
    storage.set("pillarsTraversed", 42)
    ExtensionStorage.reload_widget("PillarWidget")

What the library does on iOS (packages/apple-targets/src/ExtensionStorage.ts and
ios/ExtensionStorageModule.swift), and so what this does:

- a number: `setInt`, an `Int` in UserDefaults. JS has one number type; Expo converts it to
  Swift's Int with schoolbook rounding (2.5 -> 3, -2.5 -> -3), so 3.7 is stored as 4.
- a string: `setString`, a String.
- an object, or an array of objects: `setObject` / `setArray`, which turn it into JSON with
  JSONSerialization and store the JSON's *bytes* (Data), not a dictionary: the widget reads
  `data(forKey:)` and decodes it with JSONDecoder. An array must hold objects only.
- null or undefined: `remove`.
- `get(key)` answers a string or null: Data that parses as a JSON array or object comes back
  pretty-printed (JSONSerialization's `.prettyPrinted`); other Data is null; any other value
  is `String(describing:)`: "42", "hello", "3.5", "1" for true.

A bool is none of those: the library passes it to setObject, whose argument conversion throws;
here it is a TypeError. Where the library swallows a failure (setObject returns false, which
`set` drops), this raises instead: ValueError for NaN or infinity.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import threading
from typing import Any

from .bus import WidgetHostBus
from .errors import UnknownKey
from .variants import INT64_MAX, INT64_MIN

_shared_bus: WidgetHostBus | None = None
_shared_lock = threading.RLock()


def _bus_call(bus: WidgetHostBus | None, call):
    if bus is not None:
        return call(bus)
    global _shared_bus
    with _shared_lock:
        if _shared_bus is None:
            _shared_bus = WidgetHostBus.connect()
        try:
            return call(_shared_bus)
        except (ConnectionError, BrokenPipeError):
            broken, _shared_bus = _shared_bus, None
            broken.close()
            raise


class ExtensionStorage:
    """One App Group's storage, shared with the app's widgets."""

    def __init__(self, app_group: str, *, bus: WidgetHostBus | None = None):
        """`bus`: the connection to use; by default one shared connection, opened on first use."""
        self.app_group = app_group
        self._bus = bus

    @staticmethod
    def reload_widget(name: str | None = None, *, bus: WidgetHostBus | None = None) -> None:
        """Reloads the timelines of kind `name`, or of every kind. UnknownKind for a kind no
        installed bundle declares (iOS ignores it silently)."""
        if name is None:
            _bus_call(bus, lambda b: b.reload_all_timelines())
        else:
            _bus_call(bus, lambda b: b.reload_timelines(name))

    @staticmethod
    def reload_controls(name: str | None = None) -> None:
        """Control Center controls (iOS 18): widgethost has none, so this does nothing, as the
        library does before iOS 18."""

    def set(self, key: str, value: Any = None) -> None:
        """Stores `value` under `key` as the library does on iOS (see the module's doc)."""
        if value is None:
            self.remove(key)
            return
        if isinstance(value, bool):
            raise TypeError(f"ExtensionStorage.set({key!r}, {value!r}): a boolean is not a number,"
                            " string, object or array of objects (expo-apple-targets' setObject"
                            " refuses it too); store 1 or 0, or a string")
        if isinstance(value, (int, float)):
            stored: Any = _expo_int(value, key)
        elif isinstance(value, str):
            stored = value
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                if not isinstance(item, dict):
                    raise TypeError(f"ExtensionStorage.set({key!r}, ...): item {index} is a"
                                    f" {type(item).__name__}; an array must hold objects (dicts),"
                                    " as setArray's [[String: Any]] requires")
            stored = json_bytes(list(value), key)
        elif isinstance(value, dict):
            stored = json_bytes(value, key)
        else:
            raise TypeError(f"ExtensionStorage.set({key!r}, ...): a {type(value).__name__} is not a"
                            " number, string, object (dict) or array of objects")
        _bus_call(self._bus, lambda b: b.set(self.app_group, {key: stored}))

    def get(self, key: str) -> str | None:
        """The value under `key` as the library's `get` answers it: a string, or None."""
        try:
            value = _bus_call(self._bus, lambda b: b.get(self.app_group, key))
        except UnknownKey:
            return None
        return describe(value)

    def remove(self, key: str) -> None:
        _bus_call(self._bus, lambda b: b.remove(self.app_group, [key]))


def _expo_int(number: int | float, key: str) -> int:
    """A JS number as Expo hands it to a Swift `Int`: rounded half away from zero."""
    if isinstance(number, float):
        if not math.isfinite(number):
            raise ValueError(f"ExtensionStorage.set({key!r}, {number}): not a finite number")
        number = int(math.floor(abs(number) + 0.5)) * (1 if number >= 0 else -1)
    if not INT64_MIN <= number <= INT64_MAX:
        raise ValueError(f"ExtensionStorage.set({key!r}, {number}): does not fit in a 64-bit Int")
    return number


def _plain_numbers(value: Any, key: str) -> Any:
    """JSON as JavaScript numbers write it: 1.0 is 1 (JS has no other)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"ExtensionStorage.set({key!r}, ...): {value} is not valid in JSON")
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, int):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain_numbers(item, key) for item in value]
    if isinstance(value, dict):
        for member in value:
            if not isinstance(member, str):
                raise TypeError(f"ExtensionStorage.set({key!r}, ...): object keys must be strings,"
                                f" not {member!r}")
        return {member: _plain_numbers(item, key) for member, item in value.items()}
    raise TypeError(f"ExtensionStorage.set({key!r}, ...): a {type(value).__name__} has no place in JSON")


def json_bytes(value: Any, key: str = "") -> bytes:
    """The JSON bytes JSONSerialization.data(withJSONObject:) writes: compact, UTF-8, slashes
    escaped (`\\/`)."""
    text = json.dumps(_plain_numbers(value, key), separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return text.replace("/", "\\/").encode("utf-8")


def pretty_json(value: Any) -> str:
    """JSON as JSONSerialization's `.prettyPrinted` writes it: two spaces, `"key" : value`."""
    text = json.dumps(_plain_numbers(value, ""), indent=2, separators=(",", " : "), ensure_ascii=False)
    return text.replace("/", "\\/")


def describe(value: Any) -> str | None:
    """What the library's `get` answers for a stored value."""
    if isinstance(value, bytes):
        try:
            document = json.loads(value.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return None
        # JSONSerialization without .fragmentsAllowed reads only an array or an object.
        if not isinstance(document, (list, dict)):
            return None
        return pretty_json(document)
    if isinstance(value, bool):
        return "1" if value else "0"  # an NSNumber holding a Bool describes itself as 1 or 0
    if isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, float):
        return _swift_double(value)
    if isinstance(value, _dt.datetime):
        return value.astimezone(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S +0000")
    if isinstance(value, (list, dict)):
        # A property list another writer stored (home_widget's list or map). iOS would answer
        # NSArray's or NSDictionary's old-style description; JSON is more use.
        return pretty_json(value)
    return str(value)


def _swift_double(number: float) -> str:
    """Swift's `Double.description`: shortest round-trip digits, as Python's repr, with Swift's
    spelling of the exceptional values."""
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    return repr(number)
