"""dev.widgethost.WidgetHost1.WidgetCenter against the real daemon and the sample bundles:
reloads, pinned widgets, and taps handled by an app."""

import pytest
from jeepney import MatchRule
from jeepney.bus_messages import message_bus

from test_defaults import next_change
from widgethost_app import UnknownFamily, UnknownKind, WidgetHostBus

COUNTER = "CounterWidget"
COUNTER_URL = "widgethost-counter://open"  # samples/CounterWidget/CounterWidgetView.swift


def wait_for_reload_of(subscription, kind, timeout=60):
    while True:
        signal = subscription.next(timeout=timeout)
        if signal.member == "TimelinesReloaded" and kind in signal.args[0]:
            return signal


def test_reload_timelines_of_a_sample_kind(bus):
    with bus.subscribe("TimelinesReloaded") as reloads:
        bus.reload_timelines(COUNTER)
        signal = wait_for_reload_of(reloads, COUNTER)
    assert signal.interface == "dev.widgethost.WidgetHost1.WidgetCenter"
    assert all(isinstance(kind, str) for kind in signal.args[0])


def test_reload_all_timelines(bus):
    with bus.subscribe("TimelinesReloaded") as reloads:
        bus.reload_all_timelines()
        wait_for_reload_of(reloads, COUNTER)


@pytest.mark.parametrize("kind", ["NoSuchWidget", "", "counterwidget", "CounterWidget/../x"])
def test_reload_of_an_unknown_kind_is_unknown_kind(bus, kind):
    with pytest.raises(UnknownKind) as error:
        bus.reload_timelines(kind)
    assert error.value.dbus_name == "dev.widgethost.WidgetHost1.Error.UnknownKind"
    if kind:
        assert kind in error.value.message
    assert COUNTER in error.value.message  # the known kinds are named


def test_a_pinned_widget_is_listed_with_its_kind_and_family(bus):
    before = {widget.id for widget in bus.get_current_configurations()}
    instance = bus.request_pin_widget(COUNTER, "systemMedium")
    assert isinstance(instance, str) and instance and instance not in before
    listed = {widget.id: widget for widget in bus.get_current_configurations()}
    assert listed[instance].kind == COUNTER
    assert listed[instance].family == "systemMedium"
    assert listed[instance].configuration == {}


def test_pinning_without_a_family_takes_the_kinds_first(bus):
    instance = bus.request_pin_widget("PillarWidget", "")
    widget = next(w for w in bus.get_current_configurations() if w.id == instance)
    assert (widget.kind, widget.family) == ("PillarWidget", "systemSmall")


def test_a_configurable_kind_lists_its_configuration_as_a_dict(bus):
    instance = bus.request_pin_widget("FishGoWidget", "")
    widget = next(w for w in bus.get_current_configurations() if w.id == instance)
    assert widget.kind == "FishGoWidget" and isinstance(widget.configuration, dict)


def test_widgets_are_listed_oldest_first(bus):
    first = bus.request_pin_widget(COUNTER, "")
    second = bus.request_pin_widget(COUNTER, "")
    ids = [widget.id for widget in bus.get_current_configurations()]
    assert ids.index(first) < ids.index(second)


@pytest.mark.parametrize("family", ["accessoryCircular", "systemExtraLarge", "huge", "SystemSmall"])
def test_a_family_the_kind_does_not_support_is_unknown_family(bus, family):
    with pytest.raises(UnknownFamily) as error:
        bus.request_pin_widget(COUNTER, family)
    assert family in error.value.message and "systemSmall" in error.value.message


def test_pinning_an_unknown_kind_is_unknown_kind(bus):
    with pytest.raises(UnknownKind):
        bus.request_pin_widget("NoSuchWidget", "")


def test_a_tap_goes_to_the_app_that_handles_the_kind(daemon, bus):
    url = daemon.widget_url(COUNTER, "systemSmall")
    assert url == COUNTER_URL
    with bus.subscribe("WidgetURLOpened") as opened:
        bus.handle_widget_urls([COUNTER])
        daemon.tap(COUNTER, "systemSmall", url)
        signal = opened.next(timeout=30)
    assert signal.args == (COUNTER, "", COUNTER_URL)


def test_a_tap_on_a_pinned_widget_names_its_instance(daemon, bus):
    instance = bus.request_pin_widget(COUNTER, "systemSmall")
    with bus.subscribe("WidgetURLOpened") as opened:
        bus.handle_widget_urls([COUNTER])
        daemon.tap(COUNTER, "systemSmall", COUNTER_URL, instance=instance)
        signal = opened.next(timeout=30)
    assert signal.args == (COUNTER, instance, COUNTER_URL)


def test_taps_go_to_the_handler_only_while_it_is_on_the_bus(daemon):
    url = daemon.widget_url(COUNTER, "systemSmall")
    with WidgetHostBus.connect() as listener, listener.subscribe("WidgetURLOpened") as opened:
        departures = MatchRule(type="signal", sender="org.freedesktop.DBus", interface="org.freedesktop.DBus",
                               member="NameOwnerChanged", path="/org/freedesktop/DBus")
        with listener.connection.filter(departures, bufsize=64) as owners:
            listener.connection.send_and_get_reply(message_bus.AddMatch(departures), timeout=10)
            with WidgetHostBus.connect() as app:
                app_name = app.unique_name
                app.handle_widget_urls([COUNTER])
                daemon.tap(COUNTER, "systemSmall", url)
                assert opened.next(timeout=30).args == (COUNTER, "", url)
            while listener.connection.recv_until_filtered(owners, timeout=30).body[0] != app_name:
                pass
        # The bus told the daemon of the departure before it passes on this Ping: once the
        # daemon has answered, it knows. It opens the URL itself now (here `none`): no signal.
        listener.ping()
        daemon.tap(COUNTER, "systemSmall", url)
        with pytest.raises(TimeoutError):
            opened.next(timeout=3)


def test_a_widgets_intent_that_writes_the_group_is_a_changed_too(daemon, bus):
    """The vignette both ways: CounterWidget's own `+` (IncrementCountIntent, performed by the
    daemon as the gallery's click asks) writes `count`; the app hears it as Changed, as it hears
    its own writes, and shows the new count."""
    group = "group.dev.widgethost.counter"
    with bus.subscribe("Changed") as changes:
        bus.set(group, {"count": 10})
        assert next_change(changes, group).args == (group, ["count"])
        status, answer = daemon.http("POST", f"/v1/widgets/{COUNTER}/systemSmall/actions",
                                     {"intent": "IncrementCountIntent"})
        assert status == 200 and answer.get("performed"), answer
        assert next_change(changes, group).args == (group, ["count"])
    assert bus.get(group, "count") == 11
