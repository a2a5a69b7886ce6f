/* Built against a minor newer than the host's: same major, but still refused. */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(newer_minor, "NewerMinor", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE_WITH_ABI("NewerMinor", WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR + 1, 0,
                        fixture_init_ok, &newer_minor)
