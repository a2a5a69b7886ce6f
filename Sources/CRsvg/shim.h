// librsvg: draws a bundle's SVG assets onto a Cairo context.
#include <librsvg/rsvg.h>
