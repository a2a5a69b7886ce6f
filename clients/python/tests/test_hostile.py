"""Hostile input over the real bus: huge keys and values, deep nesting, wrong signatures, unknown
members, broken UTF-8. Every refusal is a typed error (or the bus's own refusal), and after each
the daemon still runs and answers Ping."""

import subprocess
import sys

import pytest
from jeepney import DBusAddress, new_method_call
from jeepney.low_level import HeaderFields

from conftest import reply_error_name
from widgethost_app.variants import to_variant
from widgethost_app import (BUS_NAME, DEFAULTS, OBJECT_PATH, WIDGET_CENTER, InvalidArgs, InvalidKey,
                            InvalidValue, Raw, UnknownKey, WidgetHostBus, WidgetHostError)

MiB = 1 << 20


def defaults_call(member, signature, body):
    return new_method_call(DBusAddress(OBJECT_PATH, bus_name=BUS_NAME, interface=DEFAULTS), member, signature, body)


def send_expecting_reply_or_disconnect(connection, message, timeout=60):
    """The error name of the reply; "disconnected" when the bus dropped the connection instead
    (what dbus-daemon does to a client that sends a message it finds invalid)."""
    try:
        reply = connection.send_and_get_reply(message, timeout=timeout)
    except (ConnectionError, BrokenPipeError, OSError) as error:
        if isinstance(error, TimeoutError):
            raise
        return "disconnected"
    return reply_error_name(reply) or "ok"


def test_a_key_of_one_mib_is_invalid_key(daemon, bus, group):
    key = "k" * MiB
    with pytest.raises(InvalidKey):
        bus.set(group, {key: 1})
    with pytest.raises(InvalidKey):
        bus.get(group, key)
    with pytest.raises(InvalidKey):
        bus.remove(group, [key])
    daemon.assert_alive()


def test_a_value_over_the_store_limit_is_invalid_value(daemon, bus, group):
    for value in ["x" * (MiB + 1), b"\0" * (MiB + 1), "é" * (4 * MiB)]:
        with pytest.raises(InvalidValue) as error:
            bus.set(group, {"big": value})
        assert "big" in error.value.message
    with pytest.raises(UnknownKey):
        bus.get(group, "big")
    daemon.assert_alive()


def test_a_value_just_under_the_limit_is_kept(bus, group):
    value = b"\xab" * (MiB - 4096)
    bus.set(group, {"large": value})
    assert bus.get(group, "large") == value


def test_a_value_of_60_mib_is_invalid_value_and_the_daemon_survives(daemon, group):
    """60 MiB still fits a D-Bus message (an array may hold 64 MiB): the daemon itself must
    refuse it."""
    with WidgetHostBus.connect(timeout=120) as bus:
        with pytest.raises(InvalidValue) as error:
            bus.set(group, {"huge": b"\x01" * (60 * MiB)})
        assert "huge" in error.value.message
    daemon.assert_alive()


def test_a_value_of_64_mib_cannot_be_sent(daemon, group):
    """A 64 MiB value makes Set's a{sv} longer than the 64 MiB D-Bus allows an array: jeepney
    refuses to serialise it (SizeLimitError, a ValueError), and the same bytes written by hand
    are dropped by the bus. Either way the daemon is untouched."""
    with WidgetHostBus.connect(timeout=120) as bus:
        with pytest.raises(ValueError):
            bus.set(group, {"huge": b"\x01" * (64 * MiB)})
    with WidgetHostBus.connect(timeout=120) as bus:
        outcome = send_raw(bus.connection, oversized_set(group, "huge", 64 * MiB))
    assert outcome != "ok"
    daemon.assert_alive()
    with WidgetHostBus.connect() as bus, pytest.raises(UnknownKey):
        bus.get(group, "huge")


def test_a_key_of_64_mib_is_invalid_key(daemon, group):
    """A string argument has no 64 MiB limit: this message is valid, and reaches the daemon."""
    with WidgetHostBus.connect(timeout=120) as bus:
        with pytest.raises(InvalidKey):
            bus.get(group, "k" * (64 * MiB))
    daemon.assert_alive()


def oversized_set(group, key, size):
    """(serial, bytes) of Set(group, {key: <ay of size bytes>}), its lengths patched by hand
    past what jeepney serialises."""
    import struct
    placeholder = 8
    serial = 1
    data = bytearray(defaults_call("Set", "sa{sv}", (group, {key: ("ay", b"\x01" * placeholder)}))
                     .serialise(serial=serial))
    body_length = struct.unpack_from("<I", data, 4)[0]
    body_start = len(data) - body_length
    array_at = body_start + 4 + len(group.encode()) + 1
    array_at += -array_at % 4
    ay_at = len(data) - placeholder - 4
    assert struct.unpack_from("<I", data, ay_at)[0] == placeholder
    grow = size - placeholder
    for at in (4, array_at, ay_at):
        struct.pack_into("<I", data, at, struct.unpack_from("<I", data, at)[0] + grow)
    return serial, bytes(data) + b"\x01" * grow


