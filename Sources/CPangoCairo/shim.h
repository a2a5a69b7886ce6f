// Cairo (PNG and SVG surfaces) and Pango's Cairo binding: the renderer's drawing and text.
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <pango/pangocairo.h>
