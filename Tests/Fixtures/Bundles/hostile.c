/*
 * A bundle that tries, on each timeline call, what a sandboxed worker must not be able to do
 * (issue 16), and reports what happened. It declares the App Group group.widgethost.hostile and
 * WK_SANDBOX_NO_NETWORK (ABI 1.5). Its one kind, HostileWidget (systemSmall), is configurable
 * (ABI 1.3) with two parameters: `homeFile` (string, default "") and `port` (int, default 0).
 *
 * <data> is the host's data folder, found from the bundle's own group container as the host
 * services give it (group_container_path: <data>/groups/group.widgethost.hostile): its parent's
 * parent. If the host gives no container path, the timeline fails with an error payload.
 *
 * The attempts, in this order (each recorded as the errno of its first failing step, 0 when every
 * step succeeded, and the bytes it read or wrote; ENAMETOOLONG when <data> makes a path too long):
 *
 *   store         open(<data>/store.sqlite, O_RDONLY), one read() of up to 4096 bytes
 *   registry      the same for <data>/registry.sqlite
 *   home          the same for the configuration's homeFile
 *   writeOutside  open(<data>/escape.txt, O_WRONLY|O_CREAT, 0600), write "x" (left in place)
 *   writeTmp      the same for /tmp/widgethost-hostile-escape-<pid>.txt, unlinked once created
 *   otherGroup    open(<data>/groups/group.widgethost.victim/secret.txt, O_RDONLY), one read()
 *   exec          posix_spawn("/bin/sh", "-c", "exit 0"): its returned error, or 0 once spawned
 *                 and waited for (bytes always 0)
 *   connect       socket(AF_INET, SOCK_STREAM) and connect to 127.0.0.1:<port> (bytes always 0)
 *   ownGroup      write "x" to <container>/probe.txt (O_WRONLY|O_CREAT|O_TRUNC, 0600), then open
 *                 it again and read it back: bytes is what was read back (1)
 *   defaults      defaults_set of {"type":"int","value":1} under "probe" in its own group, then
 *                 defaults_get of it: the first status that is not WK_STATUS_OK, else 0 (a wk
 *                 status, not an errno)
 *   foreignDefaults  defaults_get of "secret" in group.widgethost.victim, which it does not
 *                 declare: the wk status (WK_STATUS_UNDECLARED_GROUP, refused by the host)
 *   forgedFrame   in a worker only (its executable is widgethost-worker): a `defaults` request
 *                 for group.widgethost.forged written straight to the channel (descriptor 3),
 *                 around the worker's own checks; 1 when written, else 0. The host must refuse
 *                 it and log the refusal against the bundle (the answer goes to nobody).
 *
 * The report, a compact JSON object with the keys always in this order:
 *
 *   {"store":{"errno":E,"bytes":N},"registry":{"errno":E,"bytes":N},"home":{"errno":E,"bytes":N},
 *    "writeOutside":{"errno":E,"bytes":N},"writeTmp":{"errno":E,"bytes":N},
 *    "otherGroup":{"errno":E,"bytes":N},"exec":{"errno":E,"bytes":0},
 *    "connect":{"errno":E,"bytes":0},"ownGroup":{"errno":E,"bytes":N},"defaults":S,"foreignDefaults":S,"forgedFrame":B}
 *
 * (one line, no spaces). The timeline has one entry, dated the call's `now`, policy "never":
 * its content is the report as an object, and its view (docs/view-tree.md) is one Text whose
 * string is the report's JSON text, byte for byte the same as the content.
 *
 * It is not misbehaving towards the ABI: placeholder and snapshot answer at once and try nothing.
 */
#include "fixture_support.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define HOSTILE_GROUP "group.widgethost.hostile"
#define HOSTILE_VICTIM_GROUP "group.widgethost.victim"

#define HOSTILE_SCHEMA                                                                        \
    "{\"title\":\"Hostile\",\"description\":\"What a sandboxed worker must refuse\","         \
    "\"parameters\":["                                                                        \
    "{\"name\":\"homeFile\",\"title\":\"Home file\",\"type\":\"string\",\"default\":\"\","    \
    "\"required\":false},"                                                                    \
    "{\"name\":\"port\",\"title\":\"Port\",\"type\":\"int\",\"default\":0,\"required\":false}" \
    "],\"recommendations\":[]}"

