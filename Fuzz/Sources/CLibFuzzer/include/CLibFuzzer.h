#ifndef WIDGETHOST_FUZZ_CLIBFUZZER_H
#define WIDGETHOST_FUZZ_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver, for programs with a main of their own (compiler-rt FuzzerInterface.h).
 * Parses libFuzzer's flags from argc/argv and calls `callback` with each input; returns the
 * exit status. Defined by the runtime that `swiftc -sanitize=fuzzer` links. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
