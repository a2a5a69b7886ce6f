/* The timeline calls abort() (SIGABRT); placeholder and snapshot behave. For the worker fault
 * matrix: never call its timeline in process. */
#include "fixture_support.h"

#include <stdlib.h>

static void timeline_abort(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    abort();
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(aborts, "Aborts", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_abort);
FIXTURE_BUNDLE("Aborts", fixture_init_ok, &aborts)