extern char **environ;

/* Set once in init, before any provider call; read from provider threads. */
static _Atomic(const wk_host_services_t *) hostile_services;

static bool hostile_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    atomic_store(&hostile_services, services);
    return true;
}

/* One attempt's outcome: the errno of its first failing step (0 if none) and the bytes moved. */
typedef struct attempt {
    int error;
    long long bytes;
} attempt_t;

/* ---- Reading the little JSON this bundle is given ---- */

/* Appends the code point `point` as UTF-8 to `out` (capacity `capacity`, NUL kept room for). */
static bool append_utf8(char *out, size_t capacity, size_t *length, unsigned point) {
    char bytes[4];
    size_t count;
    if (point < 0x80) {
        bytes[0] = (char)point;
        count = 1;
    } else if (point < 0x800) {
        bytes[0] = (char)(0xC0 | (point >> 6));
        bytes[1] = (char)(0x80 | (point & 0x3F));
        count = 2;
    } else {
        bytes[0] = (char)(0xE0 | (point >> 12));
        bytes[1] = (char)(0x80 | ((point >> 6) & 0x3F));
        bytes[2] = (char)(0x80 | (point & 0x3F));
        count = 3;
    }
    if (*length + count + 1 > capacity) return false;
    memcpy(out + *length, bytes, count);
    *length += count;
    out[*length] = '\0';
    return true;
}

/*
 * Reads the JSON string at *cursor (which points at its opening quote) into `out`, unescaping
 * it, and moves the cursor past the closing quote. False when it is not a string or too long.
 * \u escapes outside the BMP (surrogate pairs) are kept as two code points: paths and names
 * here are ASCII in practice.
 */
static bool read_json_string(const char **cursor, char *out, size_t capacity) {
    const char *at = *cursor;
    if (*at != '"' || capacity == 0) return false;
    at++;
    size_t length = 0;
    out[0] = '\0';
    while (*at != '"') {
        if (*at == '\0') return false;
        unsigned point;
        if (*at == '\\') {
            at++;
            switch (*at) {
            case '"': point = '"'; break;
            case '\\': point = '\\'; break;
            case '/': point = '/'; break;
            case 'b': point = '\b'; break;
            case 'f': point = '\f'; break;
            case 'n': point = '\n'; break;
            case 'r': point = '\r'; break;
            case 't': point = '\t'; break;
            case 'u': {
                char hex[5] = {0};
                for (int index = 0; index < 4; index++) {
                    if (at[1 + index] == '\0') return false;
                    hex[index] = at[1 + index];
                }
                char *end;
                point = (unsigned)strtoul(hex, &end, 16);
                if (*end != '\0') return false;
                at += 4;
                break;
            }
            default: return false;
            }
            at++;
            if (!append_utf8(out, capacity, &length, point)) return false;
        } else {
            /* Raw bytes (UTF-8 included) are copied as they are. */
            if (length + 2 > capacity) return false;
            out[length++] = *at++;
            out[length] = '\0';
        }
    }
    *cursor = at + 1;
    return true;
}

static const char *skip_space(const char *at) {
    while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r') at++;
    return at;
}

/*
 * Finds the top-level member `key` of the JSON object `json` whose value is a string (into
 * `out`) or a number (into *number). Only strings, numbers and literals are expected as values
 * (the host checked the configuration against the schema); anything else ends the search.
 * Returns true when the member was found with a value of the asked-for kind.
 */
