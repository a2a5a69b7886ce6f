/*
 * widgethost C ABI — the context of one provider call.
 *
 * Mirrors WidgetKit's TimelineProviderContext, plus the host's clock so that a host can replay
 * a call at a chosen time (`widgethost timeline KIND --now DATE`).
 */
#ifndef WIDGETHOST_CONTEXT_H
#define WIDGETHOST_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "private_macros.h"
#include "version.h"

WK_EXTERN_C_BEGIN

/*
 * Ownership: host. Lifetime: borrowed for the duration of the provider call only; copy what you
 * need before the call returns (an asynchronous provider must not read it afterwards).
 */
typedef struct wk_context {
    /* sizeof(wk_context_t) as the host compiled it; read a field added after 1.0 only when
     * WK_HAS_FIELD(context, wk_context_t, field) (version.h). */
    uint32_t struct_size;

    /* The widget family, spelled as WidgetKit spells it: "systemSmall", "systemMedium",
     * "systemLarge", "systemExtraLarge", "accessoryCircular", "accessoryRectangular",
     * "accessoryInline". NUL-terminated UTF-8. Always one of the widget's supported families. */
    const char *family;

    /* The size the widget is displayed at, in points, for this family. */
    double display_width;
    double display_height;

    /* True when the host shows the widget in a gallery or preview: answer quickly, with sample
     * data if the real data is slow to get. */
    bool is_preview;

    /* The host's clock: seconds since 1970-01-01T00:00:00Z. Use it instead of the system clock
     * for "now", so that a host replaying a call at a fixed time gets reproducible entries. */
    double now;

    /* ---- ABI 1.3. Read only when WK_HAS_FIELD(context, wk_context_t, field). ---- */

    /* The configuration of the instance this call is for: a JSON object, parameter name to
     * value, checked against the kind's schema before the call (docs/configuration.md). NULL for
     * a static kind, or when the instance keeps every default. NUL-terminated UTF-8; borrowed
     * like the rest of the context: copy it before the call returns. */
    const char *configuration_json;
} wk_context_t;

WK_EXTERN_C_END

#endif
