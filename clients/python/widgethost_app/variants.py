"""Python values <-> the D-Bus variants of dev.widgethost.WidgetHost1.Defaults.

Writing (`to_variant`), as docs/dbus/dev.widgethost.WidgetHost1.xml's type mapping reads them:

    bool -> b        int -> x (int64; outside it: ValueError naming the key)
    float -> d       str -> s
    bytes, bytearray, memoryview -> ay
    datetime -> (d)  seconds since 1970-01-01 UTC (a naive datetime is local time, as
                     datetime.timestamp() takes it)
    list, tuple -> av        dict with str keys -> a{sv}
        (a JSON document: its members are bool, int, float, str, list and dict, nested;
         no bytes, datetime or None inside, which JSON has no place for)

Reading (`from_variant`): every integer type -> int, d -> float, b -> bool, s/o/g -> str,
ay -> bytes, (d) -> an aware datetime in UTC, other arrays -> list, a{s?} -> dict.

jeepney spells a variant as a (signature, value) pair: ('x', 42), ('(d)', (1.5e9,)),
('av', [('s', 'a'), ('x', 1)]).
"""

from __future__ import annotations

import datetime as _dt
import math
from typing import Any

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

Variant = tuple  # (signature, value), as jeepney serialises a `v`


def _where(key: str | None, path: str) -> str:
    name = f"key {key!r}" if key is not None else "the value"
    return f"{name}{path}" if path else name


def _check_string(text: str, key: str | None, path: str) -> str:
    if "\0" in text:
        raise ValueError(f"{_where(key, path)}: a D-Bus string cannot hold a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{_where(key, path)}: not valid Unicode text ({error.reason} at"
                         f" {error.start}), which a D-Bus string must be") from None
    return text


def _check_int(number: int, key: str | None, path: str) -> int:
    if not INT64_MIN <= number <= INT64_MAX:
        raise ValueError(f"{_where(key, path)}: {number} does not fit in a 64-bit signed integer"
                         f" ({INT64_MIN} ... {INT64_MAX}), the store's integer")
    return number


def date_seconds(value: _dt.datetime) -> float:
    """Seconds since 1970-01-01 UTC: the `(d)` a date travels as."""
    return value.timestamp()


def to_variant(value: Any, key: str | None = None) -> Variant:
    """The variant that stores `value` (see the module's table). `key` only names the value in
    errors: ValueError for a value of a right type the store cannot hold (an int outside int64,
    a string with NUL), TypeError for a type it has no mapping for (None included: remove a key
    instead of storing None)."""
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, int):
        return ("x", _check_int(int(value), key, ""))
    if isinstance(value, float):
        return ("d", value)
    if isinstance(value, str):
        return ("s", _check_string(value, key, ""))
    if isinstance(value, (bytes, bytearray, memoryview)):
        return ("ay", bytes(value))
    if isinstance(value, _dt.datetime):
        return ("(d)", (date_seconds(value),))
    if isinstance(value, (list, tuple)):
        return ("av", [_json_variant(item, key, f"[{index}]") for index, item in enumerate(value)])
    if isinstance(value, dict):
        return ("a{sv}", _json_dict(value, key, ""))
    if value is None:
        raise TypeError(f"{_where(key, '')}: None cannot be stored (D-Bus has no null); remove the"
                        " key instead")
    raise TypeError(f"{_where(key, '')}: a {type(value).__name__} has no D-Bus mapping (bool, int,"
                    " float, str, bytes, datetime, list or dict)")


def _json_variant(value: Any, key: str | None, path: str) -> Variant:
    """A member of a JSON document: numbers, strings, bools, lists and dicts only."""
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, int):
        return ("x", _check_int(int(value), key, path))
    if isinstance(value, float):
        return ("d", value)
    if isinstance(value, str):
        return ("s", _check_string(value, key, path))
    if isinstance(value, (list, tuple)):
        return ("av", [_json_variant(item, key, f"{path}[{index}]") for index, item in enumerate(value)])
    if isinstance(value, dict):
        return ("a{sv}", _json_dict(value, key, path))
    what = "None (JSON's null)" if value is None else f"a {type(value).__name__}"
    raise TypeError(f"{_where(key, path)}: {what} cannot be inside a list or dict: the store keeps"
                    " them as JSON documents of numbers, strings, bools, lists and dicts")


