/*
 * Declares a malformed App Group, `group.bad..name` (an empty label), after a valid one: the host
 * refuses the bundle with invalidAppGroup naming app_groups[1]. Its init refuses to run, so a
 * host that called init before checking the groups would report initFailed instead.
 */
#include "fixture_support.h"

static bool bad_group_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    return false;
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_GROUPS(groups, "group.widgethost.fine", "group.bad..name");
FIXTURE_WIDGET(bad_group, "BadGroup", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE_WITH_GROUPS("BadGroup", groups, bad_group_init, &bad_group)
