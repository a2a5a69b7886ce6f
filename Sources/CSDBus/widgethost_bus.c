#include "widgethost_bus.h"
#include <stdlib.h>
#include <sys/eventfd.h>

static int dispatch(sd_bus_message *message, void *userdata, sd_bus_error *error);

struct registration {
    wh_bus_method_handler handler;
    void *context;
};

// One registration per process is all the daemon makes; kept for the process's life, as the
// slots may still name it while the bus drains.
static struct registration registered;

static const sd_bus_vtable defaults_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD_WITH_NAMES("Get", "ss", SD_BUS_PARAM(group) SD_BUS_PARAM(key), "v", SD_BUS_PARAM(value), dispatch, 0),
    SD_BUS_METHOD_WITH_NAMES("GetAll", "s", SD_BUS_PARAM(group), "a{sv}", SD_BUS_PARAM(values), dispatch, 0),
    SD_BUS_METHOD_WITH_NAMES("Set", "sa{sv}", SD_BUS_PARAM(group) SD_BUS_PARAM(values), "", "", dispatch, 0),
    SD_BUS_METHOD_WITH_NAMES("Remove", "sas", SD_BUS_PARAM(group) SD_BUS_PARAM(keys), "", "", dispatch, 0),
    SD_BUS_METHOD_WITH_NAMES("ContainerPath", "s", SD_BUS_PARAM(group), "s", SD_BUS_PARAM(path), dispatch, 0),
    SD_BUS_SIGNAL_WITH_NAMES("Changed", "sas", SD_BUS_PARAM(group) SD_BUS_PARAM(keys), 0),
    SD_BUS_VTABLE_END
};

static const sd_bus_vtable center_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD_WITH_NAMES("ReloadTimelines", "s", SD_BUS_PARAM(kind), "", "", dispatch, 0),
    SD_BUS_METHOD("ReloadAllTimelines", "", "", dispatch, 0),
    SD_BUS_METHOD_WITH_NAMES("GetCurrentConfigurations", "", "", "aa{sv}", SD_BUS_PARAM(widgets), dispatch, 0),
    SD_BUS_METHOD_WITH_NAMES("RequestPinWidget", "ss", SD_BUS_PARAM(kind) SD_BUS_PARAM(family), "s", SD_BUS_PARAM(instance),
                             dispatch, 0),
    SD_BUS_METHOD_WITH_NAMES("HandleWidgetURLs", "as", SD_BUS_PARAM(kinds), "", "", dispatch, 0),
    SD_BUS_SIGNAL_WITH_NAMES("TimelinesReloaded", "as", SD_BUS_PARAM(kinds), 0),
    SD_BUS_SIGNAL_WITH_NAMES("WidgetURLOpened", "sss", SD_BUS_PARAM(kind) SD_BUS_PARAM(instance) SD_BUS_PARAM(url), 0),
    SD_BUS_VTABLE_END
};

static int dispatch(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    struct registration *registration = userdata;
    return registration->handler(message, registration->context, error);
}

int wh_bus_add_widgethost_object(sd_bus *bus, const char *path, wh_bus_method_handler handler, void *context,
                                 sd_bus_slot **defaults_slot, sd_bus_slot **center_slot) {
    registered.handler = handler;
    registered.context = context;
    int result = sd_bus_add_object_vtable(bus, defaults_slot, path, "dev.widgethost.WidgetHost1.Defaults",
                                          defaults_vtable, &registered);
    if (result < 0) return result;
    return sd_bus_add_object_vtable(bus, center_slot, path, "dev.widgethost.WidgetHost1.WidgetCenter", center_vtable,
                                    &registered);
}

int wh_bus_wake_descriptor(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

int wh_bus_error_set(sd_bus_error *error, const char *name, const char *message) {
    return sd_bus_error_set(error, name, message);
}
