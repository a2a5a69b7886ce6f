// libwayland-client and its core protocol (whose request helpers wayland-scanner generated and
// libwayland-dev ships), plus the addresses of core interfaces, which Swift cannot take itself.
#include <wayland-client.h>

static inline const struct wl_interface *wh_wl_surface_interface(void) { return &wl_surface_interface; }
static inline const struct wl_interface *wh_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *wh_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *wh_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *wh_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
static inline const struct wl_interface *wh_wl_shm_interface(void) { return &wl_shm_interface; }

// memfd_create, which glibc declares only under _GNU_SOURCE: the shared memory behind a buffer.
#include <sys/syscall.h>
#include <unistd.h>
static inline int wh_memfd_create(const char *name) { return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */); }

// The desktop's wake-up from other threads: an eventfd its poll loop watches.
#include <sys/eventfd.h>
static inline int wh_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }
