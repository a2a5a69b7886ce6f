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

/* WK_EXPORT, which marks the one symbol a bundle exports, is public: see bundle.h. */

#endif
