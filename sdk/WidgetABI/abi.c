// The ABI is headers only; SwiftPM needs one source file to build the target.
#include "widgethost/widgethost.h"
