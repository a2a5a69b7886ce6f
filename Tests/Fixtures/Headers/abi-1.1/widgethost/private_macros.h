/* widgethost C ABI — shared macros. Not part of the ABI itself. */
#ifndef WIDGETHOST_PRIVATE_MACROS_H
#define WIDGETHOST_PRIVATE_MACROS_H

#if defined(__cplusplus)
#  define WK_EXTERN_C_BEGIN extern "C" {
#  define WK_EXTERN_C_END }
#else
#  define WK_EXTERN_C_BEGIN
#  define WK_EXTERN_C_END
#endif

/* Marks the one symbol a bundle exports. */
#define WK_EXPORT __attribute__((visibility("default")))

#endif
