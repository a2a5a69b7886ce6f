/// A C bundle: one source file against the headers alone, built by a Makefile that asks
/// pkg-config for widgethost's flags. Its view is the JSON view tree of docs/view-tree.md.
struct CBundleTemplate: BundleTemplate {
    let buildCommand = "make"
    let bundleFolder = "."

    func files(for request: ScaffoldRequest) -> [ScaffoldedFile] {
        [
            ScaffoldedFile(path: "Makefile", contents: makefile(request)),
            ScaffoldedFile(path: "\(fileStem(request)).c", contents: source(request)),
            ScaffoldedFile(path: ".gitignore", contents: "*.so\n"),
        ]
    }

    private func fileStem(_ request: ScaffoldRequest) -> String { request.name }

    private func makefile(_ request: ScaffoldRequest) -> String {
        // Recipes need tabs.
        """
        # Builds lib\(request.name).so. pkg-config gives the headers' folder and the linker script
        # that keeps wk_bundle_entry the only exported symbol. When it does not find widgethost,
        # install the SDK (scripts/install.sh --sdk-only --prefix ~/.local in a widgethost checkout)
        # and export PKG_CONFIG_PATH=~/.local/lib/pkgconfig.
        CFLAGS ?= -O2 -g -Wall -Wextra
        WIDGETHOST_CFLAGS := $(shell pkg-config --cflags widgethost)
        WIDGETHOST_LIBS := $(shell pkg-config --libs widgethost)

        lib\(request.name).so: \(fileStem(request)).c
        \t@pkg-config --exists widgethost || { echo "pkg-config does not find widgethost: see the top of this Makefile" >&2; exit 1; }
        \t$(CC) -shared -fPIC -fvisibility=hidden $(CFLAGS) $(WIDGETHOST_CFLAGS) -o $@ $< $(WIDGETHOST_LIBS) -lm

        clean:
        \trm -f lib\(request.name).so

        .PHONY: clean

        """
    }

