/* The timeline calls exit(0): the process ends "successfully" in the middle of a call.
 * Placeholder and snapshot behave. For the worker fault matrix: never call its timeline in
 * process. */
#include "fixture_support.h"

#include <stdlib.h>

static void timeline_exit(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    exit(0);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(exits, "Exits", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_exit);
FIXTURE_BUNDLE("Exits", fixture_init_ok, &exits)
