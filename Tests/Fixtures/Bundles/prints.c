/* The timeline prints to standard output and error, through stdio (printf, puts, fprintf) and
 * write(2) straight to descriptor 1, then completes with a valid timeline. In a worker the
 * output must go to the log pipe and never corrupt the channel. Placeholder and snapshot behave
 * and print nothing. */
#include "fixture_support.h"

#include <unistd.h>

static void timeline_prints(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    printf("Prints: printf to stdout\n");
    puts("Prints: puts to stdout");
    fflush(stdout);
    fprintf(stderr, "Prints: fprintf to stderr\n");
    static const char raw[] = "Prints: write(1) to stdout\n";
    ssize_t written = write(1, raw, sizeof raw - 1);
    (void)written;
    fixture_complete(completion, request_token, FIXTURE_VALID_TIMELINE);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(prints, "Prints", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_prints);
FIXTURE_BUNDLE("Prints", fixture_init_ok, &prints)
