/*
 * Four well-behaved kinds (systemSmall only) whose entries carry TimelineEntryRelevance, for
 * the Smart Rotate tests. Fixed dates, so a test asks about any moment without a clock:
 *
 *              T0 = FIXTURE_DATE_1     T0 + 600     T0 + 1200
 *   RelevantA  0.9                     0.1          0.5
 *   RelevantB  0.2                     0.8          0.5    (a tie with A from T0 + 1200)
 *   RelevantC  no relevance (one entry at T0)
 *   RelevantD  0.95 for 300 s only (one entry at T0: from T0 + 300 it counts 0)
 *
 * Relevances but D's have duration 0: each holds as long as its entry is current. Policy never.
 */
#include "fixture_support.h"

#define RELEVANT_T1 "1767226200"
#define RELEVANT_T2 "1767226800"

#define RELEVANT_ENTRY(date, score, n) \
    "{\"date\":" date ",\"relevance\":{\"score\":" score ",\"duration\":0},\"content\":{\"n\":" n "}}"

static void relevant_a(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
        "{\"version\":1,\"entries\":["
        RELEVANT_ENTRY(FIXTURE_DATE_1, "0.9", "1") "," RELEVANT_ENTRY(RELEVANT_T1, "0.1", "2") ","
        RELEVANT_ENTRY(RELEVANT_T2, "0.5", "3")
        "],\"policy\":{\"type\":\"never\"}}");
}

static void relevant_b(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
        "{\"version\":1,\"entries\":["
        RELEVANT_ENTRY(FIXTURE_DATE_1, "0.2", "1") "," RELEVANT_ENTRY(RELEVANT_T1, "0.8", "2") ","
        RELEVANT_ENTRY(RELEVANT_T2, "0.5", "3")
        "],\"policy\":{\"type\":\"never\"}}");
}

static void relevant_c(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
        "{\"version\":1,\"entries\":["
        "{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,\"content\":{\"n\":1}}"
        "],\"policy\":{\"type\":\"never\"}}");
}

static void relevant_d(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
        "{\"version\":1,\"entries\":["
        "{\"date\":" FIXTURE_DATE_1 ",\"relevance\":{\"score\":0.95,\"duration\":300},\"content\":{\"n\":1}}"
        "],\"policy\":{\"type\":\"never\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(relevant_a_widget, "RelevantA", families, fixture_placeholder_ok, fixture_snapshot_ok, relevant_a);
FIXTURE_WIDGET(relevant_b_widget, "RelevantB", families, fixture_placeholder_ok, fixture_snapshot_ok, relevant_b);
FIXTURE_WIDGET(relevant_c_widget, "RelevantC", families, fixture_placeholder_ok, fixture_snapshot_ok, relevant_c);
FIXTURE_WIDGET(relevant_d_widget, "RelevantD", families, fixture_placeholder_ok, fixture_snapshot_ok, relevant_d);
FIXTURE_BUNDLE("RelevantEntries", fixture_init_ok, &relevant_a_widget, &relevant_b_widget, &relevant_c_widget,
               &relevant_d_widget)
