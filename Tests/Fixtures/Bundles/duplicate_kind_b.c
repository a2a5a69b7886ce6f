/* Declares "DuplicateKind", as duplicate_kind_a does. */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(duplicate_kind, "DuplicateKind", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("DuplicateKindB", fixture_init_ok, &duplicate_kind)
