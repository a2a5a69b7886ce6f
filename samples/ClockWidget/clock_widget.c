/*
 * ClockWidget: a bundle written in C against the headers alone (no SDK), which draws its own
 * view. Each entry is a quarter of an hour; its view is the view tree of docs/view-tree.md,
 * written by hand: the time (a `Text(date, style: .time)`, formatted by the host when drawn), a
 * sun or moon symbol, how much of the day has gone as a progress bar, over a day or night
 * gradient.
 *
 * Build it outside this package with any C compiler:
 *
 *     cc -shared -fPIC -fvisibility=hidden -I sdk/WidgetABI/include \
 *        samples/ClockWidget/clock_widget.c -o libClockWidget.so
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "widgethost/widgethost.h"

enum { ENTRY_COUNT = 8, QUARTER_HOUR = 15 * 60 };

/* Appends to a fixed buffer; `overflowed` is set instead of writing past its end. */
typedef struct {
    char *text;
    size_t length, capacity;
    int overflowed;
} json_buffer;

__attribute__((format(printf, 2, 3)))
static void append(json_buffer *json, const char *format, ...) {
    if (json->overflowed) return;
    va_list arguments;
    va_start(arguments, format);
    int written = vsnprintf(json->text + json->length, json->capacity - json->length, format, arguments);
    va_end(arguments);
    if (written < 0 || (size_t)written >= json->capacity - json->length) {
        json->overflowed = 1;
        return;
    }
    json->length += (size_t)written;
}

/* Seconds into the UTC day. */
static double seconds_of_day(double date) {
    double seconds = fmod(date, 86400.0);
    return seconds < 0 ? seconds + 86400.0 : seconds;
}

/* One entry: {"date", "relevance", "content", "view"}. */
static void append_entry(json_buffer *json, double date, const char *family) {
    double day_fraction = seconds_of_day(date) / 86400.0;
    int is_day = day_fraction >= 0.25 && day_fraction < 0.75;
    const char *symbol = is_day ? "sun.max.fill" : "moon.fill";
    /* Day: sky blue to light; night: navy to indigo. */
    const char *top = is_day ? "[0.29,0.56,0.89,1]" : "[0.05,0.07,0.20,1]";
    const char *bottom = is_day ? "[0.62,0.82,0.98,1]" : "[0.22,0.16,0.45,1]";
    int accessory = strncmp(family, "accessory", 9) == 0;

    append(json, "{\"date\":%.3f,\"relevance\":null,", date);
    append(json, "\"content\":{\"dayFraction\":%.4f,\"daytime\":%s},", day_fraction, is_day ? "true" : "false");
    append(json, "\"view\":{\"version\":1,\"root\":{\"type\":\"vstack\",\"alignment\":\"leading\",\"spacing\":%d,\"children\":[",
           accessory ? 2 : 6);
    append(json, "{\"type\":\"hstack\",\"children\":["
                 "{\"type\":\"image\",\"system\":\"%s\",\"modifiers\":[{\"type\":\"font\",\"font\":{\"textStyle\":\"title3\"}},"
                 "{\"type\":\"foregroundStyle\",\"style\":{\"color\":{\"named\":\"yellow\"}}}]},"
                 "{\"type\":\"spacer\"}]},", symbol);
    append(json, "{\"type\":\"text\",\"date\":%.3f,\"style\":\"time\",\"modifiers\":["
                 "{\"type\":\"font\",\"font\":{\"size\":%d,\"weight\":\"bold\",\"design\":\"rounded\"}},"
                 "{\"type\":\"minimumScaleFactor\",\"factor\":0.5},{\"type\":\"lineLimit\",\"lines\":1}]},",
           date, accessory ? 17 : 34);
    append(json, "{\"type\":\"progress\",\"value\":%.4f,\"total\":1}", day_fraction);
    /* The Lock Screen's rectangle has room for the time and the bar only. */
    if (!accessory) {
        append(json, ",{\"type\":\"text\",\"text\":\"of the day gone\",\"modifiers\":["
                     "{\"type\":\"font\",\"font\":{\"textStyle\":\"caption\"}},"
                     "{\"type\":\"foregroundStyle\",\"style\":{\"color\":{\"rgba\":[1,1,1,0.8]}}}]}");
    }
    append(json, "],\"modifiers\":[{\"type\":\"foregroundStyle\",\"style\":{\"color\":{\"named\":\"white\"}}},"
                 "{\"type\":\"frame\",\"maxWidth\":\"infinity\",\"maxHeight\":\"infinity\",\"alignment\":\"topLeading\"},"
                 "{\"type\":\"containerBackground\",\"content\":{\"type\":\"fill\",\"style\":{\"linearGradient\":{"
                 "\"stops\":[{\"color\":{\"rgba\":%s},\"location\":0},{\"color\":{\"rgba\":%s},\"location\":1}],"
                 "\"startPoint\":[0.5,0],\"endPoint\":[0.5,1]}}}}]}}}",
           top, bottom);
}

static void complete(const wk_completion_t *completion, wk_request_token_t token, json_buffer *json) {
    if (json->overflowed) {
        static const char failure[] = "{\"version\":1,\"error\":{\"message\":\"ClockWidget: payload buffer too small\"}}";
        completion->complete(token, failure, sizeof failure - 1);
        return;
    }
    completion->complete(token, json->text, json->length);
}

/* The quarter hour `date` falls in. */
static double quarter_hour(double date) { return floor(date / QUARTER_HOUR) * QUARTER_HOUR; }

static void one_entry(const wk_widget_t *widget, const wk_context_t *context,
                      const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    char text[4096];
    json_buffer json = {text, 0, sizeof text, 0};
    append(&json, "{\"version\":1,\"entry\":");
    append_entry(&json, quarter_hour(context->now), context->family);
    append(&json, "}");
    complete(completion, token, &json);
}

static void timeline(const wk_widget_t *widget, const wk_context_t *context,
                     const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    char text[4096 * ENTRY_COUNT];
    json_buffer json = {text, 0, sizeof text, 0};
    double start = quarter_hour(context->now);
    append(&json, "{\"version\":1,\"entries\":[");
    for (int index = 0; index < ENTRY_COUNT; index++) {
        if (index > 0) append(&json, ",");
        append_entry(&json, start + index * QUARTER_HOUR, context->family);
    }
    append(&json, "],\"policy\":{\"type\":\"atEnd\"}}");
    complete(completion, token, &json);
}

static const char *const families[] = {"systemSmall", "systemMedium", "accessoryRectangular"};

static const wk_widget_t clock_widget = {
    .struct_size = sizeof(wk_widget_t),
    .kind = "ClockWidget",
    .display_name = "Clock",
    .description = "The time, and how much of the day has gone; drawn by a bundle written in C.",
    .supported_families = families,
    .supported_family_count = sizeof families / sizeof families[0],
    .provider_data = NULL,
    .placeholder = one_entry,
    .snapshot = one_entry,
    .timeline = timeline,
};

static const wk_widget_t *const widgets[] = {&clock_widget};

static bool clock_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    return true;
}

WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
    (void)host_abi_version;
    static const wk_bundle_t bundle = {
        .struct_size = sizeof(wk_bundle_t),
        .abi_version = WK_ABI_VERSION_INIT,
        .name = "Clock",
        .version = "1.0.0",
        .init = clock_init,
        .widgets = widgets,
        .widget_count = sizeof widgets / sizeof widgets[0],
        .app_groups = NULL,
        .app_group_count = 0,
        .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
    };
    return &bundle;
}
