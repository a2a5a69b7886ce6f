"""The daemon's answer to Introspect agrees with docs/dbus/dev.widgethost.WidgetHost1.xml on every
dev.widgethost.* interface: the same methods, signals and properties, with the same argument
names, types and directions. Other interfaces (the standard ones a D-Bus library adds) may
differ."""

import xml.etree.ElementTree as ET

from conftest import SPEC_XML
from widgethost_app import OBJECT_PATH


def interfaces(document: str) -> dict:
    root = ET.fromstring(document)
    result = {}
    for interface in root.findall("interface"):
        name = interface.get("name")
        if not name.startswith("dev.widgethost."):
            continue
        methods = {
            method.get("name"): [(arg.get("name"), arg.get("type"), arg.get("direction", "in"))
                                 for arg in method.findall("arg")]
            for method in interface.findall("method")}
        # A signal's arguments have no direction (some writers say "out"): compared without it.
        signals = {
            sig.get("name"): [(arg.get("name"), arg.get("type")) for arg in sig.findall("arg")]
            for sig in interface.findall("signal")}
        properties = {prop.get("name"): (prop.get("type"), prop.get("access"))
                      for prop in interface.findall("property")}
        result[name] = {"methods": methods, "signals": signals, "properties": properties}
    return result


def test_the_spec_document_declares_both_interfaces():
    spec = interfaces(SPEC_XML.read_text())
    assert set(spec) == {"dev.widgethost.WidgetHost1.Defaults", "dev.widgethost.WidgetHost1.WidgetCenter"}


def test_the_daemon_serves_what_the_spec_declares(bus):
    spec = interfaces(SPEC_XML.read_text())
    served = interfaces(bus.introspect())
    assert set(served) == set(spec), "the dev.widgethost interfaces differ"
    for name in spec:
        for part in ("methods", "signals", "properties"):
            assert served[name][part] == spec[name][part], f"{name}: its {part} differ"


def test_the_parent_paths_lead_to_the_object(bus):
    """A browser (d-feet, busctl tree) walks from / down: each level names the next."""
    parts = OBJECT_PATH.strip("/").split("/")
    for depth in range(len(parts)):
        path = "/" + "/".join(parts[:depth])
        children = {node.get("name") for node in ET.fromstring(bus.introspect(path)).findall("node")}
        assert parts[depth] in children, f"Introspect of {path} does not name {parts[depth]}"
