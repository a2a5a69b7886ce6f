/* Snapshot and timeline never call their completion; placeholder behaves. */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(never_completes, "NeverCompletes", families,
               fixture_placeholder_ok, fixture_never_complete, fixture_never_complete);
FIXTURE_BUNDLE("NeverCompletes", fixture_init_ok, &never_completes)