def send_raw(connection, serial_and_bytes, timeout=120):
    """Writes a message as it is; the error name of its reply, "ok", or "disconnected" when
    the bus dropped the connection."""
    serial, data = serial_and_bytes
    # Serial numbers this connection has not used and will not reuse.
    own_serial = next(connection.outgoing_serial) + 1000000
    data = data[:8] + own_serial.to_bytes(4, "little") + data[12:]
    try:
        connection.sock.sendall(data)
        while True:
            reply = connection.receive(timeout=timeout)
            if reply.header.fields.get(HeaderFields.reply_serial) == own_serial:
                return reply_error_name(reply) or "ok"
    except TimeoutError:
        raise
    except (ConnectionError, BrokenPipeError, OSError):
        return "disconnected"


def nested(depth, leaf):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def test_a_list_nested_a_little_round_trips(bus, group):
    value = nested(10, 1)
    bus.set(group, {"deep": value})
    assert bus.get(group, "deep") == value


def test_nesting_the_bus_carries_is_kept_or_refused_by_name(daemon, bus, group):
    """30 nested lists still fit a D-Bus message; the daemon may keep fewer levels (its own
    limit), but then it says so with InvalidValue naming the key."""
    try:
        bus.set(group, {"deep30": nested(30, 1)})
    except InvalidValue as error:
        assert "deep30" in error.message
    else:
        assert bus.get(group, "deep30") == nested(30, 1)
    daemon.assert_alive()


def test_lists_nested_1000_deep_are_refused_and_the_daemon_survives(daemon, group):
    """The typed API refuses them before sending (a D-Bus message holds 64 levels of containers
    at most). Sent anyway, dbus-daemon drops the sender before the daemon sees the message; a
    daemon that did receive one would have to refuse it."""
    with WidgetHostBus.connect() as bus:
        with pytest.raises(ValueError, match="'deep'"):
            bus.set(group, {"deep": nested(1000, 1)})
        with pytest.raises(ValueError, match="'deep'"):
            bus.set(group, {"deep": nested(31, 1)})  # 3 + 2 x 31 levels: past the 64 a message holds
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))  # jeepney serialises recursively
    try:
        for depth in (31, 1000):
            with WidgetHostBus.connect(timeout=60) as bus:
                try:
                    bus.set(group, {"deeper": Raw(*to_variant(nested(depth, 1)))})
                    outcome = "accepted"
                except InvalidValue as error:
                    outcome = "InvalidValue"
                    assert "deeper" in error.message
                except WidgetHostError as error:
                    outcome = error.dbus_name
                except (ConnectionError, BrokenPipeError):
                    outcome = "disconnected by the bus"
            assert outcome != "accepted", f"{depth} levels"
    finally:
        sys.setrecursionlimit(limit)
    daemon.assert_alive()


def test_nested_dicts(bus, group):
    value = 1
    for _ in range(10):
        value = {"a": value}
    bus.set(group, {"deep": value})
    assert bus.get(group, "deep") == value
    for _ in range(11):  # 21 levels: 3 + 3 x 21 containers, past the 64 a message holds
        value = {"a": value}
    with pytest.raises(ValueError):
        bus.set(group, {"deep": value})


WRONG_SIGNATURES = [
    (DEFAULTS, "Get", "s", ("group.a.b",)),
    (DEFAULTS, "Get", "si", ("group.a.b", 1)),
    (DEFAULTS, "Get", "sss", ("group.a.b", "k", "extra")),
    (DEFAULTS, "GetAll", "", ()),
    (DEFAULTS, "GetAll", "i", (1,)),
    (DEFAULTS, "Set", "ss", ("group.a.b", "k")),
    (DEFAULTS, "Set", "sa{ss}", ("group.a.b", {"k": "v"})),
    (DEFAULTS, "Set", "a{sv}", ({"k": ("x", 1)},)),
    (DEFAULTS, "Remove", "ss", ("group.a.b", "k")),
    (DEFAULTS, "Remove", "sai", ("group.a.b", [1])),
    (DEFAULTS, "ContainerPath", "", ()),
    (DEFAULTS, "ContainerPath", "v", (("s", "group.a.b"),)),
    (WIDGET_CENTER, "ReloadTimelines", "i", (1,)),
    (WIDGET_CENTER, "ReloadTimelines", "as", (["CounterWidget"],)),
    (WIDGET_CENTER, "ReloadAllTimelines", "s", ("CounterWidget",)),
    (WIDGET_CENTER, "GetCurrentConfigurations", "b", (True,)),
    (WIDGET_CENTER, "RequestPinWidget", "s", ("CounterWidget",)),
    (WIDGET_CENTER, "RequestPinWidget", "si", ("CounterWidget", 1)),
    (WIDGET_CENTER, "HandleWidgetURLs", "s", ("CounterWidget",)),
    (WIDGET_CENTER, "HandleWidgetURLs", "", ()),
]


