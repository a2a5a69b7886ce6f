/*
 * A bundle with intents, written in C against the ABI 1.4 headers (docs/intents.md). Its one
 * kind, "IntentsProbe", shows in its timeline how often perform was called and with what, so a
 * test sees whether the bundle was reached (in process or in a worker, where the count lives):
 *
 *   content {"performs": <calls to perform so far>, "last": "<intent>" or null,
 *            "parameters": <the last parameters_json> or null}
 *
 * Its intents:
 *   Succeed  — parameters "amount" (int, default 1) and "mode" (enum fast/slow, default fast);
 *              answers {"version":1,"performed":true}.
 *   Fail     — answers the error payload, message "the probe failed on purpose".
 *   Hang     — never answers: the host's timeout is the only way it ends.
 *   Twice    — answers performed, then performed again: the second is a violation.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#include "widgethost/widgethost.h"

#define INTENTS                                                                                \
    "[{\"name\":\"Succeed\",\"title\":\"Succeed\",\"parameters\":["                            \
    "{\"name\":\"amount\",\"title\":\"Amount\",\"type\":\"int\",\"default\":1,\"required\":false}," \
    "{\"name\":\"mode\",\"title\":\"Mode\",\"type\":\"enum\",\"default\":\"fast\","            \
    "\"options\":[{\"value\":\"fast\",\"title\":\"Fast\"},{\"value\":\"slow\",\"title\":\"Slow\"}]," \
    "\"required\":false}]},"                                                                   \
    "{\"name\":\"Fail\",\"title\":\"Fail\",\"parameters\":[]},"                                \
    "{\"name\":\"Hang\",\"title\":\"Hang\"},"                                                  \
    "{\"name\":\"Twice\",\"title\":\"Twice\",\"parameters\":[]}]"

static atomic_uint probe_performs = 0;
static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static char probe_last[64] = "";
static char probe_parameters[1024] = "";

static void probe_entry(const wk_widget_t *widget, const wk_context_t *context,
                        const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    (void)context;
    /* Its view has three buttons: one a click performs, one naming an intent the bundle does
     * not declare, one with a value "mode" does not take; `validate` names the last two. */
    static const char entry[] =
        "{\"version\":1,\"entry\":{\"date\":1767225600,\"relevance\":null,\"content\":{},"
        "\"view\":{\"version\":2,\"root\":{\"type\":\"vstack\",\"children\":["
        "{\"type\":\"button\",\"intent\":\"Succeed\",\"parameters\":{\"amount\":2},\"label\":{\"type\":\"text\",\"text\":\"Go\"}},"
        "{\"type\":\"button\",\"intent\":\"Vanish\",\"label\":{\"type\":\"text\",\"text\":\"Gone\"}},"
        "{\"type\":\"button\",\"intent\":\"Succeed\",\"parameters\":{\"mode\":\"sideways\"},\"label\":{\"type\":\"text\",\"text\":\"Odd\"}}"
        "]}}}}";
    completion->complete(token, entry, strlen(entry));
}

static void probe_timeline(const wk_widget_t *widget, const wk_context_t *context,
                           const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    char last[80] = "null";
    char parameters[1024] = "null";
    pthread_mutex_lock(&probe_lock);
    if (probe_last[0] != '\0') snprintf(last, sizeof last, "\"%s\"", probe_last);
    if (probe_parameters[0] != '\0') snprintf(parameters, sizeof parameters, "%s", probe_parameters);
    pthread_mutex_unlock(&probe_lock);
    char payload[2048];
    int length = snprintf(payload, sizeof payload,
                          "{\"version\":1,\"entries\":[{\"date\":%.0f,\"relevance\":null,"
                          "\"content\":{\"performs\":%u,\"last\":%s,\"parameters\":%s}}],"
                          "\"policy\":{\"type\":\"never\"}}",
                          context->now, atomic_load(&probe_performs), last, parameters);
    completion->complete(token, payload, (size_t)length);
}

static void probe_perform(const wk_bundle_t *bundle, const char *intent, const char *parameters_json,
                          const wk_completion_t *completion, wk_request_token_t token) {
    (void)bundle;
    atomic_fetch_add(&probe_performs, 1);
    pthread_mutex_lock(&probe_lock);
    snprintf(probe_last, sizeof probe_last, "%s", intent);
    snprintf(probe_parameters, sizeof probe_parameters, "%s", parameters_json);
    pthread_mutex_unlock(&probe_lock);

    static const char performed[] = "{\"version\":1,\"performed\":true}";
    static const char failed[] = "{\"version\":1,\"error\":{\"message\":\"the probe failed on purpose\"}}";
    if (strcmp(intent, "Hang") == 0) return;
    if (strcmp(intent, "Fail") == 0) {
        completion->complete(token, failed, strlen(failed));
        return;
    }
    completion->complete(token, performed, strlen(performed));
    if (strcmp(intent, "Twice") == 0) completion->complete(token, performed, strlen(performed));
}

static const char *const probe_families[] = {"systemSmall"};

static const wk_widget_t probe_widget = {
    .struct_size = sizeof(wk_widget_t),
    .kind = "IntentsProbe",
    .display_name = "Intents probe",
    .description = "A C fixture with intents",
    .supported_families = probe_families,
    .supported_family_count = 1,
    .placeholder = probe_entry,
    .snapshot = probe_entry,
    .timeline = probe_timeline,
};

static const wk_widget_t *const probe_widgets[] = {&probe_widget};

static bool probe_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    return true;
}

static const wk_bundle_t probe_bundle = {
    .struct_size = sizeof(wk_bundle_t),
    .abi_version = WK_ABI_VERSION_INIT,
    .name = "IntentsProbe",
    .version = "1.0.0",
    .init = probe_init,
    .widgets = probe_widgets,
    .widget_count = 1,
    .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
    .intents_json = INTENTS,
    .perform = probe_perform,
};

WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
    (void)host_abi_version;
    return &probe_bundle;
}
