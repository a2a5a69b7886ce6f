"""`WidgetHostBus`: one connection to the session bus, and a method for each call of
dev.widgethost.WidgetHost1 (docs/dbus/dev.widgethost.WidgetHost1.xml), blocking.

    from widgethost_app import WidgetHostBus

    with WidgetHostBus.connect() as bus:
        bus.set("group.dev.widgethost.counter", {"count": 42})
        bus.reload_timelines("CounterWidget")

A connection is not thread-safe: use one per thread, or guard it with a lock.
"""

from __future__ import annotations

import os
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from jeepney import DBusAddress, MatchRule, MessageType, new_method_call
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import open_dbus_connection
from jeepney.low_level import HeaderFields

from .errors import NotRunning, error_for
from .variants import check_set_depth, convert, from_variant, split_types, to_variant

BUS_NAME = "dev.widgethost.WidgetHost1"
OBJECT_PATH = "/dev/widgethost/WidgetHost1"
DEFAULTS = BUS_NAME + ".Defaults"
WIDGET_CENTER = BUS_NAME + ".WidgetCenter"
PEER = "org.freedesktop.DBus.Peer"
INTROSPECTABLE = "org.freedesktop.DBus.Introspectable"

# libdbus's default reply timeout: long enough for a write that waits on another writer's lock
# (the store waits up to 10 s), short enough that a hung daemon is noticed.
DEFAULT_TIMEOUT = 25.0
_DEFAULT = object()


@dataclass(frozen=True)
class WidgetInfo:
    """A widget the user added (WidgetKit's `WidgetInfo`), from GetCurrentConfigurations."""
    id: str
    kind: str
    family: str
    configuration: dict = field(default_factory=dict)

    @classmethod
    def from_dbus(cls, entry: Mapping[str, Any]) -> "WidgetInfo":
        return cls(id=entry.get("id", ""), kind=entry.get("kind", ""),
                   family=entry.get("family", ""), configuration=entry.get("configuration") or {})


@dataclass(frozen=True)
class Signal:
    """A signal the daemon sent: its interface, member and arguments as Python values.

    Changed: args == (group, [keys]); TimelinesReloaded: ([kinds],);
    WidgetURLOpened: (kind, instance, url), instance "" for a kind's default widget.
    """
    interface: str
    member: str
    args: tuple


def _call_error(reply) -> Exception:
    name = reply.header.fields.get(HeaderFields.error_name)
    body = reply.body
    message = body[0] if body and isinstance(body[0], str) else ""
    return error_for(name, message)


