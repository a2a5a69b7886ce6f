/* Declares "DuplicateKind", as duplicate_kind_b does, and the working "UniqueToA". */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(duplicate_kind, "DuplicateKind", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_WIDGET(unique_to_a, "UniqueToA", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("DuplicateKindA", fixture_init_ok, &duplicate_kind, &unique_to_a)
