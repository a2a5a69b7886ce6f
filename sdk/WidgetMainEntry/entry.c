/*
 * The entry point of a bundle whose WidgetBundle or Widget is marked @main, as in an Xcode
 * widget extension (docs/authoring.md). Swift emits a C `main` for an @main type even in a
 * library; this file calls it, which registers the type (`static func main()` in WidgetSDK),
 * and hands over to Swift for the table.
 */
#include "WidgetMainEntry.h"

#include <widgethost/bundle.h>

#include <pthread.h>
#include <stdint.h>

/*
 * The bundle's `main`: the one Swift emits for its @main type, or else this weak stand-in, which
 * only notes that there is none. A weak definition rather than a weak undefined reference: the
 * gold linker, Swift's default on Linux, leaves a hidden undefined weak `main` to the dynamic
 * linker, which binds it to the .so's own load address instead of NULL, and calling it crashes.
 * Hidden, and local after sdk/bundle.exports, so the host never sees either. Named through an
 * asm label so that the compiler does not treat it as the program's entry.
 */
int wk_sdk_bundle_main(int argc, char **argv) __asm__("main") __attribute__((weak, visibility("hidden")));

static int bundle_has_no_main;

int wk_sdk_bundle_main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    bundle_has_no_main = 1;
    return 0;
}

static pthread_once_t bundle_main_once = PTHREAD_ONCE_INIT;

static void run_bundle_main(void) {
    /* Swift's generated main does not read its arguments (CommandLine reads /proc). */
    static char *no_arguments[] = {NULL};
    (void)wk_sdk_bundle_main(0, no_arguments);
}

/*
 * Weak: a bundle that writes its own wk_bundle_entry (the explicit `export(...)` form, or C)
 * overrides this one at link time, and it is never called.
 */
__attribute__((weak, visibility("default")))
const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
    /* Once: the host calls the entry once per process, but tests and tools may call it again. */
    pthread_once(&bundle_main_once, run_bundle_main);
    return (const wk_bundle_t *)wk_sdk_main_entry(host_abi_version, !bundle_has_no_main);
}

/* ---- Finding the image's AppIntent types (the Swift ABI: include/swift/ABI/Metadata.h) ---- */

/*
 * This image's conformance records, each a 32-bit relative pointer to a protocol conformance
 * descriptor. Hidden: the bounds of this .so's section, not another image's. Weak: NULL when
 * the image has no such section.
 */
extern const int32_t __start_swift5_protocol_conformances[] __attribute__((weak, visibility("hidden")));
extern const int32_t __stop_swift5_protocol_conformances[] __attribute__((weak, visibility("hidden")));

/* WidgetSDK's protocol descriptors, linked into the same image as this file: `AppIntent`, and
 * `_PreviewRegistry`, which each `#Preview` expands into a conformance to. */
extern const char wk_sdk_app_intent_protocol __asm__("$s9WidgetSDK9AppIntentMp");
extern const char wk_sdk_preview_registry_protocol __asm__("$s9WidgetSDK16_PreviewRegistryMp");

/* A relative direct pointer: the field's own address plus its value; 0 is NULL. */
static const void *relative(const int32_t *field) {
    int32_t offset = *field;
    return offset == 0 ? NULL : (const char *)field + offset;
}

/* A relative indirectable pointer: when the low bit is set, it points to the pointer. */
static const void *relative_indirectable(const int32_t *field) {
    int32_t offset = *field;
    if (offset == 0) return NULL;
    const char *target = (const char *)field + (offset & ~(int32_t)1);
    return (offset & 1) ? *(const void *const *)target : target;
}

/* TargetProtocolConformanceDescriptor. */
struct conformance_descriptor {
    int32_t protocol;            /* relative indirectable ProtocolDescriptor */
    int32_t type_reference;      /* interpreted by the flags' type reference kind */
    int32_t witness_table_pattern;
    uint32_t flags;              /* ConformanceFlags */
};

/* The start of TargetTypeContextDescriptor. */
struct type_descriptor {
    uint32_t flags;              /* ContextDescriptorFlags */
    int32_t parent;
    int32_t name;
    int32_t access_function;     /* relative direct MetadataAccessFunction */
};

/* ConformanceFlags' TypeReferenceKind, bits 3 to 5. */
enum { TYPE_REFERENCE_DIRECT = 0, TYPE_REFERENCE_INDIRECT = 1 };
/* ContextDescriptorFlags: the kind in bits 0 to 4 (16 to 31 are types), generic in bit 7. */
enum { CONTEXT_KIND_MASK = 0x1F, CONTEXT_KIND_FIRST_TYPE = 16, CONTEXT_KIND_LAST_TYPE = 31, CONTEXT_IS_GENERIC = 0x80 };

/* MetadataResponse, returned in registers by the swiftcall access function. */
struct metadata_response {
    const void *metadata;
    size_t state;
};
typedef struct metadata_response (*metadata_access_function)(size_t request) __attribute__((swiftcall));

/* The metadata of this image's non-generic types conforming to `protocol`, as many as fit in
 * `capacity`; returns how many there are. */
static size_t conforming_types(const void *protocol, const void **types, size_t capacity) {
    const int32_t *record = __start_swift5_protocol_conformances;
    const int32_t *end = __stop_swift5_protocol_conformances;
    if (record == NULL || end == NULL) return 0;
    size_t count = 0;
    for (; record < end; record++) {
        const struct conformance_descriptor *conformance = relative(record);
        if (conformance == NULL) continue;
        if (relative_indirectable(&conformance->protocol) != protocol) continue;
        const struct type_descriptor *type;
        switch ((conformance->flags >> 3) & 7) {
        case TYPE_REFERENCE_DIRECT:
            type = relative(&conformance->type_reference);
            break;
        case TYPE_REFERENCE_INDIRECT: {
            const void *const *slot = relative(&conformance->type_reference);
            type = slot == NULL ? NULL : *slot;
            break;
        }
        default:
            continue; /* Objective-C classes: none on Linux */
        }
        if (type == NULL) continue;
        uint32_t kind = type->flags & CONTEXT_KIND_MASK;
        if (kind < CONTEXT_KIND_FIRST_TYPE || kind > CONTEXT_KIND_LAST_TYPE) continue;
        /* A generic type has no one metadata to give, and cannot be performed by name. */
        if (type->flags & CONTEXT_IS_GENERIC) continue;
        metadata_access_function access = (metadata_access_function)relative(&type->access_function);
        if (access == NULL) continue;
        /* Request 0: complete metadata, blocking. */
        const void *metadata = access(0).metadata;
        if (metadata == NULL) continue;
        if (count < capacity) types[count] = metadata;
        count++;
    }
    return count;
}

size_t wk_sdk_app_intent_metadata(const void **types, size_t capacity) {
    return conforming_types(&wk_sdk_app_intent_protocol, types, capacity);
}

size_t wk_sdk_preview_registry_metadata(const void **types, size_t capacity) {
    return conforming_types(&wk_sdk_preview_registry_protocol, types, capacity);
}
