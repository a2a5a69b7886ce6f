"""The errors a call to the widgethost daemon can raise, one class per D-Bus error name.

Every error carries the D-Bus error name (`dbus_name`) and the daemon's message (`message`),
which names the group, key, kind or family at fault and what to do about it.
"""

from __future__ import annotations

ERROR_PREFIX = "dev.widgethost.WidgetHost1.Error."


class WidgetHostError(Exception):
    """A call the daemon (or the bus, on its behalf) refused.

    `dbus_name` is the D-Bus error name, such as `dev.widgethost.WidgetHost1.Error.InvalidKey`
    or `org.freedesktop.DBus.Error.InvalidArgs`; None when no D-Bus error was received (no
    session bus at all). `message` is the human-readable text that came with it.
    """

    def __init__(self, dbus_name: str | None, message: str = ""):
        super().__init__(f"{message} [{dbus_name}]" if dbus_name else message)
        self.dbus_name = dbus_name
        self.message = message


class InvalidGroup(WidgetHostError):
    """The group is not an App Group name (`group.` and a reverse-DNS name), or holds `/` or `..`."""


class InvalidKey(WidgetHostError):
    """An empty key, one with a NUL, or one over the length limit (256 bytes of UTF-8)."""


class InvalidValue(WidgetHostError):
    """A value the store cannot keep (too large, not finite, a type it has no column for). The
    message names the key and the type; nothing of the call was written."""


class UnknownKey(WidgetHostError):
    """A read of a key the group does not hold."""


class UnknownKind(WidgetHostError):
    """A widget kind no installed bundle declares."""


class UnknownFamily(WidgetHostError):
    """A family that is not a widget family, or one the kind does not support."""


class StoreUnavailable(WidgetHostError):
    """The daemon could not open, read or write its shared store."""


class NotRunning(WidgetHostError):
    """Nobody owns `dev.widgethost.WidgetHost1` on the session bus (start `widgethost run`), or
    there is no session bus to ask (DBUS_SESSION_BUS_ADDRESS is not set or not reachable)."""


class InvalidArgs(WidgetHostError):
    """`org.freedesktop.DBus.Error.InvalidArgs`: the call's arguments do not have the method's
    signature. The typed API never sends such a call; a raw `WidgetHostBus.call` can."""


_BY_NAME = {
    ERROR_PREFIX + "InvalidGroup": InvalidGroup,
    ERROR_PREFIX + "InvalidKey": InvalidKey,
    ERROR_PREFIX + "InvalidValue": InvalidValue,
    ERROR_PREFIX + "UnknownKey": UnknownKey,
    ERROR_PREFIX + "UnknownKind": UnknownKind,
    ERROR_PREFIX + "UnknownFamily": UnknownFamily,
    ERROR_PREFIX + "StoreUnavailable": StoreUnavailable,
    "org.freedesktop.DBus.Error.ServiceUnknown": NotRunning,
    "org.freedesktop.DBus.Error.NameHasNoOwner": NotRunning,
    "org.freedesktop.DBus.Error.InvalidArgs": InvalidArgs,
}


def error_for(dbus_name: str | None, message: str = "") -> WidgetHostError:
    """The exception for a D-Bus error reply: its own class for the names above, else the base
    class (with the name kept in `dbus_name`)."""
    return _BY_NAME.get(dbus_name or "", WidgetHostError)(dbus_name, message)