@pytest.mark.parametrize("interface, member, signature, body", WRONG_SIGNATURES,
                         ids=[f"{m}({s})" for _, m, s, _ in WRONG_SIGNATURES])
def test_a_wrong_signature_is_invalid_args(daemon, bus, interface, member, signature, body):
    with pytest.raises(InvalidArgs) as error:
        bus.call(interface, member, signature or None, body)
    assert error.value.dbus_name == "org.freedesktop.DBus.Error.InvalidArgs"


@pytest.mark.parametrize("interface, member, path, expected", [
    (DEFAULTS, "Frobnicate", OBJECT_PATH, {"org.freedesktop.DBus.Error.UnknownMethod"}),
    ("dev.widgethost.WidgetHost1.Nope", "Get", OBJECT_PATH,
     {"org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.DBus.Error.UnknownMethod"}),
    (DEFAULTS, "Get", "/dev/widgethost/Elsewhere",
     {"org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownMethod"}),
])
def test_unknown_members_interfaces_and_objects_are_refused(daemon, bus, interface, member, path, expected):
    with pytest.raises(WidgetHostError) as error:
        bus.call(interface, member, "ss", ("group.a.b", "k"), path=path)
    assert error.value.dbus_name in expected
    daemon.assert_alive()


@pytest.mark.parametrize("broken", [b"\xff\xfe", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"],
                         ids=["ff-fe", "overlong-slash", "surrogate", "beyond-unicode"])
@pytest.mark.parametrize("where", ["group", "key"])
def test_invalid_utf8_never_reaches_the_daemon(daemon, raw, group, broken, where):
    """jeepney cannot send broken UTF-8 in a string, so the bytes are patched in after
    serialising. dbus-daemon validates every message and drops the sender of an invalid one,
    so the daemon never sees it, and carries on."""
    marker = "Q" * len(broken)
    arguments = (group + marker, "k") if where == "group" else (group, "k" + marker)
    data = defaults_call("Get", "ss", arguments).serialise(serial=1)
    assert data.count(marker.encode()) == 1
    outcome = send_raw(raw, (1, data.replace(marker.encode(), broken)))
    assert outcome != "ok"
    daemon.assert_alive()


def test_a_nul_inside_a_string_is_refused_before_sending(bus, group):
    with pytest.raises(ValueError):
        bus.set(group, {"k": "a\0b"})
    with pytest.raises(ValueError):
        bus.get(group, "a\0b")
    bus.ping()  # the connection is still good: nothing was sent


def test_a_nul_sent_raw_never_reaches_the_daemon(daemon, raw, group):
    outcome = send_expecting_reply_or_disconnect(raw, defaults_call("Get", "ss", (group, "a\0b")))
    assert outcome in ("disconnected", "dev.widgethost.WidgetHost1.Error.InvalidKey",
                       "org.freedesktop.DBus.Error.InvalidArgs")
    daemon.assert_alive()


def test_many_keys_in_one_set(bus, group):
    values = {f"key{i}": i for i in range(5000)}
    bus.set(group, values)
    assert bus.get_all(group) == values
    bus.remove(group, list(values))
    assert bus.get_all(group) == {}


def test_a_flood_of_calls_on_many_connections(daemon, group):
    connections = [WidgetHostBus.connect() for _ in range(20)]
    try:
        for round_ in range(10):
            for index, connection in enumerate(connections):
                connection.set(group, {f"c{index}": round_})
        for index, connection in enumerate(connections):
            assert connection.get(group, f"c{index}") == 9
    finally:
        for connection in connections:
            connection.close()
    daemon.assert_alive()


OTHER_WRITERS_JSON = {
    "nested_100": "[" * 100 + "1" + "]" * 100,
    "null_inside": '{"a": null, "b": [1, null]}',
    "top_level_null": "null",
    "top_level_number": "42",
    "huge_integer": "[123456789012345678901234567890]",
}


@pytest.mark.parametrize("name", sorted(OTHER_WRITERS_JSON))
def test_json_other_writers_stored_that_dbus_cannot_carry(daemon, bus, group, name):
    """`widgethost defaults write --type json` (and the HTTP API, and a Swift app's
    SharedDefaults) can store JSON that has no D-Bus form: nested deeper than a message holds,
    or with nulls. Get and GetAll answer it somehow (a value or a typed error), never a crash
    or a hang."""
    written = subprocess.run([str(daemon.binary), "defaults", "write", group, name, "--type", "json",
                              OTHER_WRITERS_JSON[name], "--data-dir", str(daemon.data_dir)],
                             capture_output=True, text=True, timeout=60)
    if written.returncode != 0:
        pytest.skip(f"the CLI refuses it: {written.stderr.strip()}")
    for call in (lambda: bus.get(group, name), lambda: bus.get_all(group)):
        try:
            call()
        except WidgetHostError:
            pass
    daemon.assert_alive()
