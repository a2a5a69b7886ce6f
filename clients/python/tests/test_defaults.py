"""dev.widgethost.WidgetHost1.Defaults against the real daemon: every type there and back, the
all-or-nothing Set, Remove, ContainerPath, the Changed signal and the typed errors."""

import datetime as dt
import math
import os
import stat
from pathlib import Path

import pytest

from widgethost_app import InvalidGroup, InvalidKey, InvalidValue, Raw, UnknownKey

UTC = dt.timezone.utc


def same(a, b):
    """Equal, and of the same type all the way down (True is not 1; an int in a JSON document
    may come back as itself only)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def next_change(subscription, group, timeout=30):
    """The next Changed for `group`. Changed for other groups may still arrive from earlier
    tests: the daemon sends it after the write, not necessarily before its reply."""
    while True:
        signal = subscription.next(timeout=timeout)
        if signal.member == "Changed" and signal.args[0] == group:
            return signal


ROUND_TRIPS = {
    "int": 42,
    "int_zero": 0,
    "int_min": -(2**63),
    "int_max": 2**63 - 1,
    "double": 3.25,
    "double_negative_tiny": -5e-324,
    "double_huge": 1.7976931348623157e308,
    "bool_true": True,
    "bool_false": False,
    "string": "héllo, 世界 🎉",
    "string_empty": "",
    "data": bytes(range(256)),
    "data_empty": b"",
    "date": dt.datetime(2026, 1, 1, 12, 30, tzinfo=UTC),
    "date_before_1970": dt.datetime(1901, 12, 14, 0, 0, tzinfo=UTC),
    "date_micro": dt.datetime(2026, 5, 6, 7, 8, 9, 123000, tzinfo=UTC),
    "list": [1, "two", True, 2.5, [3, [4]], {"k": "v"}],
    "list_empty": [],
    "dict": {"name": "Jogashima", "wind": 3.2, "go": True, "days": [1, 2], "nested": {"a": {"b": "c"}}},
    "dict_empty": {},
}


@pytest.mark.parametrize("key", sorted(ROUND_TRIPS))
def test_every_type_round_trips(bus, group, key):
    value = ROUND_TRIPS[key]
    bus.set(group, {key: value})
    back = bus.get(group, key)
    assert same(back, value), f"{key}: wrote {value!r}, read {back!r}"


def test_get_all_returns_every_key_with_its_type(bus, group):
    bus.set(group, ROUND_TRIPS)
    everything = bus.get_all(group)
    assert everything.keys() == ROUND_TRIPS.keys()
    for key, value in ROUND_TRIPS.items():
        assert same(everything[key], value), key


def test_get_all_of_a_group_never_written_is_empty(bus, group):
    assert bus.get_all(group) == {}


@pytest.mark.parametrize("variant, expected", [
    (("i", -7), -7), (("u", 7), 7), (("n", -300), -300), (("q", 300), 300), (("y", 255), 255),
    (("t", 2**63 - 1), 2**63 - 1),
    (("as", ["a", "b"]), ["a", "b"]),
    (("ax", [1, -2]), [1, -2]),
    (("ad", [0.5]), [0.5]),
    (("ab", [True, False]), [True, False]),
    (("aas", [["a"], []]), [["a"], []]),
    (("aav", [[("s", "x")]]), [["x"]]),
])
def test_every_integer_type_and_typed_array_is_accepted(bus, group, variant, expected):
    bus.set(group, {"v": Raw(*variant)})
    assert same(bus.get(group, "v"), expected)


@pytest.mark.parametrize("variant", [
    ("t", 2**64 - 1),                    # a uint64 beyond Int
    ("d", math.nan), ("d", math.inf),    # not finite
    ("(d)", (math.nan,)),                # a date that is no date
    ("(d)", (1e300,)),                   # a date out of range
    ("(ii)", (1, 2)),                    # a struct that is not a date
    ("av", [("ay", b"x")]),              # Data inside a JSON document
    ("av", [("(d)", (0.0,))]),           # a Date inside a JSON document
    ("a{sv}", {"d": ("d", math.nan)}),   # a number JSON cannot hold
], ids=lambda variant: f"{variant[0]}:{variant[1]!r}"[:40])
def test_values_the_store_cannot_keep_are_invalid_value_naming_the_key(bus, group, variant):
    with pytest.raises(InvalidValue) as error:
        bus.set(group, {"the_key": Raw(*variant)})
    assert "the_key" in error.value.message
    with pytest.raises(UnknownKey):
        bus.get(group, "the_key")


def test_object_paths_and_signatures_are_stored_as_strings(bus, group):
    bus.set(group, {"path": Raw("o", "/a/b"), "signature": Raw("g", "ss"), "paths": Raw("ao", ["/a", "/b"])})
    assert bus.get(group, "path") == "/a/b"
    assert bus.get(group, "signature") == "ss"
    assert bus.get(group, "paths") == ["/a", "/b"]


def test_set_is_all_or_nothing(bus, group):
    bus.set(group, {"kept": 1})
    with pytest.raises(InvalidValue) as error:
        bus.set(group, {"kept": 2, "fresh": "new", "bad": Raw("t", 2**64 - 1)})
    assert "bad" in error.value.message
    assert bus.get_all(group) == {"kept": 1}


def test_one_invalid_key_writes_nothing(bus, group):
    with pytest.raises(InvalidKey):
        bus.set(group, {"fine": 1, "": 2})
    with pytest.raises(InvalidKey):
        bus.set(group, {"fine": 1, "k" * 257: 2})
    assert bus.get_all(group) == {}


def test_an_empty_set_writes_nothing_and_sends_no_signal(bus, group):
    with bus.subscribe("Changed") as changes:
        bus.set(group, {})
        bus.set(group, {"after": 1})
        signal = next_change(changes, group)
    assert signal.args == (group, ["after"])
    assert bus.get_all(group) == {"after": 1}


def test_set_overwrites_with_another_type(bus, group):
    bus.set(group, {"k": "text"})
    bus.set(group, {"k": 7})
    assert same(bus.get(group, "k"), 7)


def test_get_of_a_missing_key_is_unknown_key(bus, group):
    with pytest.raises(UnknownKey) as error:
        bus.get(group, "nothing")
    assert error.value.dbus_name == "dev.widgethost.WidgetHost1.Error.UnknownKey"
    assert "nothing" in error.value.message


def test_remove_removes_and_missing_keys_are_no_error(bus, group):
    bus.set(group, {"a": 1, "b": 2, "c": 3})
    bus.remove(group, ["a", "c", "never-written"])
    assert bus.get_all(group) == {"b": 2}
    bus.remove(group, [])
    assert bus.get_all(group) == {"b": 2}


def test_changed_names_the_group_and_the_sorted_keys(bus, group):
    with bus.subscribe("Changed") as changes:
        bus.set(group, {"zeta": 1, "alpha": "a", "mid": [1]})
        set_signal = next_change(changes, group)
        bus.remove(group, ["mid"])
        remove_signal = next_change(changes, group)
    assert set_signal.interface == "dev.widgethost.WidgetHost1.Defaults"
    assert set_signal.args == (group, ["alpha", "mid", "zeta"])
    assert remove_signal.args == (group, ["mid"])


def test_other_connections_hear_changed_too(daemon, bus, group):
    from widgethost_app import WidgetHostBus
    with WidgetHostBus.connect() as listener, listener.subscribe("Changed") as changes:
        bus.set(group, {"shared": 1})
        assert next_change(changes, group).args == (group, ["shared"])


def test_container_path_is_a_private_folder_in_the_data_dir(daemon, bus, group):
    path = Path(bus.container_path(group))
    assert path.is_absolute() and path.is_dir()
    assert stat.S_IMODE(path.stat().st_mode) == 0o700
    assert group in path.name
    assert Path(os.path.realpath(path)).is_relative_to(os.path.realpath(daemon.data_dir))
    assert bus.container_path(group) == str(path)  # the same folder every time


BAD_GROUPS = ["", "notagroup", "group.", "group.a/../b", "group.x/y", "group..x", "group.a..b",
              "com.example.app", "group./etc", "../group.a.b", "group.a.b/..", "GROUP.a.b/x"]


@pytest.mark.parametrize("bad", BAD_GROUPS)
def test_malformed_groups_are_invalid_group_for_every_method(bus, bad):
    calls = [lambda: bus.get(bad, "k"), lambda: bus.get_all(bad), lambda: bus.set(bad, {"k": 1}),
             lambda: bus.remove(bad, ["k"]), lambda: bus.container_path(bad)]
    for call in calls:
        with pytest.raises(InvalidGroup) as error:
            call()
        assert error.value.dbus_name == "dev.widgethost.WidgetHost1.Error.InvalidGroup"


def test_no_container_is_made_for_a_traversing_group(daemon, bus):
    with pytest.raises(InvalidGroup):
        bus.container_path("group.a/../../../escape")
    assert not (daemon.data_dir.parent / "escape").exists()
    assert not any(p.name == "escape" for p in daemon.data_dir.rglob("escape"))


@pytest.mark.parametrize("key", ["", "k" * 257, "é" * 129])
def test_malformed_keys_are_invalid_key(bus, group, key):
    with pytest.raises(InvalidKey):
        bus.set(group, {key: 1})
    with pytest.raises(InvalidKey):
        bus.get(group, key)


def test_a_key_of_256_bytes_is_fine(bus, group):
    key = "k" * 256
    bus.set(group, {key: 1})
    assert bus.get(group, key) == 1
