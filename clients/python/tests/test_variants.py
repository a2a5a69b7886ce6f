"""The Python <-> variant mapping alone, without a bus."""

import datetime as dt

import pytest

from widgethost_app.extension_storage import describe, json_bytes, pretty_json, _expo_int
from widgethost_app.variants import from_variant, split_types, to_variant

UTC = dt.timezone.utc


@pytest.mark.parametrize("value, variant", [
    (True, ("b", True)),
    (False, ("b", False)),
    (0, ("x", 0)),
    (-(2**63), ("x", -(2**63))),
    (2**63 - 1, ("x", 2**63 - 1)),
    (1.5, ("d", 1.5)),
    ("héllo", ("s", "héllo")),
    (b"\x00\xff", ("ay", b"\x00\xff")),
    (bytearray(b"ab"), ("ay", b"ab")),
    (dt.datetime(2026, 1, 1, tzinfo=UTC), ("(d)", (1767225600.0,))),
    ([1, "a", True, 2.5], ("av", [("x", 1), ("s", "a"), ("b", True), ("d", 2.5)])),
    ((1,), ("av", [("x", 1)])),
    ({"a": [1, {"b": False}]}, ("a{sv}", {"a": ("av", [("x", 1), ("a{sv}", {"b": ("b", False)})])})),
    ([], ("av", [])),
    ({}, ("a{sv}", {})),
])
def test_python_values_map_to_the_specified_variants(value, variant):
    assert to_variant(value, "k") == variant


@pytest.mark.parametrize("number", [2**63, -(2**63) - 1, 10**30])
def test_ints_outside_int64_are_a_value_error_naming_the_key(number):
    with pytest.raises(ValueError, match="'big'"):
        to_variant(number, "big")
    with pytest.raises(ValueError, match="'big'"):
        to_variant([1, [number]], "big")


@pytest.mark.parametrize("value", [[b"x"], [dt.datetime.now(UTC)], [None], {"a": None}, {1: "x"}, None, object()])
def test_what_has_no_mapping_is_a_type_error_naming_the_key(value):
    with pytest.raises(TypeError, match="'odd'"):
        to_variant(value, "odd")


@pytest.mark.parametrize("text", ["a\0b", "\udc80"])
def test_strings_the_bus_would_refuse_are_refused_first(text):
    with pytest.raises(ValueError, match="'s'"):
        to_variant(text, "s")
    with pytest.raises(ValueError):
        to_variant({"k": [text]}, "s")


@pytest.mark.parametrize("variant, value", [
    (("x", -3), -3), (("i", -3), -3), (("u", 3), 3), (("n", -3), -3), (("q", 3), 3), (("y", 255), 255),
    (("t", 2**63 - 1), 2**63 - 1), (("d", 0.25), 0.25), (("b", True), True), (("s", "x"), "x"),
    (("ay", b"\x01"), b"\x01"),
    (("(d)", (0.5,)), dt.datetime(1970, 1, 1, 0, 0, 0, 500000, tzinfo=UTC)),
    (("as", ["a", "b"]), ["a", "b"]), (("ax", [1, 2]), [1, 2]),
    (("av", [("s", "a"), ("av", [("x", 1)])]), ["a", [1]]),
    (("a{sv}", {"k": ("a{sv}", {"n": ("d", 1.0)})}), {"k": {"n": 1.0}}),
    (("v", ("x", 7)), 7),
])
def test_variants_read_back_as_python_values(variant, value):
    result = from_variant(variant)
    assert result == value and type(result) is type(value)


def test_a_date_round_trips_to_the_microsecond():
    moment = dt.datetime(2026, 3, 4, 5, 6, 7, 890123, tzinfo=UTC)
    assert from_variant(to_variant(moment)) == moment
    naive = dt.datetime(2026, 3, 4, 5, 6, 7)  # local time
    assert from_variant(to_variant(naive)) == naive.astimezone()


def test_signatures_split_into_complete_types():
    assert split_types("sa{sv}(ds)aaiv") == ["s", "a{sv}", "(ds)", "aai", "v"]


# ExtensionStorage's encodings, as expo-apple-targets' iOS module writes and reads them ---------

def test_numbers_round_half_away_from_zero_as_expo_converts_to_int():
    assert [_expo_int(x, "k") for x in (3.7, 2.5, -2.5, 0.49, 7)] == [4, 3, -3, 0, 7]
    with pytest.raises(ValueError):
        _expo_int(float("nan"), "k")


def test_objects_are_compact_json_bytes_with_javascript_numbers():
    assert json_bytes({"url": "a/b", "n": 1.0, "x": 0.5, "ok": True, "s": "é"}) == \
        '{"url":"a\\/b","n":1,"x":0.5,"ok":true,"s":"é"}'.encode()


def test_get_describes_values_as_the_ios_module_does():
    assert describe(42) == "42"
    assert describe("hi") == "hi"
    assert describe(True) == "1"
    assert describe(3.5) == "3.5"
    assert describe(b'{"a":[1,2]}') == '{\n  "a" : [\n    1,\n    2\n  ]\n}'
    assert describe(b"42") is None  # a JSON fragment: JSONSerialization refuses it
    assert describe(b"\xff") is None
    assert describe(dt.datetime(2026, 1, 1, tzinfo=UTC)) == "2026-01-01 00:00:00 +0000"
    assert pretty_json([{"u": "/"}]) == '[\n  {\n    "u" : "\\/"\n  }\n]'
