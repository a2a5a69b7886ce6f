/* widgethost C ABI — status codes returned by host services. Codes are only ever added. */
#ifndef WIDGETHOST_STATUS_H
#define WIDGETHOST_STATUS_H

#include <stdint.h>

#include "private_macros.h"

WK_EXTERN_C_BEGIN

typedef int32_t wk_status_t;

enum {
    WK_STATUS_OK = 0,
    /* An argument was NULL or not valid UTF-8. */
    WK_STATUS_INVALID_ARGUMENT = 1,
    /* The kind is not one of the calling bundle's kinds. A bundle cannot act for another. */
    WK_STATUS_UNKNOWN_KIND = 2,

    /* Added in 1.1, for shared defaults (defaults.h). */
    /* The key holds no value. Not an error: the caller decides what a missing value means. */
    WK_STATUS_NOT_FOUND = 3,
    /* The App Group is not one the bundle declared in wk_bundle_t.app_groups, or not a valid name. */
    WK_STATUS_UNDECLARED_GROUP = 4,
    /* The key or value breaks a rule (empty key, too long, value too large, bad JSON). */
    WK_STATUS_REFUSED = 5,
    /* The shared store could not be opened, read or written. */
    WK_STATUS_STORE_UNAVAILABLE = 6,
};

WK_EXTERN_C_END

#endif
