/*
 * A bundle whose view names an SF Symbol with a typo (ABI 1.2 views):
 *
 *   MistypedSymbol   every entry's view is a "play.fil" symbol beside a "pause.fill" one; the
 *                    host draws a question mark for the first and `validate` names it with the
 *                    nearest name it draws ("play.fill").
 */
#include "fixture_support.h"

#define VIEW \
    "{\"version\":1,\"root\":{\"type\":\"hstack\",\"children\":[" \
    "{\"type\":\"image\",\"system\":\"play.fil\"},{\"type\":\"image\",\"system\":\"pause.fill\"}]}}"

#define ENTRY(date) \
    "{\"date\":" date ",\"relevance\":null,\"content\":{\"n\":1},\"view\":" VIEW "}"

static void mistyped_entry(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    fixture_complete(completion, request_token, "{\"version\":1,\"entry\":" ENTRY(FIXTURE_DATE_1) "}");
}

static void mistyped_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    fixture_complete(completion, request_token,
                     "{\"version\":1,\"entries\":[" ENTRY(FIXTURE_DATE_1) "],\"policy\":{\"type\":\"never\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(mistyped, "MistypedSymbol", families, mistyped_entry, mistyped_entry, mistyped_timeline);
FIXTURE_BUNDLE("MistypedSymbol", fixture_init_ok, &mistyped)
