/* The timeline answers with a payload version newer than any host speaks. */
#include "fixture_support.h"

static void timeline_newer(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
        "{\"version\":99,\"entries\":[{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,"
        "\"content\":{\"n\":1}}],\"policy\":{\"type\":\"atEnd\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(newer_payload, "NewerPayload", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_newer);
FIXTURE_BUNDLE("NewerPayload", fixture_init_ok, &newer_payload)
