"""asyncio: the taps on an app's widgets, as an async iterator (home_widget's `widgetClicked`).

    clicks = WidgetURLClicks(["CounterWidget"])
    async for url in clicks:          # registers on first use; or `await clicks.start()`
        ...

It opens a connection of its own and calls HandleWidgetURLs(kinds) on it: while that connection
stays on the bus, the daemon does not open those widgets' URLs itself but sends
WidgetURLOpened, which this yields. When the daemon restarts (its bus name gets a new owner), it
registers again with the new one. `aclose()` (or leaving `async with`) leaves the bus, and the
daemon opens those URLs itself again.
"""

from __future__ import annotations

import asyncio
import os
from typing import Iterable

from jeepney import DBusAddress, MatchRule, MessageType, new_method_call
from jeepney.bus_messages import message_bus
from jeepney.io.asyncio import open_dbus_router
from jeepney.low_level import HeaderFields

from .bus import BUS_NAME, OBJECT_PATH, WIDGET_CENTER
from .errors import NotRunning, error_for


class WidgetURLClicks:
    """Each tap on a widget of `kinds`: its URL (`details=False`), or (kind, instance, url)
    with instance "" for a kind's default widget (`details=True`)."""

    def __init__(self, kinds: Iterable[str], *, bus: str = "SESSION", details: bool = False):
        self.kinds = list(kinds)
        if not self.kinds:
            raise ValueError("name at least one widget kind whose taps this app handles")
        self.details = details
        self._bus = bus
        self._router_context = None
        self._router = None
        self._queue: asyncio.Queue | None = None
        self._filters = []

    async def start(self) -> "WidgetURLClicks":
        """Connects and registers; after it returns, every tap on those kinds is delivered here.
        NotRunning when the daemon is not on the bus."""
        if self._router is not None:
            return self
        if self._bus == "SESSION" and not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
            raise NotRunning(None, "no session bus: DBUS_SESSION_BUS_ADDRESS is not set")
        self._router_context = open_dbus_router(self._bus)
        self._router = await self._router_context.__aenter__()
        self._queue = asyncio.Queue()
        opened = MatchRule(type="signal", interface=WIDGET_CENTER, member="WidgetURLOpened", path=OBJECT_PATH)
        owner = MatchRule(type="signal", sender="org.freedesktop.DBus", interface="org.freedesktop.DBus",
                          member="NameOwnerChanged", path="/org/freedesktop/DBus")
        owner.add_arg_condition(0, BUS_NAME)
        self._filters = [self._router.filter(opened, queue=self._queue),
                         self._router.filter(owner, queue=self._queue)]
        try:
            bus_rule = MatchRule(type="signal", sender=BUS_NAME, interface=WIDGET_CENTER,
                                 member="WidgetURLOpened", path=OBJECT_PATH)
            await self._checked(message_bus.AddMatch(bus_rule))
            await self._checked(message_bus.AddMatch(owner))
            await self._register()
        except BaseException:
            await self.aclose()
            raise
        return self

    async def _register(self) -> None:
        address = DBusAddress(OBJECT_PATH, bus_name=BUS_NAME, interface=WIDGET_CENTER)
        await self._checked(new_method_call(address, "HandleWidgetURLs", "as", (self.kinds,)))

    async def _checked(self, message):
        reply = await self._router.send_and_get_reply(message)
        if reply.header.message_type == MessageType.error:
            body = reply.body
            raise error_for(reply.header.fields.get(HeaderFields.error_name),
                            body[0] if body and isinstance(body[0], str) else "")
        return reply.body

    def __aiter__(self) -> "WidgetURLClicks":
        return self

    async def __anext__(self):
        await self.start()
        while True:
            message = await self._queue.get()
            member = message.header.fields.get(HeaderFields.member)
            if member == "NameOwnerChanged":
                _name, _old, new = message.body
                if new:  # a (re)started daemon: it knows nothing of this app yet
                    await self._register()
                continue
            kind, instance, url = message.body
            if kind not in self.kinds:
                continue
            return (kind, instance, url) if self.details else url

    async def aclose(self) -> None:
        """Leaves the bus: the daemon opens those kinds' URLs itself again."""
        for handle in self._filters:
            handle.close()
        self._filters = []
        if self._router_context is not None:
            context, self._router_context, self._router = self._router_context, None, None
            await context.__aexit__(None, None, None)

    async def __aenter__(self) -> "WidgetURLClicks":
        return await self.start()

    async def __aexit__(self, *exc_info) -> None:
        await self.aclose()
