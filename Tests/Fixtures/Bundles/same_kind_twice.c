/*
 * Declares the kind "SameKindTwice" twice in one bundle (two widgets, one kind): the loader
 * refuses the bundle with invalidWidget, field "kind", "is declared twice in this bundle".
 * Harmless to load in process: init accepts the host, and no provider is ever reached, as the
 * bundle is refused after init, while its widgets are read. For `widgethost validate`'s
 * kinds-unique check.
 */
#include "fixture_support.h"

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(first_widget, "SameKindTwice", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_WIDGET(second_widget, "SameKindTwice", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("SameKindTwice", fixture_init_ok, &first_widget, &second_widget)
