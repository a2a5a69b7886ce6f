/* A valid shared object that exports a function, but not wk_bundle_entry. */
#include "fixture_support.h"

WK_EXPORT int fixture_not_a_widget_bundle(void);

WK_EXPORT int fixture_not_a_widget_bundle(void) {
    return 42;
}
