#ifndef WIDGETHOST_BUS_H
#define WIDGETHOST_BUS_H

// The daemon's D-Bus object over sd-bus (libsystemd): the vtable, whose macros Swift cannot
// expand, and one entry point for every method call. Only the daemon's bus target links it.
//
// Threads: sd-bus is not thread-safe. Every function here, and every handler call, runs on the
// one thread that owns the `sd_bus` (WidgetBus's BusConnection).

#include <systemd/sd-bus.h>

/// Handles one method call of either interface. `message` is the call (read its member with
/// sd_bus_message_get_member); reply with sd_bus_reply_method_return or a method-return
/// message and return 1, or set `error` and return a negative errno. Called on the bus thread.
typedef int (*wh_bus_method_handler)(sd_bus_message *message, void *context, sd_bus_error *error);

/// Adds dev.widgethost.WidgetHost1.Defaults and .WidgetCenter at `path`, each method calling
/// `handler` with `context` (not retained: it must outlive the slots). sd-bus checks each call's
/// signature before the handler sees it (org.freedesktop.DBus.Error.InvalidArgs otherwise) and
/// answers Introspectable, Peer and Properties itself. Returns 0 or a negative errno.
int wh_bus_add_widgethost_object(sd_bus *bus, const char *path, wh_bus_method_handler handler, void *context,
                                 sd_bus_slot **defaults_slot, sd_bus_slot **center_slot);

/// A non-blocking, close-on-exec eventfd(2), with which other threads wake the bus thread
/// (Glibc's Swift module leaves eventfd out). Returns -1 with errno set on failure.
int wh_bus_wake_descriptor(void);

/// sd_bus_error_set_const is a macro in some versions; this is a function in all.
int wh_bus_error_set(sd_bus_error *error, const char *name, const char *message);

#endif