def _json_dict(value: dict, key: str | None, path: str) -> dict:
    result = {}
    for member, item in value.items():
        if not isinstance(member, str):
            raise TypeError(f"{_where(key, path)}: dict keys must be str, not"
                            f" {type(member).__name__} ({member!r})")
        _check_string(member, key, f"{path}[{member!r}]")
        result[member] = _json_variant(item, key, f"{path}[{member!r}]")
    return result


# The bus's nesting limit: a message holds at most 64 levels of containers (arrays, structs,
# dict entries and variants together); dbus-daemon drops a client that sends a deeper one.
MAX_MESSAGE_DEPTH = 64
# Set's `a{sv}` puts each value under three of them: the array, its dict entry, the variant.
SET_VALUE_DEPTH = 3


def container_depth(value: Any) -> int:
    """How many levels of D-Bus containers `value` takes as a variant's content: a list is an
    array of variants (2 a level), a dict an array of dict entries of variants (3 a level).
    Counted without recursion, so that a value nested 10,000 deep is measured, not a crash."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple)):
            if not item:
                deepest = max(deepest, depth + 1)
            stack.extend((member, depth + 2) for member in item)
        elif isinstance(item, dict):
            if not item:
                deepest = max(deepest, depth + 1)
            stack.extend((member, depth + 3) for member in item.values())
        else:
            deepest = max(deepest, depth)
    return deepest


def check_set_depth(value: Any, key: str | None) -> None:
    """ValueError, naming the key, for a value too deeply nested for Set's message."""
    if not isinstance(value, (list, tuple, dict)):
        return
    depth = SET_VALUE_DEPTH + container_depth(value)
    if depth > MAX_MESSAGE_DEPTH:
        raise ValueError(f"{_where(key, '')}: its lists and dicts are nested too deeply for D-Bus (a"
                         f" message holds {MAX_MESSAGE_DEPTH} levels of containers; this value needs"
                         f" {depth}: a list takes 2 a level, a dict 3)")


# Reading ------------------------------------------------------------------------------------

_INTEGERS = set("ynqiuxt")


def split_types(signature: str) -> list[str]:
    """The complete types of a signature, in order: 'sa{sv}' -> ['s', 'a{sv}']."""
    types, index = [], 0
    while index < len(signature):
        end = _complete_type_end(signature, index)
        types.append(signature[index:end])
        index = end
    return types


def _complete_type_end(signature: str, index: int) -> int:
    code = signature[index]
    if code == "a":
        return _complete_type_end(signature, index + 1)
    if code in "({":
        closing = ")" if code == "(" else "}"
        index += 1
        while signature[index] != closing:
            index = _complete_type_end(signature, index)
        return index + 1
    return index + 1


def from_variant(variant: Variant) -> Any:
    """The Python value of a variant, as jeepney parsed it: (signature, value)."""
    signature, value = variant
    return convert(signature, value)


def convert(signature: str, value: Any) -> Any:
    """The Python value of `value`, which jeepney parsed as `signature`."""
    if signature in _INTEGERS:
        return int(value)
    if signature == "d":
        return float(value)
    if signature == "b":
        return bool(value)
    if signature in ("s", "o", "g"):
        return value
    if signature == "v":
        return from_variant(value)
    if signature == "ay":
        return bytes(value)
    if signature == "(d)":
        return date_from_seconds(value[0])
    if signature.startswith("a{"):
        key_type, value_type = split_types(signature[2:-1])
        return {convert(key_type, k): convert(value_type, v) for k, v in value.items()}
    if signature.startswith("a"):
        element = signature[1:]
        return [convert(element, item) for item in value]
    if signature.startswith("("):
        return tuple(convert(t, item) for t, item in zip(split_types(signature[1:-1]), value))
    return value


def date_from_seconds(seconds: float) -> _dt.datetime:
    """An aware UTC datetime from seconds since 1970-01-01 UTC."""
    if not math.isfinite(seconds):
        raise ValueError(f"a date of {seconds} seconds since 1970 is no date")
    epoch = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
    return epoch + _dt.timedelta(seconds=seconds)
