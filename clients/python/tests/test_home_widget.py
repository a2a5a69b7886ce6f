"""widgethost_app.home_widget against the real daemon: what Flutter's home_widget calls do on
iOS, done over the bus."""

import asyncio
import datetime as dt
import stat
from pathlib import Path

import pytest

from widgethost_app import UnknownKind
from widgethost_app.home_widget import AppGroupIdNotSet, HomeWidgetInfo

COUNTER = "CounterWidget"
COUNTER_URL = "widgethost-counter://open"


def test_the_vignettes_calls(fresh_home_widget, bus, group):
    hw = fresh_home_widget
    assert hw.set_app_group_id(group) is True
    assert hw.save_widget_data("count", 42) is True
    assert hw.save_widget_data("color", "0.1,0.4,0.8") is True
    assert hw.update_widget(ios_name=COUNTER) is True
    # What the widget's UserDefaults reads: an Int and a String.
    assert bus.get(group, "count") == 42 and type(bus.get(group, "count")) is int
    assert bus.get(group, "color") == "0.1,0.4,0.8"


@pytest.mark.parametrize("value", [7, -1, 2.5, True, False, "text", b"\x00\x01", [1, "a", [True]],
                                   {"a": 1, "b": {"c": [2.5]}}])
def test_save_then_get_gives_the_value_back(fresh_home_widget, group, value):
    hw = fresh_home_widget
    hw.set_app_group_id(group)
    hw.save_widget_data("v", value)
    back = hw.get_widget_data("v")
    assert back == value and type(back) is type(value)


def test_get_of_a_missing_key_is_the_default(fresh_home_widget, group):
    hw = fresh_home_widget
    hw.set_app_group_id(group)
    assert hw.get_widget_data("missing") is None
    assert hw.get_widget_data("missing", default_value=3) == 3
    assert hw.get_widget_data("missing", 3) == 3


def test_saving_none_removes_the_key(fresh_home_widget, bus, group):
    hw = fresh_home_widget
    hw.set_app_group_id(group)
    hw.save_widget_data("gone", 1)
    hw.save_widget_data("gone", None)
    assert "gone" not in bus.get_all(group)
    assert hw.get_widget_data("gone", default_value="d") == "d"


def test_a_date_is_stored_as_a_date(fresh_home_widget, bus, group):
    hw = fresh_home_widget
    moment = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.timezone.utc)
    hw.save_widget_data("when", moment, app_group_id=group)
    assert hw.get_widget_data("when", app_group_id=group) == moment


def test_app_group_id_overrides_the_set_group(fresh_home_widget, bus, group):
    hw = fresh_home_widget
    hw.set_app_group_id(group)
    other = group + "x"
    hw.save_widget_data("k", 1, app_group_id=other)
    assert bus.get(other, "k") == 1
    assert "k" not in bus.get_all(group)
    assert hw.get_widget_data("k", app_group_id=other) == 1


def test_without_a_group_calls_fail_as_on_ios(fresh_home_widget):
    with pytest.raises(AppGroupIdNotSet):
        fresh_home_widget.save_widget_data("k", 1)
    with pytest.raises(AppGroupIdNotSet):
        fresh_home_widget.get_widget_data("k")


def test_update_widget_takes_ios_name_then_name(fresh_home_widget, bus):
    hw = fresh_home_widget
    with bus.subscribe("TimelinesReloaded") as reloads:
        assert hw.update_widget(name="NotThisOne", ios_name=COUNTER) is True
        while COUNTER not in reloads.next(timeout=60).args[0]:
            pass
    assert hw.update_widget(name=COUNTER, android_name="com.example.CounterProvider") is True
    with pytest.raises(UnknownKind):
        hw.update_widget(name="NoSuchWidget")
    assert hw.update_widget() is True  # no name: every kind


def test_pinned_widgets_are_installed_widgets(fresh_home_widget):
    hw = fresh_home_widget
    assert hw.is_request_pin_widget_supported() is True
    instance = hw.request_pin_widget(ios_name=COUNTER, family="systemLarge")
    widgets = hw.get_installed_widgets()
    assert all(isinstance(w, HomeWidgetInfo) for w in widgets)
    mine = next(w for w in widgets if w.id == instance)
    assert (mine.ios_kind, mine.ios_family) == (COUNTER, "systemLarge")
    assert (mine.kind, mine.family) == (COUNTER, "systemLarge")
    assert mine.configuration is None  # iOS leaves an empty configuration out
    assert mine.android_widget_id is None
    with pytest.raises(ValueError):
        hw.request_pin_widget()


def test_save_file_writes_into_the_container_and_stores_the_path(fresh_home_widget, bus, group):
    hw = fresh_home_widget
    hw.set_app_group_id(group)
    path = Path(hw.save_file("poster", b"\x89PNG...", extension=".png"))
    container = Path(bus.container_path(group))
    assert path == container / "home_widget" / "poster.png"
    assert path.read_bytes() == b"\x89PNG..."
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert hw.get_widget_data("poster") == str(path)
    hw.save_widget_data("poster", None)  # deleteFile: the file goes with the key
    assert not path.exists()
    for bad_key in ["", "a/b", "..", "a b"]:
        with pytest.raises(ValueError):
            hw.save_file(bad_key, b"x")


def test_clearing_a_key_leaves_files_outside_the_container_alone(fresh_home_widget, group, tmp_path):
    hw = fresh_home_widget
    hw.set_app_group_id(group)
    outside = tmp_path / "home_widget" / "keep.png"
    outside.parent.mkdir()
    outside.write_bytes(b"keep")
    hw.save_widget_data("k", str(outside))
    hw.save_widget_data("k", None)
    assert outside.read_bytes() == b"keep"


def test_widget_clicked_yields_the_tapped_url(fresh_home_widget, daemon):
    hw = fresh_home_widget
    url = daemon.widget_url(COUNTER, "systemSmall")
    with pytest.raises(ValueError):
        hw.widget_clicked()  # no kinds given or set
    hw.set_widget_kinds(COUNTER)

    async def scenario():
        clicks = hw.widget_clicked()
        try:
            await clicks.start()
            await asyncio.get_running_loop().run_in_executor(None, daemon.tap, COUNTER, "systemSmall", url)
            return await asyncio.wait_for(clicks.__anext__(), 30)
        finally:
            await clicks.aclose()

    assert asyncio.run(scenario()) == COUNTER_URL


def test_widget_clicked_with_details(fresh_home_widget, daemon):
    hw = fresh_home_widget
    url = daemon.widget_url(COUNTER, "systemSmall")

    async def scenario():
        async with hw.widget_clicked([COUNTER], details=True) as clicks:
            await asyncio.get_running_loop().run_in_executor(None, daemon.tap, COUNTER, "systemSmall", url)
            async for tap in clicks:
                return tap

    assert asyncio.run(asyncio.wait_for(scenario(), 60)) == (COUNTER, "", COUNTER_URL)


def test_widget_clicked_for_an_unknown_kind_fails_at_start(fresh_home_widget):
    async def scenario():
        clicks = fresh_home_widget.widget_clicked(["NoSuchWidget"])
        await clicks.start()

    with pytest.raises(UnknownKind):
        asyncio.run(scenario())
