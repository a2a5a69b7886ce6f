/* Declares a family no host knows: "systemHuge". */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall", "systemHuge");
FIXTURE_WIDGET(unknown_family, "UnknownFamily", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("UnknownFamily", fixture_init_ok, &unknown_family)
