/* The timeline completes with a well-formed timeline of about 100 MB: one entry whose content
 * holds a 100 MB string, far over CallLimits.maxPayloadBytes. Placeholder and snapshot behave.
 * The buffer is allocated only when the timeline is called, and freed once the host has copied
 * it (completion.h). If malloc fails it answers with an error payload instead. */
#include "fixture_support.h"

#include <stdlib.h>

#define HUGE_PAYLOAD_STRING_BYTES ((size_t)100 * 1024 * 1024)

static void timeline_huge(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    static const char prefix[] =
        "{\"version\":1,\"entries\":[{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,"
        "\"content\":{\"s\":\"";
    static const char suffix[] = "\"}}],\"policy\":{\"type\":\"atEnd\"}}";
    size_t prefix_length = sizeof prefix - 1;
    size_t suffix_length = sizeof suffix - 1;
    size_t length = prefix_length + HUGE_PAYLOAD_STRING_BYTES + suffix_length;
    char *payload = malloc(length);
    if (payload == NULL) {
        fixture_complete(completion, request_token,
                         "{\"version\":1,\"error\":{\"message\":\"HugePayload: out of memory\"}}");
        return;
    }
    memcpy(payload, prefix, prefix_length);
    memset(payload + prefix_length, 'x', HUGE_PAYLOAD_STRING_BYTES);
    memcpy(payload + prefix_length + HUGE_PAYLOAD_STRING_BYTES, suffix, suffix_length);
    completion->complete(request_token, payload, length);
    free(payload);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(huge_payload, "HugePayload", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_huge);
FIXTURE_BUNDLE("HugePayload", fixture_init_ok, &huge_payload)
