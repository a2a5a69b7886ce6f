/*
 * widgethost C ABI, version 1.6.0 — everything a bundle needs, in one include.
 *
 * A bundle written in C defines its widgets and exports:
 *
 * ```c
 * WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version);
 * ```
 *
 * Rules that hold everywhere:
 *   - Every struct but wk_version_t (three numbers, fixed for good) starts with `struct_size`;
 *     structs only grow at the end; read a field the other side wrote only when
 *     WK_HAS_FIELD(ptr, type, field) (version.h).
 *   - Strings are NUL-terminated UTF-8 unless a length is given.
 *   - [thread-safe] functions may be called from any thread, concurrently; [load-thread]
 *     functions are called by the host's loader with nothing else in flight; [callable during a
 *     provider call] host functions may be called while a provider call is under way.
 *   - Nothing Swift crosses this boundary: only these structs and JSON (payload.h).
 *
 * Code samples in these comments are fenced, so that a test can compile every one of them
 * (Tests/WidgetABITests, with cc -std=c11 -Wall -Werror): a fence is a comment line holding
 * three backquotes and a tag, and the sample ends at the next line holding three backquotes
 * alone. The tag says how the sample compiles:
 *   c       a whole file, after #include <widgethost/widgethost.h>.
 *   c body  the statements of a function, after that include, whose parameters have the names
 *           the ABI's own functions use: `bundle` (const wk_bundle_t *), `services`
 *           (const wk_host_services_t *), `widget` (const wk_widget_t *), `context`
 *           (const wk_context_t *), `completion` (const wk_completion_t *), `request_token`
 *           (wk_request_token_t), and `payload` (const char *) with its `length` (size_t).
 *   json    one JSON document, parsed but not compiled.
 *   text    a grammar or a listing, for people only.
 * Any other tag fails the test, and so does a line indented four spaces or more right after a
 * blank comment line outside a fence: the unfenced form samples had before.
 */
#ifndef WIDGETHOST_H
#define WIDGETHOST_H

#include "version.h"
#include "status.h"
#include "context.h"
#include "completion.h"
#include "payload.h"
#include "defaults.h"
#include "host_services.h"
#include "widget.h"
#include "bundle.h"

#endif