    private func source(_ request: ScaffoldRequest) -> String {
        let name = request.name
        let families = request.families.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let group = request.appGroup
        let groupConstant = group.map { "\n/* The App Group your app writes `count` to (widgethost defaults write \($0) count 3 --type int). */\n#define APP_GROUP \"\($0)\"\n" } ?? ""
        let groupsTable = group == nil ? "" : "\nstatic const char *const app_groups[] = {APP_GROUP};\n"
        let groupFields = group == nil
            ? ".app_groups = NULL,\n        .app_group_count = 0,"
            : ".app_groups = app_groups,\n        .app_group_count = 1,"
        let countLine = group == nil
            ? ""
            : """
                append(json, "{\\"type\\":\\"text\\",\\"text\\":\\"Count: %ld\\"},", stored_count());

            """
        let countReader = group == nil ? "" : """

            static const wk_host_services_t *host_services;

            /* Takes the "value" of a VALUE such as {"type":"int","value":42}. */
            static void receive_count(void *context, const char *json, size_t length) {
                char text[64];
                size_t copied = length < sizeof text - 1 ? length : sizeof text - 1;
                memcpy(text, json, copied);
                text[copied] = 0;
                const char *value = strstr(text, "\\"value\\":");
                if (value) *(long *)context = strtol(value + 8, NULL, 10);
            }

            /* The app's count, read through the host; 0 when there is none. */
            static long stored_count(void) {
                long count = 0;
                if (!host_services || !WK_HAS_FIELD(host_services, wk_host_services_t, defaults_get)) return 0;
                wk_reply_t reply = {.struct_size = sizeof(wk_reply_t), .context = &count, .receive = receive_count};
                host_services->defaults_get(APP_GROUP, "count", &reply);
                return count;
            }

            """
        let keepServices = group == nil ? "(void)services;" : "host_services = services;"
        return """
            /*
             * \(name): a widget bundle in C against the widgethost headers alone. Each entry is an
             * hour; its view is the view tree of widgethost's docs/view-tree.md, written as JSON.
             * Build it with `make` (pkg-config finds the headers).
             */
            #include <math.h>
            #include <stdarg.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>

            #include <widgethost/widgethost.h>
            \(groupConstant)
            enum { ENTRY_COUNT = 5, HOUR = 60 * 60 };

            /* Appends to a fixed buffer; `overflowed` is set instead of writing past its end. */
            typedef struct {
                char *text;
                size_t length, capacity;
                int overflowed;
            } json_buffer;

            __attribute__((format(printf, 2, 3)))
            static void append(json_buffer *json, const char *format, ...) {
                if (json->overflowed) return;
                va_list arguments;
                va_start(arguments, format);
                int written = vsnprintf(json->text + json->length, json->capacity - json->length, format, arguments);
                va_end(arguments);
                if (written < 0 || (size_t)written >= json->capacity - json->length) {
                    json->overflowed = 1;
                    return;
                }
                json->length += (size_t)written;
            }
            \(countReader)
            /* One entry: its date, its content, and its view: the time over a tinted background. */
            static void append_entry(json_buffer *json, double date) {
                append(json, "{\\"date\\":%.3f,\\"relevance\\":null,\\"content\\":{\\"hourOfDay\\":%d},", date,
                       (int)fmod(floor(date / HOUR), 24));
                append(json, "\\"view\\":{\\"version\\":1,\\"root\\":{\\"type\\":\\"vstack\\",\\"children\\":[");
                append(json, "{\\"type\\":\\"text\\",\\"text\\":\\"Time:\\"},");
            \(countLine)    append(json, "{\\"type\\":\\"text\\",\\"date\\":%.3f,\\"style\\":\\"time\\"}", date);
                append(json, "],\\"modifiers\\":[{\\"type\\":\\"containerBackground\\",\\"content\\":{\\"type\\":\\"fill\\","
                             "\\"style\\":{\\"color\\":{\\"rgba\\":[0.2,0.4,0.9,0.15]}}}}]}}}");
            }

            static void complete(const wk_completion_t *completion, wk_request_token_t token, json_buffer *json) {
                if (json->overflowed) {
                    static const char failure[] = "{\\"version\\":1,\\"error\\":{\\"message\\":\\"\(name): payload buffer too small\\"}}";
                    completion->complete(token, failure, sizeof failure - 1);
                    return;
                }
                completion->complete(token, json->text, json->length);
            }

            /* Placeholder and snapshot: one entry at the context's now. */
            static void one_entry(const wk_widget_t *widget, const wk_context_t *context,
                                  const wk_completion_t *completion, wk_request_token_t token) {
                (void)widget;
                char text[4096];
                json_buffer json = {text, 0, sizeof text, 0};
                append(&json, "{\\"version\\":1,\\"entry\\":");
                append_entry(&json, context->now);
                append(&json, "}");
                complete(completion, token, &json);
            }

            /* Five entries an hour apart, from the context's now (so `--now` replays it). */
            static void timeline(const wk_widget_t *widget, const wk_context_t *context,
                                 const wk_completion_t *completion, wk_request_token_t token) {
                (void)widget;
                char text[4096 * ENTRY_COUNT];
                json_buffer json = {text, 0, sizeof text, 0};
                append(&json, "{\\"version\\":1,\\"entries\\":[");
                for (int index = 0; index < ENTRY_COUNT; index++) {
                    if (index > 0) append(&json, ",");
                    append_entry(&json, context->now + index * HOUR);
                }
                append(&json, "],\\"policy\\":{\\"type\\":\\"atEnd\\"}}");
                complete(completion, token, &json);
            }

            static const char *const families[] = {\(families)};

            static const wk_widget_t widget = {
                .struct_size = sizeof(wk_widget_t),
                .kind = "\(name)",
                .display_name = "\(name)",
                .description = "This is an example widget.",
                .supported_families = families,
                .supported_family_count = sizeof families / sizeof families[0],
                .provider_data = NULL,
                .placeholder = one_entry,
                .snapshot = one_entry,
                .timeline = timeline,
            };

            static const wk_widget_t *const widgets[] = {&widget};
            \(groupsTable)
            static bool bundle_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
                (void)bundle;
                \(keepServices)
                return true;
            }

            /* The bundle's one exported symbol: the host calls it to load the bundle. */
            WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
                (void)host_abi_version;
                static const wk_bundle_t bundle = {
                    .struct_size = sizeof(wk_bundle_t),
                    .abi_version = WK_ABI_VERSION_INIT,
                    .name = "\(name)",
                    .version = "1.0.0",
                    .init = bundle_init,
                    .widgets = widgets,
                    .widget_count = sizeof widgets / sizeof widgets[0],
                    \(groupFields)
                    .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
                    /* It needs no network: a sandboxed worker may deny it TCP (ABI 1.5). */
                    .sandbox_flags = WK_SANDBOX_NO_NETWORK,
                };
                return &bundle;
            }

            """
    }
}
