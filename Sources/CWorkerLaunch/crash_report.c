#define _GNU_SOURCE
#include "crash_report.h"

#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const int wh_fault_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT};

/* Only async-signal-safe calls from here (write, raise), and backtrace, whose first call in the
 * process loads libgcc and so is made at install time. */
static void wh_write(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

static void wh_write_number(uintptr_t value, int base) {
    char digits[32];
    int index = (int)sizeof digits;
    digits[--index] = 0;
    do {
        digits[--index] = "0123456789abcdef"[value % (uintptr_t)base];
        value /= (uintptr_t)base;
    } while (value > 0 && index > 0);
    wh_write(digits + index);
}

static void wh_crash_report(int signal, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    char name[16] = "";
    pthread_getname_np(pthread_self(), name, sizeof name);
    wh_write("widgethost-worker: crashed with signal ");
    wh_write_number((uintptr_t)signal, 10);
    wh_write(" (");
    wh_write(sigabbrev_np(signal) ? sigabbrev_np(signal) : "?");
    wh_write(")");
    if (signal == SIGSEGV || signal == SIGBUS || signal == SIGILL || signal == SIGFPE) {
        wh_write(" at address 0x");
        wh_write_number((uintptr_t)info->si_addr, 16);
    }
    wh_write(" on thread '");
    wh_write(name);
    wh_write("'; its stack:\n");
    void *frames[64];
    int count = backtrace(frames, 64);
    backtrace_symbols_fd(frames, count, STDERR_FILENO);
    errno = saved;
    /* SA_RESETHAND put the default action back: raised again, the signal ends the worker as it
     * would have without the report (SA_NODEFER: it is not held back while this runs). */
    raise(signal);
}

int wh_install_crash_report(void) {
    void *warm[1];
    (void)backtrace(warm, 1);
    static char alternate_stack[64 * 1024];
    stack_t stack = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack, .ss_flags = 0};
    if (sigaltstack(&stack, NULL) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = wh_crash_report;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (size_t index = 0; index < sizeof wh_fault_signals / sizeof wh_fault_signals[0]; index++) {
        if (sigaction(wh_fault_signals[index], &action, NULL) != 0) return -1;
    }
    return 0;
}
