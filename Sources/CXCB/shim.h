// libxcb (the X11 protocol) and Cairo's XCB surface: the desktop home screen's window on an X11
// session, where there is no layer-shell.
#include <xcb/xcb.h>
#include <cairo/cairo.h>
#include <cairo/cairo-xcb.h>

// The home screen's wake-up from other threads: an eventfd its poll loop watches beside the X
// connection. (Named apart from CWaylandClient's, which the same executable links.)
#include <sys/eventfd.h>
static inline int wh_x11_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

// An event's kind without the bit saying it came from SendEvent; C's macro is not imported.
static inline uint8_t wh_x11_event_kind(const xcb_generic_event_t *event) { return event->response_type & ~0x80; }
