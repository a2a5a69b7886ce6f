/*
 * A bundle built the ABI 1.0 way: minor 0, and a wk_bundle_t that ends where 1.1 appended
 * app_groups. It loads, with no App Groups.
 *
 * The descriptor still lies in memory as a whole 1.1 struct, and its tail holds a malformed group:
 * a host that read app_groups past struct_size would refuse the bundle with invalidAppGroup.
 */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_GROUPS(beyond_struct_size, "not a group");
FIXTURE_WIDGET(abi_1_0, "ABIOneZero", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE_DESCRIPTOR("ABIOneZero", offsetof(wk_bundle_t, app_groups), WK_ABI_VERSION_MAJOR, 0, 0,
                          beyond_struct_size, 1, fixture_init_ok, &abi_1_0)
