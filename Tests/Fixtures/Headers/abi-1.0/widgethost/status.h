/* widgethost C ABI — status codes returned by host services. */
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
};

WK_EXTERN_C_END

#endif
