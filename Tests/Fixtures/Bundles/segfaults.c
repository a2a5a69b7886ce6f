/* The timeline writes through a null pointer (SIGSEGV); placeholder and snapshot behave. For the
 * worker fault matrix: never call its timeline in process. */
#include "fixture_support.h"

static void timeline_segfault(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    /* volatile, so the compiler keeps the store instead of treating it as unreachable. */
    int *volatile target = NULL;
    *target = 42;
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(segfaults, "Segfaults", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_segfault);
FIXTURE_BUNDLE("Segfaults", fixture_init_ok, &segfaults)
