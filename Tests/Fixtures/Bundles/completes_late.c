/*
 * The timeline answers from a detached thread about 2.5 s after it was called: after a host
 * with a shorter timeout has given up on the call.
 */
#include "fixture_support.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

struct late_answer {
    const wk_completion_t *completion;
    wk_request_token_t token;
};

static void *answer_late(void *argument) {
    struct late_answer *answer = argument;
    struct timespec delay = {.tv_sec = 2, .tv_nsec = 500 * 1000 * 1000};
    while (nanosleep(&delay, &delay) != 0) {
        /* Interrupted by a signal: sleep the rest. */
    }
    fixture_complete(answer->completion, answer->token, FIXTURE_VALID_TIMELINE);
    free(answer);
    return NULL;
}

static void timeline_late(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    struct late_answer *answer = malloc(sizeof *answer);
    if (answer == NULL) return;
    answer->completion = completion;
    answer->token = request_token;
    pthread_t thread;
    if (pthread_create(&thread, NULL, answer_late, answer) != 0) {
        free(answer);
        return;
    }
    pthread_detach(thread);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(completes_late, "CompletesLate", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_late);
FIXTURE_BUNDLE("CompletesLate", fixture_init_ok, &completes_late)
