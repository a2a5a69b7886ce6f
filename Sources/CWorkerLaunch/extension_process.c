#define _GNU_SOURCE
#include "extension_process.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* CoreFoundation's types, opaque here: only passed back to it. */
typedef const void *cf_type;
typedef unsigned long cf_type_id;

static void *symbol(const char *name) { return dlsym(RTLD_DEFAULT, name); }

int wh_adopt_main_thread(void) {
    pthread_t *main_thread = symbol("_CFMainPThread");
    if (!main_thread) return -1;
    *main_thread = pthread_self();
    return 0;
}

int wh_dispatch_forked_child(void) {
    void (*forked_child)(void) = symbol("dispatch_atfork_child");
    if (!forked_child) return -1;
    forked_child();
    return 0;
}

int wh_set_main_bundle_executable_path(const char *path) {
    const char **(*program_name)(void) = symbol("_CFGetProgname");
    const char **(*process_path)(void) = symbol("_CFGetProcessPath");
    if (!program_name || !process_path) return -1;
    /* Both are worked out together, from the real executable, on first use: the name first. */
    (void)program_name();
    const char *copy = strdup(path);
    if (!copy) return -1;
    *process_path() = copy;
    return 0;
}

int wh_main_bundle_path(char *buffer, size_t capacity) {
    cf_type (*main_bundle)(void) = symbol("CFBundleGetMainBundle");
    cf_type (*copy_url)(cf_type) = symbol("CFBundleCopyBundleURL");
    bool (*file_system_path)(cf_type, bool, uint8_t *, long) = symbol("CFURLGetFileSystemRepresentation");
    void (*release)(cf_type) = symbol("CFRelease");
    if (!main_bundle || !copy_url || !file_system_path || !release) return -1;
    cf_type bundle = main_bundle();
    if (!bundle) return -1;
    cf_type url = copy_url(bundle);
    if (!url) return -1;
    bool fits = file_system_path(url, true, (uint8_t *)buffer, (long)capacity);
    release(url);
    return fits ? 0 : -1;
}

struct merge { void (*set)(cf_type, cf_type, cf_type); cf_type into; int count; };

static void merge_one(cf_type key, cf_type value, void *context) {
    struct merge *merge = context;
    merge->set(merge->into, key, value);
    merge->count += 1;
}

int wh_merge_main_bundle_info(const uint8_t *bytes, size_t length) {
    cf_type (*main_bundle)(void) = symbol("CFBundleGetMainBundle");
    cf_type (*info)(cf_type) = symbol("CFBundleGetInfoDictionary");
    cf_type (*create_data)(cf_type, const uint8_t *, long) = symbol("CFDataCreate");
    cf_type (*create_plist)(cf_type, cf_type, unsigned long, long *, cf_type *) = symbol("CFPropertyListCreateWithData");
    cf_type_id (*type_of)(cf_type) = symbol("CFGetTypeID");
    cf_type_id (*dictionary_type)(void) = symbol("CFDictionaryGetTypeID");
    void (*apply)(cf_type, void (*)(cf_type, cf_type, void *), void *) = symbol("CFDictionaryApplyFunction");
    void (*set)(cf_type, cf_type, cf_type) = symbol("CFDictionarySetValue");
    void (*release)(cf_type) = symbol("CFRelease");
    if (!main_bundle || !info || !create_data || !create_plist || !type_of || !dictionary_type || !apply || !set || !release) return -1;
    cf_type bundle = main_bundle();
    cf_type into = bundle ? info(bundle) : NULL;
    if (!into) return -1;
    cf_type data = create_data(NULL, bytes, (long)length);
    if (!data) return -1;
    cf_type plist = create_plist(NULL, data, 0 /* immutable */, NULL, NULL);
    release(data);
    if (!plist) return -1;
    if (type_of(plist) != dictionary_type()) {
        release(plist);
        return -1;
    }
    struct merge merge = { set, into, 0 };
    apply(plist, merge_one, &merge);
    release(plist);
    return merge.count;
}
