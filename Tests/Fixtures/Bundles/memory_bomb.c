/* The timeline allocates and touches memory without bound: 64 MB blocks, each memset so the
 * pages are really committed, until malloc fails; then it aborts. Without a memory limit on the
 * process (RLIMIT_AS, a cgroup) this ends with the kernel's OOM killer, so call its timeline
 * only in a worker with such a limit. Placeholder and snapshot behave. The blocks are leaked on
 * purpose. */
#include "fixture_support.h"

#include <stdlib.h>

#define MEMORY_BOMB_BLOCK_BYTES ((size_t)64 * 1024 * 1024)

static void timeline_memory_bomb(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    for (;;) {
        /* volatile, so the compiler cannot drop the unused allocations. */
        unsigned char *volatile block = malloc(MEMORY_BOMB_BLOCK_BYTES);
        if (block == NULL) abort();
        memset(block, 0xA5, MEMORY_BOMB_BLOCK_BYTES);
    }
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(memory_bomb, "MemoryBomb", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_memory_bomb);
FIXTURE_BUNDLE("MemoryBomb", fixture_init_ok, &memory_bomb)