static bool find_member(const char *json, const char *key, char *out, size_t capacity, long long *number) {
    if (json == NULL) return false;
    const char *at = skip_space(json);
    if (*at != '{') return false;
    at = skip_space(at + 1);
    char name[64];
    char text[PATH_MAX];
    while (*at == '"') {
        if (!read_json_string(&at, name, sizeof name)) return false;
        at = skip_space(at);
        if (*at != ':') return false;
        at = skip_space(at + 1);
        bool wanted = strcmp(name, key) == 0;
        if (*at == '"') {
            if (!read_json_string(&at, text, sizeof text)) return false;
            if (wanted && out != NULL) {
                if (strlen(text) + 1 > capacity) return false;
                memcpy(out, text, strlen(text) + 1);
                return true;
            }
        } else if (*at == '-' || (*at >= '0' && *at <= '9')) {
            char *end;
            double value = strtod(at, &end);
            if (end == at) return false;
            at = end;
            if (wanted && number != NULL) {
                *number = (long long)value;
                return true;
            }
        } else if (strncmp(at, "null", 4) == 0 || strncmp(at, "true", 4) == 0) {
            at += 4;
        } else if (strncmp(at, "false", 5) == 0) {
            at += 5;
        } else {
            return false;
        }
        at = skip_space(at);
        if (*at != ',') return false;
        at = skip_space(at + 1);
    }
    return false;
}

/* ---- The host services ---- */

/* Where a wk_reply_t's JSON lands. */
typedef struct captured {
    bool received;
    char json[PATH_MAX + 64];
} captured_t;

static void capture(void *context, const char *json, size_t length) {
    captured_t *captured = context;
    if (length >= sizeof captured->json) length = sizeof captured->json - 1;
    memcpy(captured->json, json, length);
    captured->json[length] = '\0';
    captured->received = true;
}

/* This bundle's group container (into `out`), or false. */
static bool own_container(const wk_host_services_t *services, char *out, size_t capacity) {
    if (!WK_HAS_FIELD(services, wk_host_services_t, group_container_path)) return false;
    captured_t captured = {0};
    wk_reply_t reply = {.struct_size = sizeof(wk_reply_t), .context = &captured, .receive = capture};
    if (services->group_container_path(HOSTILE_GROUP, &reply) != WK_STATUS_OK || !captured.received) return false;
    return find_member(captured.json, "path", out, capacity, NULL);
}

/* Strips the last component of `path` in place ("/a/b/c" -> "/a/b"). */
static void drop_last_component(char *path) {
    size_t length = strlen(path);
    while (length > 1 && path[length - 1] == '/') path[--length] = '\0';
    char *slash = strrchr(path, '/');
    if (slash == NULL) {
        path[0] = '\0';
    } else if (slash == path) {
        path[1] = '\0';
    } else {
        *slash = '\0';
    }
}

/* ---- The attempts ---- */

/* `directory`/`name` into `out`; false (the attempt then records ENAMETOOLONG) when too long. */
static bool join_path(char *out, size_t capacity, const char *directory, const char *name) {
    int length = snprintf(out, capacity, "%s/%s", directory, name);
    return length >= 0 && (size_t)length < capacity;
}

static const attempt_t too_long = {ENAMETOOLONG, 0};

static attempt_t try_read(const char *path) {
    attempt_t result = {0, 0};
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) {
        result.error = errno;
        return result;
    }
    char buffer[4096];
    ssize_t count = read(descriptor, buffer, sizeof buffer);
    if (count < 0) {
        result.error = errno;
    } else {
        result.bytes = count;
    }
    close(descriptor);
    return result;
}

/* Writes "x" to `path`, created if missing (and truncated when `truncate`). `created` tells
 * whether the open succeeded, so that the caller may unlink it. */
static attempt_t try_write(const char *path, bool truncate, bool *created) {
    attempt_t result = {0, 0};
    if (created != NULL) *created = false;
    int descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : 0), 0600);
    if (descriptor < 0) {
        result.error = errno;
        return result;
    }
    if (created != NULL) *created = true;
    ssize_t count = write(descriptor, "x", 1);
    if (count < 0) {
        result.error = errno;
    } else {
        result.bytes = count;
    }
    if (close(descriptor) != 0 && result.error == 0) result.error = errno;
    return result;
}

static attempt_t try_exec(void) {
    attempt_t result = {0, 0};
    char *const arguments[] = {"/bin/sh", "-c", "exit 0", NULL};
    pid_t child;
    int error = posix_spawn(&child, "/bin/sh", NULL, NULL, arguments, environ);
    if (error != 0) {
        result.error = error;
        return result;
    }
    /* It ran: reap it. Its status does not matter, nor does a host that reaps children itself. */
    int status;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    return result;
}

