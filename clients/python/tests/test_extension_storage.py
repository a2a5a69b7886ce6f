"""ExtensionStorage against the real daemon: stored as expo-apple-targets' iOS module stores
each value, read back as its `get` answers."""

import json

import pytest

from widgethost_app import ExtensionStorage, UnknownKind


@pytest.fixture
def storage(bus, group):
    return ExtensionStorage(group, bus=bus)


def test_a_number_is_an_int(storage, bus, group):
    storage.set("count", 42)
    assert bus.get(group, "count") == 42 and type(bus.get(group, "count")) is int
    storage.set("rounded", 3.7)
    assert bus.get(group, "rounded") == 4
    storage.set("half", -2.5)
    assert bus.get(group, "half") == -3
    assert storage.get("count") == "42"


def test_a_string_is_a_string(storage, bus, group):
    storage.set("name", "Jogashima")
    assert bus.get(group, "name") == "Jogashima"
    assert storage.get("name") == "Jogashima"


def test_an_object_is_json_data(storage, bus, group):
    spot = {"spotName": "Jogashima", "windSpeed": 3.2, "waves": 1.0, "tags": ["a/b"], "ok": True}
    storage.set("spot", spot)
    stored = bus.get(group, "spot")
    assert isinstance(stored, bytes)  # Data: the widget reads data(forKey:) and decodes it
    assert json.loads(stored) == spot
    assert b'"waves":1,' in stored and b"a\\/b" in stored  # JS numbers; JSONSerialization's escapes
    assert json.loads(storage.get("spot")) == spot
    assert storage.get("spot").startswith('{\n  "spotName" : "Jogashima",')


def test_an_array_of_objects_is_json_data(storage, bus, group):
    storage.set("list", [{"a": 1}, {"b": "two"}])
    assert json.loads(bus.get(group, "list")) == [{"a": 1}, {"b": "two"}]
    assert json.loads(storage.get("list")) == [{"a": 1}, {"b": "two"}]


@pytest.mark.parametrize("value", [True, [1, 2], ["a"], b"bytes", float("nan"), 2**70])
def test_what_the_library_cannot_store_is_refused(storage, bus, group, value):
    with pytest.raises((TypeError, ValueError)):
        storage.set("bad", value)
    assert "bad" not in bus.get_all(group)


def test_none_and_remove_remove(storage, bus, group):
    storage.set("a", 1)
    storage.set("b", 2)
    storage.set("a", None)
    storage.remove("b")
    assert bus.get_all(group) == {}
    assert storage.get("a") is None


def test_get_of_other_writers_values(storage, bus, group):
    bus.set(group, {"flag": True, "ratio": 0.5, "blob": b"\xff\x00", "fragment": b"42"})
    assert storage.get("flag") == "1"
    assert storage.get("ratio") == "0.5"
    assert storage.get("blob") is None  # Data that is not JSON: nil
    assert storage.get("fragment") is None  # a JSON fragment: JSONSerialization refuses it


def test_reload_widget(bus):
    with bus.subscribe("TimelinesReloaded") as reloads:
        ExtensionStorage.reload_widget("CounterWidget", bus=bus)
        while "CounterWidget" not in reloads.next(timeout=60).args[0]:
            pass
    ExtensionStorage.reload_widget(bus=bus)
    with pytest.raises(UnknownKind):
        ExtensionStorage.reload_widget("NoSuchWidget", bus=bus)
    ExtensionStorage.reload_controls()  # no controls here: nothing happens


def test_the_shared_connection(daemon, group):
    shared = ExtensionStorage(group)
    shared.set("k", "v")
    assert shared.get("k") == "v"
    ExtensionStorage.reload_widget("CounterWidget")
