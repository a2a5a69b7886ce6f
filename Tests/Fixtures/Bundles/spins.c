/* The timeline spins the CPU forever without sleeping, blocking or completing; placeholder and
 * snapshot behave, and loading it does nothing unusual. For the worker fault matrix: only a CPU
 * limit on the worker (RLIMIT_CPU: SIGXCPU, then SIGKILL) ends the call before the host's
 * timeout does. Calling its timeline in process burns one core of the host for good. */
#include "fixture_support.h"

static void timeline_spin(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    /* volatile, so the compiler keeps the loop's work: pure computation, no system calls. */
    volatile unsigned long long turns = 0;
    for (;;) turns += 1;
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(spins, "Spins", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_spin);
FIXTURE_BUNDLE("Spins", fixture_init_ok, &spins)
