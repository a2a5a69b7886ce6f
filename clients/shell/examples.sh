#!/bin/sh
# widgethost's D-Bus service from a shell, with busctl (systemd) and gdbus (GLib).
#
# `widgethost run` serves dev.widgethost.WidgetHost1 on the session bus, at
# /dev/widgethost/WidgetHost1 (docs/dbus/dev.widgethost.WidgetHost1.xml). Each command below is
# one example; the `#=> ` lines under it are what it prints, `#~> ` a pattern of what it prints
# (a path, an id), and `#!> ` part of the error it fails with. clients/python/tests runs every
# line against a real daemon (test_shell_examples.py).

# --- busctl ---------------------------------------------------------------------------------
# Arguments follow the signature: `sa{sv}` is the group, then the number of entries, then
# each key, its type and its value.

# Write an integer (x is int64) to an App Group
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Set 'sa{sv}' group.x.y 1 count x 42

# Read it back: a variant, its type, its value
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Get ss group.x.y count
#=> v x 42

# Several values at once, all or none: a string, a bool, a double, Data (ay) and a date,
# which is the struct (d): seconds since 1970-01-01 UTC (here 2026-01-01T00:00:00Z)
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Set 'sa{sv}' group.x.y 5 title s "Hello" dark b true ratio d 0.5 blob ay 3 1 2 3 updated '(d)' 1767225600

busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Get ss group.x.y blob
#=> v ay 3 1 2 3

# A JSON document: a list (av) or an object (a{sv}) of numbers, strings, bools, lists, objects
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Set 'sa{sv}' group.x.y 2 days av 3 x 1 x 2 s three spot 'a{sv}' 2 name s Jogashima wind d 3.5

busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Get ss group.x.y days
#=> v av 3 x 1 x 2 s "three"

# Every key of a group
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Set 'sa{sv}' group.x.one 1 only s here
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults GetAll s group.x.one
#=> a{sv} 1 "only" s "here"

# Remove keys (a key the group does not hold is no error)
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Remove sas group.x.y 2 title never-written

# The group's container folder, for files the widgets read
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults ContainerPath s group.x.y
#~> ^s "/.*group\.x\.y"$

# The counter sample: its count, then a reload of its widget
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults Set 'sa{sv}' group.dev.widgethost.counter 1 count x 7
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.WidgetCenter ReloadTimelines s CounterWidget
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.WidgetCenter ReloadAllTimelines

# Add a widget to the home screen ("" for the kind's first family); it answers the widget's id
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.WidgetCenter RequestPinWidget ss CounterWidget systemMedium
#~> ^s "[^"]+"$

# The widgets the user added: id, kind, family and configuration of each
busctl --user call dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.WidgetCenter GetCurrentConfigurations
#~> ^aa\{sv\} [1-9][0-9]* .*"kind" s "CounterWidget".*"family" s "systemMedium"

# The interfaces, with their methods and signals
busctl --user introspect dev.widgethost.WidgetHost1 /dev/widgethost/WidgetHost1 dev.widgethost.WidgetHost1.Defaults
#~> ^\.Set +method +sa\{sv\} +- +-$

# Watch the signals (Changed, TimelinesReloaded, WidgetURLOpened) until Ctrl-C:
#   busctl --user monitor dev.widgethost.WidgetHost1

# --- gdbus ----------------------------------------------------------------------------------
# Arguments are GVariant text: a variant is <value>, an int64 is `int64 42` (a bare 42 is int32).

gdbus call --session --dest dev.widgethost.WidgetHost1 --object-path /dev/widgethost/WidgetHost1 --method dev.widgethost.WidgetHost1.Defaults.Set group.x.y "{'count': <int64 43>, 'title': <'Hi'>, 'days': <[<1>, <'two'>]>, 'updated': <(1767225600.0,)>}"
#=> ()

gdbus call --session --dest dev.widgethost.WidgetHost1 --object-path /dev/widgethost/WidgetHost1 --method dev.widgethost.WidgetHost1.Defaults.Get group.x.y count
#=> (<int64 43>,)

gdbus call --session --dest dev.widgethost.WidgetHost1 --object-path /dev/widgethost/WidgetHost1 --method dev.widgethost.WidgetHost1.Defaults.Get group.x.y updated
#=> (<(1767225600.0,)>,)

gdbus call --session --dest dev.widgethost.WidgetHost1 --object-path /dev/widgethost/WidgetHost1 --method dev.widgethost.WidgetHost1.Defaults.Get group.x.y days
#=> (<[<int64 1>, <'two'>]>,)

gdbus call --session --dest dev.widgethost.WidgetHost1 --object-path /dev/widgethost/WidgetHost1 --method dev.widgethost.WidgetHost1.WidgetCenter.ReloadTimelines CounterWidget
#=> ()

# Errors name what is wrong
gdbus call --session --dest dev.widgethost.WidgetHost1 --object-path /dev/widgethost/WidgetHost1 --method dev.widgethost.WidgetHost1.Defaults.Get group.x.y missing
#!> GDBus.Error:dev.widgethost.WidgetHost1.Error.UnknownKey

gdbus call --session --dest dev.widgethost.WidgetHost1 --object-path /dev/widgethost/WidgetHost1 --method dev.widgethost.WidgetHost1.WidgetCenter.ReloadTimelines NoSuchWidget
#!> GDBus.Error:dev.widgethost.WidgetHost1.Error.UnknownKind

# Watch the signals until Ctrl-C:
#   gdbus monitor --session --dest dev.widgethost.WidgetHost1
