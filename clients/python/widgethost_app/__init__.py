"""An app's side of widgethost, over its D-Bus service (dev.widgethost.WidgetHost1): write the
App Group values its widgets read, reload their timelines, list and pin widgets, and hear taps.

- `WidgetHostBus`: every call of the bus API, blocking, with typed errors.
- `widgethost_app.home_widget`: Flutter home_widget's API in Python names.
- `ExtensionStorage`: expo-apple-targets' ExtensionStorage.
"""

from .aio import WidgetURLClicks
from .bus import (BUS_NAME, DEFAULTS, OBJECT_PATH, WIDGET_CENTER, Raw, Signal, Subscription,
                  WidgetHostBus, WidgetInfo)
from .errors import (InvalidArgs, InvalidGroup, InvalidKey, InvalidValue, NotRunning,
                     StoreUnavailable, UnknownFamily, UnknownKey, UnknownKind, WidgetHostError)
from .extension_storage import ExtensionStorage

__version__ = "0.1.0"

__all__ = [
    "BUS_NAME", "DEFAULTS", "OBJECT_PATH", "WIDGET_CENTER",
    "WidgetHostBus", "WidgetInfo", "Signal", "Subscription", "Raw", "WidgetURLClicks",
    "ExtensionStorage",
    "WidgetHostError", "InvalidGroup", "InvalidKey", "InvalidValue", "UnknownKey", "UnknownKind",
    "UnknownFamily", "StoreUnavailable", "NotRunning", "InvalidArgs",
]
