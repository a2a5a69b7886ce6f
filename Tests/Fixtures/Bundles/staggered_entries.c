/*
 * A well-behaved bundle of 50 kinds, Staggered00 to Staggered49 (systemSmall only), whose
 * timelines each hold an entry that becomes current a few seconds after the first call: for the
 * daemon's wake-up stress test, which checks that every such entry is announced on time.
 *
 * Every timeline call answers two entries, policy atEnd:
 *
 *   now                      the context's `now`
 *   start + offset(kind)     start is the `now` of the first timeline call this copy of the
 *                            library answered (any kind), so the dates are fixed relative to one
 *                            another whatever order the calls come in
 *
 * offset(kind) = 1.5 s + pair * 110 ms, where pair = kind / 2, plus a small gap for the odd
 * kind of each pair: 1 ms, 0.5 ms, 2 ms or 0.1 ms in turn. So 25 pairs between 1.5 and 4.1 s
 * ahead, each pair's two dates 2 ms or less apart. The pairs are further apart than the 100 ms a
 * late announcement is allowed, so an entry whose wake-up was lost shows as late even when the
 * next pair's wake-up announces it. A test that loads one private copy per run gets a fresh
 * `start` each time.
 *
 * Placeholder and snapshot answer plainly.
 */
#include "fixture_support.h"

#include <stdatomic.h>
#include <stdlib.h>

#define STAGGERED_KIND_COUNT 50

/* The first call's `now`; 0 until then. */
static _Atomic(double) staggered_start;

/* Seconds after `start` at which the kind numbered `number` has its second entry. */
static double staggered_offset(int number) {
    static const double gaps[] = {0.001, 0.0005, 0.002, 0.0001};
    int pair = number / 2;
    double offset = 1.5 + pair * 0.110;
    if (number % 2 == 1) offset += gaps[pair % 4];
    return offset;
}

static void staggered_entry(fixture_json_t *json, double date, int number) {
    char text[64];
    snprintf(text, sizeof text, "%.17g", date);
    fixture_json_text(json, "{\"date\":");
    fixture_json_text(json, text);
    fixture_json_text(json, ",\"relevance\":null,\"content\":{\"kind\":");
    fixture_json_int(json, number);
    fixture_json_text(json, "}}");
}

static void staggered_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    /* The kind's number is its name's last two digits. */
    size_t length = strlen(widget->kind);
    int number = length >= 2 ? atoi(widget->kind + length - 2) : 0;
    double now = context->now;
    double expected = 0;
    atomic_compare_exchange_strong(&staggered_start, &expected, now);
    double start = atomic_load(&staggered_start);

    char buffer[512];
    fixture_json_t json = fixture_json_start(buffer, sizeof buffer);
    fixture_json_text(&json, "{\"version\":1,\"entries\":[");
    /* A call held up past its kind's date (a loaded test run) still answers a valid timeline:
     * entries in date order, so the late date comes first and is already superseded. */
    double later = start + staggered_offset(number);
    staggered_entry(&json, now < later ? now : later, number);
    fixture_json_text(&json, ",");
    staggered_entry(&json, now < later ? later : now, number);
    fixture_json_text(&json, "],\"policy\":{\"type\":\"atEnd\"}}");
    if (json.overflowed) {
        fixture_complete(completion, request_token,
                         "{\"version\":1,\"error\":{\"message\":\"staggered: payload buffer too small\"}}");
        return;
    }
    completion->complete(request_token, json.text, json.length);
}

FIXTURE_FAMILIES(families, "systemSmall");

#define STAGGERED_WIDGET(number) \
    FIXTURE_WIDGET(staggered_##number, "Staggered" #number, families, \
                   fixture_placeholder_ok, fixture_snapshot_ok, staggered_timeline)

STAGGERED_WIDGET(00); STAGGERED_WIDGET(01); STAGGERED_WIDGET(02); STAGGERED_WIDGET(03);
STAGGERED_WIDGET(04); STAGGERED_WIDGET(05); STAGGERED_WIDGET(06); STAGGERED_WIDGET(07);
STAGGERED_WIDGET(08); STAGGERED_WIDGET(09); STAGGERED_WIDGET(10); STAGGERED_WIDGET(11);
STAGGERED_WIDGET(12); STAGGERED_WIDGET(13); STAGGERED_WIDGET(14); STAGGERED_WIDGET(15);
STAGGERED_WIDGET(16); STAGGERED_WIDGET(17); STAGGERED_WIDGET(18); STAGGERED_WIDGET(19);
STAGGERED_WIDGET(20); STAGGERED_WIDGET(21); STAGGERED_WIDGET(22); STAGGERED_WIDGET(23);
STAGGERED_WIDGET(24); STAGGERED_WIDGET(25); STAGGERED_WIDGET(26); STAGGERED_WIDGET(27);
STAGGERED_WIDGET(28); STAGGERED_WIDGET(29); STAGGERED_WIDGET(30); STAGGERED_WIDGET(31);
STAGGERED_WIDGET(32); STAGGERED_WIDGET(33); STAGGERED_WIDGET(34); STAGGERED_WIDGET(35);
STAGGERED_WIDGET(36); STAGGERED_WIDGET(37); STAGGERED_WIDGET(38); STAGGERED_WIDGET(39);
STAGGERED_WIDGET(40); STAGGERED_WIDGET(41); STAGGERED_WIDGET(42); STAGGERED_WIDGET(43);
STAGGERED_WIDGET(44); STAGGERED_WIDGET(45); STAGGERED_WIDGET(46); STAGGERED_WIDGET(47);
STAGGERED_WIDGET(48); STAGGERED_WIDGET(49);

FIXTURE_BUNDLE("StaggeredEntries", fixture_init_ok,
               &staggered_00, &staggered_01, &staggered_02, &staggered_03, &staggered_04,
               &staggered_05, &staggered_06, &staggered_07, &staggered_08, &staggered_09,
               &staggered_10, &staggered_11, &staggered_12, &staggered_13, &staggered_14,
               &staggered_15, &staggered_16, &staggered_17, &staggered_18, &staggered_19,
               &staggered_20, &staggered_21, &staggered_22, &staggered_23, &staggered_24,
               &staggered_25, &staggered_26, &staggered_27, &staggered_28, &staggered_29,
               &staggered_30, &staggered_31, &staggered_32, &staggered_33, &staggered_34,
               &staggered_35, &staggered_36, &staggered_37, &staggered_38, &staggered_39,
               &staggered_40, &staggered_41, &staggered_42, &staggered_43, &staggered_44,
               &staggered_45, &staggered_46, &staggered_47, &staggered_48, &staggered_49)