class WidgetHostBus:
    """The daemon's bus API over one blocking jeepney connection."""

    def __init__(self, connection, *, timeout: float | None = DEFAULT_TIMEOUT):
        """Wraps an open `jeepney.io.blocking.DBusConnection`; `WidgetHostBus.connect()` opens one."""
        self.connection = connection
        self.timeout = timeout
        self._object = DBusAddress(OBJECT_PATH, bus_name=BUS_NAME)

    @classmethod
    def connect(cls, bus: str = "SESSION", *, timeout: float | None = DEFAULT_TIMEOUT) -> "WidgetHostBus":
        """Connects to the session bus (or `bus`: 'SYSTEM' or a D-Bus address). NotRunning when
        there is no session bus to connect to."""
        if bus == "SESSION" and not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
            raise NotRunning(None, "no session bus: DBUS_SESSION_BUS_ADDRESS is not set (start a"
                                   " desktop session, or run under dbus-run-session)")
        try:
            connection = open_dbus_connection(bus)
        except (FileNotFoundError, ConnectionRefusedError) as error:
            raise NotRunning(None, f"cannot reach the session bus: {error}") from None
        return cls(connection, timeout=timeout)

    @property
    def unique_name(self) -> str:
        """This connection's name on the bus (`:1.42`)."""
        return self.connection.unique_name

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> "WidgetHostBus":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    # Raw calls ------------------------------------------------------------------------------

    def call(self, interface: str, member: str, signature: str | None = None, body: tuple = (),
             *, timeout: Any = _DEFAULT, destination: str = BUS_NAME,
             path: str = OBJECT_PATH) -> tuple:
        """Calls `interface.member(body)` with `signature` on the daemon's object and returns the
        reply's body as jeepney parsed it (variants as (signature, value) pairs). An error reply
        raises its WidgetHostError subclass; no reply within `timeout` s raises TimeoutError."""
        address = DBusAddress(path, bus_name=destination, interface=interface)
        message = new_method_call(address, member, signature, body)
        reply = self.connection.send_and_get_reply(
            message, timeout=self.timeout if timeout is _DEFAULT else timeout)
        if reply.header.message_type == MessageType.error:
            raise _call_error(reply)
        return reply.body

    def _call(self, interface: str, member: str, signature: str | None = None, body: tuple = ()) -> tuple:
        return self.call(interface, member, signature, body)

    # Defaults -------------------------------------------------------------------------------

    def get(self, group: str, key: str) -> Any:
        """The value of `key` in `group`; UnknownKey when the group holds none."""
        (value,) = self._call(DEFAULTS, "Get", "ss", (_text(group, "group"), _text(key, "key")))
        return from_variant(value)

    def get_all(self, group: str) -> dict:
        """Every key of `group` with its value ({} for a group never written)."""
        (values,) = self._call(DEFAULTS, "GetAll", "s", (_text(group, "group"),))
        return {key: from_variant(value) for key, value in values.items()}

    def set(self, group: str, values: Mapping[str, Any]) -> None:
        """Writes every key of `values` to `group`, all or none (one refused value fails the whole
        call, InvalidValue naming it). Values map as widgethost_app.variants says; a
        (signature, value) tuple wrapped in `Raw` is sent as it is. ValueError before anything
        is sent for what the bus would refuse: an int beyond int64, a NUL in a string, lists and
        dicts nested deeper than a D-Bus message allows (about 30 lists or 20 dicts), an array
        over 64 MiB."""
        body = {}
        for key, value in values.items():
            _text(key, "key")
            if isinstance(value, Raw):
                body[key] = value.variant
            else:
                check_set_depth(value, key)
                body[key] = to_variant(value, key)
        self._call(DEFAULTS, "Set", "sa{sv}", (_text(group, "group"), body))

    def remove(self, group: str, keys: Iterable[str]) -> None:
        """Removes `keys` from `group` in one transaction; keys it does not hold are no error."""
        self._call(DEFAULTS, "Remove", "sas", (_text(group, "group"), [_text(k, "key") for k in keys]))

    def container_path(self, group: str) -> str:
        """The group's container folder (created 0700): where the app puts files its widgets read."""
        (path,) = self._call(DEFAULTS, "ContainerPath", "s", (_text(group, "group"),))
        return path

    # WidgetCenter ---------------------------------------------------------------------------

    def reload_timelines(self, kind: str) -> None:
        """Asks for fresh timelines of every widget of `kind`; UnknownKind when none is installed."""
        self._call(WIDGET_CENTER, "ReloadTimelines", "s", (_text(kind, "kind"),))

    def reload_all_timelines(self) -> None:
        self._call(WIDGET_CENTER, "ReloadAllTimelines")

    def get_current_configurations(self) -> list[WidgetInfo]:
        """The widgets the user added, oldest first (a kind's default widgets are not listed)."""
        (widgets,) = self._call(WIDGET_CENTER, "GetCurrentConfigurations")
        return [WidgetInfo.from_dbus(convert("a{sv}", entry)) for entry in widgets]

    def request_pin_widget(self, kind: str, family: str = "") -> str:
        """Adds a widget of `kind` in `family` ("" for the kind's first) and returns its id."""
        (instance,) = self._call(WIDGET_CENTER, "RequestPinWidget", "ss",
                                 (_text(kind, "kind"), _text(family, "family")))
        return instance

    def handle_widget_urls(self, kinds: Iterable[str]) -> None:
        """From now on, while this connection stays on the bus, a tap on a widget of `kinds` is
        a WidgetURLOpened signal instead of the daemon opening its URL."""
        self._call(WIDGET_CENTER, "HandleWidgetURLs", "as", ([_text(k, "kind") for k in kinds],))

    # The bus and the peer -------------------------------------------------------------------

    def ping(self, *, timeout: float | None = None) -> None:
        """org.freedesktop.DBus.Peer.Ping: the daemon answers."""
        self.call(PEER, "Ping", timeout=self.timeout if timeout is None else timeout)

    def introspect(self, path: str = OBJECT_PATH) -> str:
        (xml,) = self.call(INTROSPECTABLE, "Introspect", path=path)
        return xml

    def is_running(self) -> bool:
        """Whether anyone owns dev.widgethost.WidgetHost1 on this bus."""
        reply = self.connection.send_and_get_reply(message_bus.NameHasOwner(BUS_NAME), timeout=self.timeout)
        if reply.header.message_type == MessageType.error:
            raise _call_error(reply)
        return bool(reply.body[0])

    def subscribe(self, *members: str, interface: str | None = None, owner_changes: bool = False,
                  bufsize: int | None = None) -> "Subscription":
        """Starts receiving the daemon's signals (all of them, or only `members`, such as
        "Changed") at once, before this returns: a signal caused by a call made after it is
        never missed. Read them with `next(timeout=...)` or by iterating.

        With `owner_changes`, the bus's NameOwnerChanged for dev.widgethost.WidgetHost1 comes
        too, as Signal("org.freedesktop.DBus", "NameOwnerChanged", (name, old, new)): new is ""
        when the daemon left the bus, a unique name when one (re)started, which then knows
        nothing of this connection's HandleWidgetURLs: call it again."""
        return Subscription(self, members, interface, bufsize, owner_changes)


