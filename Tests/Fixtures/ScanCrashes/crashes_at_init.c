/* The bundle's init writes through a null pointer (SIGSEGV): whatever loads it dies while
 * loading, before any provider is called. Kept OUT of Tests/Fixtures/Bundles on purpose: the
 * tests load that folder in process, and this file would take the test runner down. Only a
 * worker may load it (FaultMatrixTests compiles it itself, into a folder of its own), to show
 * the scan-crash memory: scanFailed the first time, knownBroken until the file changes. */
#include "fixture_support.h"

static bool init_segfault(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    /* volatile, so the compiler keeps the store instead of treating it as unreachable. */
    int *volatile target = NULL;
    *target = 42;
    return true;
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(crashes_at_init, "CrashesAtInit", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("CrashesAtInit", init_segfault, &crashes_at_init)
