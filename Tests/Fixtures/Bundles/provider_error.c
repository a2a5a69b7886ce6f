/* The timeline answers with an error payload. */
#include "fixture_support.h"

static void timeline_error(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
                     "{\"version\":1,\"error\":{\"message\":\"database offline\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(provider_error, "ProviderError", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_error);
FIXTURE_BUNDLE("ProviderError", fixture_init_ok, &provider_error)