static attempt_t try_connect(long long port) {
    attempt_t result = {0, 0};
    int descriptor = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (descriptor < 0) {
        result.error = errno;
        return result;
    }
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(descriptor, (const struct sockaddr *)&address, sizeof address) != 0) result.error = errno;
    close(descriptor);
    return result;
}

/* Writes probe.txt in the bundle's own container and reads it back. */
static attempt_t try_own_group(const char *container) {
    char path[PATH_MAX];
    if (!join_path(path, sizeof path, container, "probe.txt")) return too_long;
    attempt_t written = try_write(path, true, NULL);
    if (written.error != 0) return (attempt_t){written.error, 0};
    return try_read(path);
}

static wk_status_t try_defaults(const wk_host_services_t *services) {
    if (!WK_HAS_FIELD(services, wk_host_services_t, defaults_set)) return WK_STATUS_REFUSED;
    static const char value[] = "{\"type\":\"int\",\"value\":1}";
    wk_status_t set = services->defaults_set(HOSTILE_GROUP, "probe", value, strlen(value), NULL);
    if (set != WK_STATUS_OK) return set;
    captured_t captured = {0};
    wk_reply_t reply = {.struct_size = sizeof(wk_reply_t), .context = &captured, .receive = capture};
    return services->defaults_get(HOSTILE_GROUP, "probe", &reply);
}

static wk_status_t try_foreign_defaults(const wk_host_services_t *services) {
    if (!WK_HAS_FIELD(services, wk_host_services_t, defaults_get)) return WK_STATUS_REFUSED;
    return services->defaults_get(HOSTILE_VICTIM_GROUP, "secret", NULL);
}

/* A worker's channel frame (Sources/WidgetIsolation/Protocol/FrameCodec.swift): u32 frame
 * length, u32 header length, the JSON header; little-endian. */
static int try_forged_frame(void) {
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) return 0;
    executable[length] = '\0';
    const char *name = strrchr(executable, '/');
    if (name == NULL || strcmp(name + 1, "widgethost-worker") != 0) return 0;
    static const char header[] =
        "{\"defaults\":{\"id\":987654321,\"group\":\"group.widgethost.forged\","
        "\"request\":{\"get\":{\"key\":\"secret\"}}}}";
    uint32_t header_length = (uint32_t)(sizeof header - 1);
    uint32_t frame_length = 4 + header_length;
    unsigned char frame[sizeof header + 8];
    for (int i = 0; i < 4; i++) {
        frame[i] = (unsigned char)(frame_length >> (8 * i));
        frame[4 + i] = (unsigned char)(header_length >> (8 * i));
    }
    memcpy(frame + 8, header, header_length);
    return write(3, frame, 8 + header_length) == (ssize_t)(8 + header_length) ? 1 : 0;
}

/* ---- The report ---- */

static void add_attempt(fixture_json_t *json, const char *key, attempt_t attempt, bool first) {
    if (!first) fixture_json_raw(json, ",", 1);
    fixture_json_key(json, key);
    fixture_json_text(json, "{\"errno\":");
    fixture_json_int(json, attempt.error);
    fixture_json_text(json, ",\"bytes\":");
    fixture_json_int(json, attempt.bytes);
    fixture_json_raw(json, "}", 1);
}

static void hostile_fail(const wk_completion_t *completion, wk_request_token_t token, const char *message) {
    char payload[512];
    fixture_json_t json = fixture_json_start(payload, sizeof payload);
    fixture_json_text(&json, "{\"version\":1,\"error\":{\"message\":");
    fixture_json_string(&json, message, strlen(message));
    fixture_json_text(&json, "}}");
    fixture_complete(completion, token, payload);
}

