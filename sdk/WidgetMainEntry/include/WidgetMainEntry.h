/*
 * The SDK's side of a bundle whose WidgetBundle (or single Widget) is marked @main: the weak
 * `wk_bundle_entry` that runs the bundle's `main` and hands over to Swift, and the scan of the
 * image's protocol conformances that finds its AppIntent types and its previews. Private to WidgetSDK.
 */
#ifndef WIDGETHOST_MAIN_ENTRY_H
#define WIDGETHOST_MAIN_ENTRY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Defined in Swift (WidgetSDK, MainEntry.swift): builds the table of the type the bundle's
 * `main` registered, as `export(...)` does. `has_main` is 0 when the bundle has no @main.
 * Returns the `wk_bundle_t`, or NULL after saying why on standard error.
 */
const void *wk_sdk_main_entry(const void *host_abi_version, int has_main);

/*
 * The type metadata of this image's non-generic types that conform to WidgetSDK's AppIntent,
 * as found in its `swift5_protocol_conformances` section, in section order (a type may appear
 * more than once). Writes at most `capacity` of them to `types` and returns how many there are.
 */
size_t wk_sdk_app_intent_metadata(const void **types, size_t capacity);

/* The same, for the types each `#Preview` expands into (conforming to `_PreviewRegistry`). */
size_t wk_sdk_preview_registry_metadata(const void **types, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
