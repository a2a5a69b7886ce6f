/*
 * widgethost C ABI, version 1.2 — everything a bundle needs, in one include.
 *
 * A bundle written in C defines its widgets and exports:
 *
 *     WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version);
 *
 * Rules that hold everywhere:
 *   - Every struct starts with `struct_size`; structs only grow at the end; read a field the
 *     other side wrote only when WK_HAS_FIELD(ptr, type, field) (version.h).
 *   - Strings are NUL-terminated UTF-8 unless a length is given.
 *   - [thread-safe] functions may be called from any thread, concurrently; [load-thread]
 *     functions are called by the host's loader with nothing else in flight; [callable during a
 *     provider call] host functions may be called while a provider call is under way.
 *   - Nothing Swift crosses this boundary: only these structs and JSON (payload.h).
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
