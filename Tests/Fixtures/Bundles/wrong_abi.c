/* Built against a future ABI major, 2.0.0: any 1.x host must refuse it. */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(wrong_abi, "WrongABI", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE_WITH_ABI("WrongABI", 2, 0, 0, fixture_init_ok, &wrong_abi)
