"""A stand-in for xdg-desktop-portal's Settings interface, on a private session bus, for the
desktop check (scripts/desktop-check.py): it answers `Read("org.freedesktop.appearance",
"color-scheme")` and, on each line read from standard input (`dark` or `light`), changes the
setting and emits `SettingChanged`, as the real portal does when the user flips the theme.

Prints `ready` once the name is owned. Needs dbus-next (PyPI).
"""

import asyncio
import sys

from dbus_next import Variant
from dbus_next.aio import MessageBus
from dbus_next.service import ServiceInterface, method, signal

VALUES = {"dark": 1, "light": 2}


class Settings(ServiceInterface):
    def __init__(self, scheme):
        super().__init__("org.freedesktop.portal.Settings")
        self.value = VALUES[scheme]

    @method()
    def Read(self, namespace: "s", key: "s") -> "v":  # noqa: F821 (D-Bus signatures)
        if (namespace, key) != ("org.freedesktop.appearance", "color-scheme"):
            raise Exception("org.freedesktop.portal.Error.NotFound")
        # The portal wraps the value in a second variant.
        return Variant("v", Variant("u", self.value))

    @signal()
    def SettingChanged(self) -> "ssv":  # noqa: F821
        return ["org.freedesktop.appearance", "color-scheme", Variant("u", self.value)]


async def main():
    settings = Settings(sys.argv[1] if len(sys.argv) > 1 else "light")
    bus = await MessageBus().connect()
    bus.export("/org/freedesktop/portal/desktop", settings)
    await bus.request_name("org.freedesktop.portal.Desktop")
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        settings.value = VALUES[line.strip()]
        settings.SettingChanged()
        print("changed", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
