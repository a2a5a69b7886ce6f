/* The timeline never returns (nor completes): it sleeps forever on the calling thread, unlike
 * never_completes.c, whose timeline returns at once. Placeholder and snapshot behave. For the
 * worker fault matrix: calling its timeline in process loses the calling thread for good. */
#include "fixture_support.h"

#include <unistd.h>

static void timeline_hang(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    for (;;) sleep(60);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(hangs, "Hangs", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_hang);
FIXTURE_BUNDLE("Hangs", fixture_init_ok, &hangs)
