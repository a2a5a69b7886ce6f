/*
 * Images from App Group containers (ABI 1.2 views):
 *
 *   GroupImages   declares group.com.example.views; its view shows "background.png" from that
 *                 group's container, which its app writes, and "escape.png" from
 *                 group.com.example.other, which it does not declare (refused by the host).
 */
#include "fixture_support.h"

#define VIEW                                                                                  \
    "{\"version\":1,\"root\":{\"type\":\"vstack\",\"children\":["                             \
    "{\"type\":\"image\",\"appGroup\":\"group.com.example.views\",\"path\":\"background.png\","  \
    "\"modifiers\":[{\"type\":\"resizable\"}]},"                                              \
    "{\"type\":\"image\",\"appGroup\":\"group.com.example.other\",\"path\":\"escape.png\"}]}}"

#define ENTRY "{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,\"content\":{},\"view\":" VIEW "}"

static void group_images_entry(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    fixture_complete(completion, request_token, "{\"version\":1,\"entry\":" ENTRY "}");
}

static void group_images_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    fixture_complete(completion, request_token,
                     "{\"version\":1,\"entries\":[" ENTRY "],\"policy\":{\"type\":\"never\"}}");
}

FIXTURE_GROUPS(groups, "group.com.example.views");
FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(group_images, "GroupImages", families, group_images_entry, group_images_entry, group_images_timeline);
FIXTURE_BUNDLE_WITH_GROUPS("GroupImages", groups, fixture_init_ok, &group_images)