class Raw:
    """A variant sent as it is, for values the Python mapping does not produce (a `u`, an `as`):
    `bus.set(group, {"n": Raw("u", 7)})`."""

    def __init__(self, signature: str, value: Any):
        self.variant = (signature, value)


class Subscription:
    """The daemon's signals on one WidgetHostBus connection, queued from its creation on.

    Its match rule names the bus name, so the bus delivers the signals of whichever process
    owns it (a restarted daemon's too).
    """

    def __init__(self, bus: WidgetHostBus, members: Iterable[str], interface: str | None, bufsize: int | None,
                 owner_changes: bool = False):
        self._bus = bus
        self._members = set(members)
        self._rules = [MatchRule(type="signal", sender=BUS_NAME, path=OBJECT_PATH, interface=interface)]
        # The local filter cannot name BUS_NAME: messages carry the owner's unique name.
        local = [MatchRule(type="signal", path=OBJECT_PATH, interface=interface)]
        if owner_changes:
            owner = MatchRule(type="signal", sender="org.freedesktop.DBus", interface="org.freedesktop.DBus",
                              member="NameOwnerChanged", path="/org/freedesktop/DBus")
            owner.add_arg_condition(0, BUS_NAME)
            self._rules.append(owner)
            local.append(owner)
        self._queue: deque = deque(maxlen=bufsize)
        self._filters = [bus.connection.filter(rule, queue=self._queue) for rule in local]
        self._closed = False
        for rule in self._rules:
            reply = bus.connection.send_and_get_reply(message_bus.AddMatch(rule), timeout=bus.timeout)
            if reply.header.message_type == MessageType.error:
                for handle in self._filters:
                    handle.close()
                raise _call_error(reply)

    def next(self, timeout: float | None = None) -> Signal:
        """The next signal; TimeoutError when none comes within `timeout` s (None: wait forever)."""
        connection = self._bus.connection
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            message = connection.recv_until_filtered(self._queue, timeout=left)
            interface = message.header.fields.get(HeaderFields.interface, "")
            member = message.header.fields.get(HeaderFields.member, "")
            signature = message.header.fields.get(HeaderFields.signature, "")
            if member == "NameOwnerChanged" and interface == "org.freedesktop.DBus":
                return Signal(interface, member, tuple(message.body))
            if self._members and member not in self._members:
                continue
            if not interface.startswith(BUS_NAME + "."):
                continue
            return Signal(interface, member, _convert_body(signature, message.body))

    def __iter__(self) -> Iterator[Signal]:
        return self

    def __next__(self) -> Signal:
        return self.next()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for handle in self._filters:
            handle.close()
        try:
            for rule in self._rules:
                self._bus.connection.send_and_get_reply(message_bus.RemoveMatch(rule), timeout=self._bus.timeout)
        except (OSError, TimeoutError):
            pass  # the connection is gone, and its match rules with it

    def __enter__(self) -> "Subscription":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def _convert_body(signature: str, body: tuple) -> tuple:
    return tuple(convert(t, value) for t, value in zip(split_types(signature), body))


def _text(value: str, what: str) -> str:
    """A string argument, checked before it is sent: the bus drops a connection that sends a
    NUL or broken UTF-8 in a string, so these are refused here with a ValueError instead."""
    if not isinstance(value, str):
        raise TypeError(f"the {what} must be a str, not {type(value).__name__}")
    if "\0" in value:
        raise ValueError(f"the {what} {value[:60]!r}: a D-Bus string cannot hold a NUL character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"the {what} {value[:60]!r} is not valid Unicode text ({error.reason})") from None
    return value
