/*
 * widgethost C ABI — payloads: versioned UTF-8 JSON handed to wk_completion_t.complete.
 *
 * Every payload is one JSON object with "version": WK_PAYLOAD_VERSION and exactly one of:
 *
 * ```text
 * placeholder, snapshot  {"version": 1, "entry": ENTRY}
 * timeline               {"version": 1, "entries": [ENTRY, ...], "policy": POLICY}
 * entity_options (1.3)   {"version": 1, "options": [{"value": "...", "title": "..."}, ...]}
 * entity_query (1.7)     the same as entity_options
 * perform (1.4)          {"version": 1, "performed": true}
 * any call, on failure   {"version": 1, "error": {"message": "what went wrong"}}
 *
 * ENTRY   {"date": SECONDS, "relevance": {"score": NUMBER, "duration": SECONDS} | null,
 *          "content": {...the entry's own fields...},
 *          "view": VIEW}                      (optional; ABI 1.2)
 * VIEW    the entry's face, a versioned tree of views: docs/view-tree.md, and as JSON Schema
 *         sdk/view-tree.schema.json. A host older than 1.2 ignores it. A VIEW the host cannot
 *         read costs nothing but itself: the entry is kept and drawn as a card of its content.
 * POLICY  {"type": "atEnd"} | {"type": "never"} | {"type": "after", "date": SECONDS}
 * ```
 *
 * SECONDS is a JSON number of seconds since 1970-01-01T00:00:00Z (a duration, for "duration").
 * A timeline's entries are in date order; none at all means "nothing new" (the entries shown stay,
 * and the policy says when to ask again), as WidgetKit takes `Timeline(entries: [])`. The host bounds the payload's size and
 * the number of entries, and refuses a payload newer than the one it speaks. Unknown fields are
 * ignored, so a minor release may add fields.
 */
#ifndef WIDGETHOST_PAYLOAD_H
#define WIDGETHOST_PAYLOAD_H

#define WK_PAYLOAD_VERSION 1

#endif
