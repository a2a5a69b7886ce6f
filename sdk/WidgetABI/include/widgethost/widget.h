/*
 * widgethost C ABI — one widget: its description and its timeline provider.
 *
 * The three provider calls mirror WidgetKit's TimelineProvider. Each one answers through
 * wk_completion_t with a payload (payload.h) naming the request token it was given.
 */
#ifndef WIDGETHOST_WIDGET_H
#define WIDGETHOST_WIDGET_H

#include <stdint.h>

#include "completion.h"
#include "context.h"
#include "private_macros.h"
#include "version.h"

WK_EXTERN_C_BEGIN

/*
 * Ownership: bundle. Lifetime: the whole life of the process (the host never unloads a bundle).
 * The host reads the descriptive fields once, right after wk_bundle_t.init succeeds.
 */
typedef struct wk_widget {
    /* sizeof(wk_widget_t) as the bundle compiled it; the host reads a field added after 1.0
     * only when WK_HAS_FIELD(widget, wk_widget_t, field). */
    uint32_t struct_size;

    /* WidgetKit's `kind`: unique among all bundles a host loads. NUL-terminated UTF-8. */
    const char *kind;
    /* Shown in galleries: `.configurationDisplayName(...)` and `.description(...)`. */
    const char *display_name;
    const char *description;

    /* The supported families, in order of preference, spelled as in context.h. */
    const char *const *supported_families;
    uint32_t supported_family_count;

    /* Opaque to the host; passed back to every provider call. */
    void *provider_data;

    /*
     * placeholder(in:): a generic entry, shown while the widget loads. Synchronous: must call
     * `completion->complete(request_token, ...)` before it returns. Should be instant.
     * [thread-safe] The host may call any provider function from any thread, concurrently.
     * `context`: borrowed for the duration of the call. `completion`: see completion.h.
     */
    void (*placeholder)(const struct wk_widget *widget,
                        const wk_context_t *context,
                        const wk_completion_t *completion,
                        wk_request_token_t request_token);

    /*
     * getSnapshot(in:completion:): the entry for now; quick, sample data when
     * context->is_preview. Asynchronous: complete exactly once, from any thread, before or after
     * returning. The host waits a bounded time, then gives up and records a timeout.
     * [thread-safe] `context`: borrowed for the duration of the call.
     */
    void (*snapshot)(const struct wk_widget *widget,
                     const wk_context_t *context,
                     const wk_completion_t *completion,
                     wk_request_token_t request_token);

    /*
     * getTimeline(in:completion:): entries for now and later, plus when to ask again.
     * Asynchronous, as `snapshot`.
     * [thread-safe] `context`: borrowed for the duration of the call.
     */
    void (*timeline)(const struct wk_widget *widget,
                     const wk_context_t *context,
                     const wk_completion_t *completion,
                     wk_request_token_t request_token);

    /* ---- ABI 1.3: configurable widgets (AppIntentConfiguration). Read only when
     * WK_HAS_FIELD(widget, wk_widget_t, field). ---- */

    /*
     * The kind's parameter schema, a JSON object (docs/configuration.md); NULL for a static
     * kind. NUL-terminated UTF-8. Ownership: bundle; lives as long as the widget. The host reads
     * it once, with the other descriptive fields.
     */
    const char *configuration_schema_json;

    /*
     * The options of an entity parameter, asked for at run time (EntityQuery's
     * suggestedEntities()). `parameter`: a parameter name of type "entity" in the schema;
     * borrowed for the duration of the call. Asynchronous, as `snapshot`: complete exactly once
     * through `completion` with {"version": 1, "options": [{"value": ID, "title": TEXT}, ...]}
     * or an error payload (payload.h). NULL when the kind has no entity parameter.
     * [thread-safe] The host may call it from any thread, concurrently with provider calls.
     */
    void (*entity_options)(const struct wk_widget *widget,
                           const char *parameter,
                           const wk_completion_t *completion,
                           wk_request_token_t request_token);

    /* ---- ABI 1.6: previews (`#Preview`). Read only when WK_HAS_FIELD(widget, wk_widget_t,
     * previews). ---- */

    /*
     * The kind's previews in `context->family` (Xcode's canvas: what `#Preview(as:)` declares),
     * each a name, where it was declared and its entries with their views:
     *
     * ```text
     * {"version": 1, "previews": [
     *   {"name": "Seven", "source": "Counter/CounterWidget.swift:40", "entries": [ENTRY, ...]},
     *   {"name": null, "source": "Counter/CounterWidget.swift:47", "error": {"message": "..."}}]}
     * ```
     *
     * ENTRY as in a timeline (payload.h); `name` may be null, `source` is "file:line"; a preview
     * whose entries could not be made carries `error` instead of `entries`. An empty list when
     * the kind has no preview in that family. Asynchronous, as `snapshot`: complete exactly once
     * through `completion`, or with an error payload (payload.h). Asked for by tools
     * (`widgethost preview`, the gallery), never by the scheduler: nothing here reaches a
     * timeline. NULL when the bundle declares no preview.
     * [thread-safe] `context`: borrowed for the duration of the call.
     */
    void (*previews)(const struct wk_widget *widget,
                     const wk_context_t *context,
                     const wk_completion_t *completion,
                     wk_request_token_t request_token);

    /* ---- ABI 1.7: entity queries. Read only when WK_HAS_FIELD(widget, wk_widget_t,
     * entity_query). ---- */

    /*
     * An entity parameter's query asked for particular entities (EntityStringQuery's
     * entities(matching:), EntityQuery's entities(for:)). `request_json`, NUL-terminated UTF-8,
     * borrowed for the duration of the call, is one of
     *
     * ```text
     * {"version": 1, "parameter": "spot", "matching": "lak"}
     * {"version": 1, "parameter": "spot", "identifiers": ["lake", "cove"]}
     * ```
     *
     * `parameter` names a parameter of type "entity" in the schema; `matching` is the text a
     * person typed (asked only of a parameter the schema marks "searchable"), `identifiers` the
     * saved values whose entities the host wants titled. Asynchronous, as `snapshot`: complete
     * exactly once through `completion` with the answer of `entity_options`, {"version": 1,
     * "options": [{"value": ID, "title": TEXT}, ...]} (the entities found, which need not be
     * among the suggested ones; an identifier no entity has is left out), or an error payload
     * (payload.h). NULL when the kind has no entity parameter; a host then matches the text
     * against entity_options' suggestions itself.
     * [thread-safe] The host may call it from any thread, concurrently with provider calls.
     */
    void (*entity_query)(const struct wk_widget *widget,
                         const char *request_json,
                         const wk_completion_t *completion,
                         wk_request_token_t request_token);
} wk_widget_t;

WK_EXTERN_C_END

#endif
