/* init returns false: the bundle cannot run. */
#include "fixture_support.h"

static bool init_refuse(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    services->log(WK_LOG_ERROR, "init_fails: refusing to start");
    return false;
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(init_fails, "InitFails", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("InitFails", init_refuse, &init_fails)