static void hostile_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    const wk_host_services_t *services = atomic_load(&hostile_services);
    char container[PATH_MAX];
    if (services == NULL || !own_container(services, container, sizeof container)) {
        hostile_fail(completion, request_token, "hostile: the host gave no container path for " HOSTILE_GROUP);
        return;
    }
    char data[PATH_MAX];
    memcpy(data, container, strlen(container) + 1);
    drop_last_component(data); /* <data>/groups */
    drop_last_component(data); /* <data> */

    const char *configuration = NULL;
    if (WK_HAS_FIELD(context, wk_context_t, configuration_json)) configuration = context->configuration_json;
    char home_file[PATH_MAX] = "";
    long long port = 0;
    find_member(configuration, "homeFile", home_file, sizeof home_file, NULL);
    find_member(configuration, "port", NULL, 0, &port);

    char path[PATH_MAX];
    attempt_t store = join_path(path, sizeof path, data, "store.sqlite") ? try_read(path) : too_long;
    attempt_t registry = join_path(path, sizeof path, data, "registry.sqlite") ? try_read(path) : too_long;
    attempt_t home = try_read(home_file);
    attempt_t write_outside = join_path(path, sizeof path, data, "escape.txt") ? try_write(path, false, NULL) : too_long;
    snprintf(path, sizeof path, "/tmp/widgethost-hostile-escape-%ld.txt", (long)getpid());
    bool created = false;
    attempt_t write_tmp = try_write(path, false, &created);
    if (created) unlink(path);
    attempt_t other_group = join_path(path, sizeof path, data, "groups/" HOSTILE_VICTIM_GROUP "/secret.txt")
                                ? try_read(path)
                                : too_long;
    attempt_t exec = try_exec();
    attempt_t connected = try_connect(port);
    attempt_t own_group = try_own_group(container);
    wk_status_t defaults = try_defaults(services);
    wk_status_t foreign_defaults = try_foreign_defaults(services);
    int forged_frame = try_forged_frame();

    char report_text[2048];
    fixture_json_t report = fixture_json_start(report_text, sizeof report_text);
    fixture_json_raw(&report, "{", 1);
    add_attempt(&report, "store", store, true);
    add_attempt(&report, "registry", registry, false);
    add_attempt(&report, "home", home, false);
    add_attempt(&report, "writeOutside", write_outside, false);
    add_attempt(&report, "writeTmp", write_tmp, false);
    add_attempt(&report, "otherGroup", other_group, false);
    add_attempt(&report, "exec", exec, false);
    add_attempt(&report, "connect", connected, false);
    add_attempt(&report, "ownGroup", own_group, false);
    fixture_json_text(&report, ",\"defaults\":");
    fixture_json_int(&report, defaults);
    fixture_json_text(&report, ",\"foreignDefaults\":");
    fixture_json_int(&report, foreign_defaults);
    fixture_json_text(&report, ",\"forgedFrame\":");
    fixture_json_int(&report, forged_frame);
    fixture_json_raw(&report, "}", 1);

    char payload[8192];
    fixture_json_t json = fixture_json_start(payload, sizeof payload);
    char date[64];
    snprintf(date, sizeof date, "%.0f", context->now);
    fixture_json_text(&json, "{\"version\":1,\"entries\":[{\"date\":");
    fixture_json_text(&json, date);
    fixture_json_text(&json, ",\"relevance\":null,\"content\":");
    fixture_json_raw(&json, report.text, report.length);
    fixture_json_text(&json, ",\"view\":{\"version\":1,\"root\":{\"type\":\"text\",\"text\":");
    fixture_json_string(&json, report.text, report.length);
    fixture_json_text(&json, "}}}],\"policy\":{\"type\":\"never\"}}");
    if (report.overflowed || json.overflowed) {
        hostile_fail(completion, request_token, "hostile: payload buffer too small");
        return;
    }
    completion->complete(request_token, json.text, json.length);
}

FIXTURE_FAMILIES(hostile_families, "systemSmall");
FIXTURE_GROUPS(hostile_groups, HOSTILE_GROUP);
FIXTURE_CONFIGURABLE_WIDGET(hostile_widget, "HostileWidget", hostile_families, HOSTILE_SCHEMA,
                            fixture_placeholder_ok, fixture_snapshot_ok, hostile_timeline);
FIXTURE_BUNDLE_WITH_GROUPS_AND_SANDBOX("Hostile", hostile_groups, WK_SANDBOX_NO_NETWORK, hostile_init,
                                       &hostile_widget)
