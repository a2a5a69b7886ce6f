// poppler-glib: opens a bundle's PDF assets and draws their first page onto a Cairo context.
#include <poppler.h>
