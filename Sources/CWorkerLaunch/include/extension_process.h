/*
 * What makes a worker an extension's process, in Foundation's own terms, where Swift cannot
 * reach: Foundation's main bundle and main thread are CoreFoundation state with no public
 * setter. Each function finds the CoreFoundation symbol it needs with dlsym (they are exported
 * by libFoundation but declared nowhere public), and answers -1 when it is not there, so a
 * toolchain without it loses the feature, never the worker.
 *
 * Thread rules: call them on the worker's one thread, before the bundle is loaded and before
 * anything asks for Foundation's main bundle (`Bundle.main`, CFBundleGetMainBundle), which is
 * made once per process from the executable's path.
 */
#ifndef WIDGETHOST_EXTENSION_PROCESS_H
#define WIDGETHOST_EXTENSION_PROCESS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Makes the calling thread CoreFoundation's main thread (`_CFMainPThread`): the one whose run
 * loop is `RunLoop.main` and drains the main dispatch queue. A worker forked by the fork server
 * runs on a thread that was not the server's first, which CoreFoundation recorded at start.
 * Returns 0, or -1 when the symbol is missing.
 */
int wh_adopt_main_thread(void);

/*
 * Tells libdispatch, in a worker the fork server forked, that it is a fork's child
 * (dispatch_atfork_child, what glibc's fork() would have run): the main dispatch queue is then
 * bound to the calling thread, the child's only one, instead of the server's first thread,
 * and the main run loop may drain it. The fork server forks with clone(2), which runs no atfork
 * handlers. Returns 0, or -1 when the symbol is missing.
 */
int wh_dispatch_forked_child(void);

/*
 * Makes `path` the executable path CoreFoundation derives its main bundle from: the main
 * bundle is then the folder holding `path`. The program name (used in log lines) stays the real
 * executable's. Returns 0, or -1 when the symbol is missing.
 */
int wh_set_main_bundle_executable_path(const char *path);

/*
 * The main bundle's folder as CoreFoundation sees it, written into `buffer` (NUL-terminated);
 * creates the main bundle if it was not yet. Returns 0, or -1 when there is none or it does not
 * fit.
 */
int wh_main_bundle_path(char *buffer, size_t capacity);

/*
 * Adds the keys of the property list in `bytes` (XML or binary, a dictionary) to the main
 * bundle's info dictionary, replacing what it had under the same keys: what a bundle's
 * `<Name>-Info.plist` says, since CoreFoundation reads only a file named `Info.plist`.
 * CoreFoundation keeps the info dictionary mutable (it fixes keys up in place itself).
 * Returns the number of keys added, or -1 when the bytes are not a dictionary or a symbol is
 * missing.
 */
int wh_merge_main_bundle_info(const uint8_t *bytes, size_t length);

#endif
