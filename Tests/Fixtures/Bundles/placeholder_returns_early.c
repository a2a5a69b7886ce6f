/* The placeholder returns without completing, though it must complete before it returns. */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(placeholder_returns_early, "PlaceholderReturnsEarly", families,
               fixture_never_complete, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("PlaceholderReturnsEarly", fixture_init_ok, &placeholder_returns_early)
