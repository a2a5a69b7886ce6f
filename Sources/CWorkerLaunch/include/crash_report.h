/*
 * A worker's crash report: when the worker dies of a fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
 * SIGTRAP or SIGABRT), it first writes to its standard error, which the host logs as the bundle's
 * output, one line naming the signal, the faulting address and the thread, then one line per frame
 * of the crashing thread's stack (glibc's backtrace_symbols_fd: module, symbol where exported,
 * offset, address). Then the signal is raised again with its default action, so the host sees
 * the worker die of it exactly as before. Swift's own backtracer is off in workers (it takes
 * seconds; `WorkerProcess` sets SWIFT_BACKTRACE=enable=no).
 *
 * Thread rules: call once, on the worker's first thread, before the bundle is loaded. The
 * report runs on an alternate signal stack of that thread (so an overflow of its stack is
 * reported too); a fault on another thread is reported on that thread's own stack. A bundle that
 * installs its own handler for these signals replaces this one.
 */
#ifndef WIDGETHOST_CRASH_REPORT_H
#define WIDGETHOST_CRASH_REPORT_H

/* Returns 0, or -1 when a handler could not be installed (errno says why). */
int wh_install_crash_report(void);

#endif
