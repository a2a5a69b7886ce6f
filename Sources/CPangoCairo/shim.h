// Cairo (PNG and SVG surfaces) and Pango's Cairo binding: the renderer's drawing and text.
// The PDF surface is for the tests, which write the PDF assets they draw at test time.
// Fontconfig registers the fonts a bundle ships (`Fonts/` in its asset folder).
// zlib (installed with libcairo2-dev, through libpng) compresses the PNGs the renderer writes.
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>
#include <zlib.h>
