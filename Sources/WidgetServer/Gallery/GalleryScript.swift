/// The gallery's script: builds a card per kind × family from the list the page carries, then
/// keeps each current from `/v1/events` (re-reading `/v1/widgets` after each burst of events),
/// without reloading the page.
///
/// The DOM is a contract the browser test reads: `article.widget[data-kind][data-family]
/// [data-instance]` (the instance's id, empty for a kind's implicit instance) with
/// `img.face.current|placeholder|snapshot`, `p.text`, `.state .next-reload|.budget|.last-call`,
/// `p.error`, `p.notice`, `input.scrubber`, and `button.edit`/`button.remove` on an added instance;
/// `body[data-ready="1"]` once the stream is open, and `body[data-last-event-id]` the newest
/// event handled. Adding and editing is `GalleryForms`; clicking a widget is `GalleryControls`.
enum GalleryScript {
    static let javaScript = #"""
        "use strict";
        const initial = JSON.parse(document.getElementById("initial").textContent);
        const board = document.getElementById("widgets");
        const cards = new Map();
        const picker = document.getElementById("appearance");
        let appearance = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
        let painted = false;
        let lastEventId = initial.list.lastEventId;

        const when = (text) => text ? new Date(text).toLocaleString() : "";

        function face(widget, which, scale) {
          const [width, height] = initial.familySizes[widget.family] || [170, 170];
          const image = element("img", {
            class: "face " + which, width: Math.round(width * scale), height: Math.round(height * scale),
            alt: widget.displayName + " (" + widget.family + ") " + which,
          });
          image.addEventListener("error", () => image.classList.add("broken"));
          image.addEventListener("load", () => image.classList.remove("broken"));
          if (which !== "current") return element("figure", {}, image, element("figcaption", {}, which));
          // The current face is clickable: its controls and links lie over it (GalleryControls).
          image.addEventListener("load", () => loadRegions(image.closest("article")));
          const box = element("div", { class: "face-box" }, image, element("div", { class: "regions" }));
          return element("figure", {}, box, element("figcaption", {}, which));
        }

        const cardKey = (widget) => widget.kind + "/" + widget.family + "/" + (widget.instance || "");

        function configurationLine(configuration) {
          const names = Object.keys(configuration || {}).sort();
          return names.length ? names.map((name) => name + ": " + configuration[name]).join(", ") : "defaults";
        }

        function makeCard(widget) {
          const card = element("article", {
            class: "widget", "data-kind": widget.kind, "data-family": widget.family,
            "data-instance": widget.instance || "", "data-png": widget.images.png, "data-version": "0",
          },
            element("h2", {}, widget.displayName, element("small", {}, widget.family)),
            element("p", { class: "configuration" }),
            element("div", { class: "faces" }, face(widget, "current", 1), face(widget, "placeholder", 0.5), face(widget, "snapshot", 0.5)),
            element("div", { class: "previews" }),
            element("p", { class: "text" }),
            element("div", { class: "scrub" },
              element("input", { type: "range", class: "scrubber", min: "0", max: "0", step: "1", value: "0", "aria-label": "entry" }),
              element("span", { class: "scrub-date" }, "now"),
              element("button", { class: "live", type: "button", hidden: "" }, "back to now")),
            element("dl", { class: "state" },
              element("dt", {}, "Next reload"), element("dd", { class: "next-reload" }),
              element("dt", {}, "Budget"), element("dd", { class: "budget" }),
              element("dt", {}, "Last call"), element("dd", { class: "last-call" })),
            element("p", { class: "error" }),
            element("p", { class: "notice", hidden: "" }));
          const scrubber = card.querySelector(".scrubber");
          scrubber.addEventListener("input", () => scrubTo(card, Number(scrubber.value)));
          card.querySelector(".live").addEventListener("click", () => scrubTo(card, null));
          if (widget.instance) {
            const actions = element("div", { class: "actions" });
            if (widget.configurable) {
              const edit = element("button", { class: "edit", type: "button" }, "Edit widget");
              edit.addEventListener("click", () => openConfigure(card.currentWidget));
              actions.append(edit);
            }
            const remove = element("button", { class: "remove", type: "button" }, "Remove widget");
            remove.addEventListener("click", () => removeInstance(widget.instance));
            actions.append(remove);
            card.append(actions);
          }
          cards.set(cardKey(widget), card);
          board.append(card);
          return card;
        }

        function imageURL(card, which) {
          const parameters = new URLSearchParams({ appearance });
          if (which !== "current") parameters.set("entry", which);
          if (which === "current" && card.dataset.at) parameters.set("at", card.dataset.at);
          // Changes whenever what the image shows may have changed, so the browser asks again.
          parameters.set("v", which === "current" ? card.dataset.version : (card.dataset.bundleVersion || "0"));
          return card.dataset.png + "?" + parameters;
        }

        // The kind's #Preview entries, as Xcode's canvas shows them: one small face each.
        async function loadPreviews(card) {
          if (card.dataset.instance) return;
          const version = card.dataset.bundleVersion || "0";
          if (card.dataset.previewsVersion === version) return;
          card.dataset.previewsVersion = version;
          const base = card.dataset.png.replace(/current\.png$/, "");
          let list;
          try {
            const response = await fetch(base + "previews");
            if (!response.ok) return;
            list = await response.json();
          } catch { return; }
          const box = card.querySelector(".previews");
          box.replaceChildren();
          list.previews.forEach((preview, number) => {
            for (let index = 0; index < preview.entries; index++) {
              const parameters = new URLSearchParams({ appearance, entry: "preview", preview: String(number), index: String(index), v: version });
              const [width, height] = initial.familySizes[card.dataset.family] || [170, 170];
              const image = element("img", {
                class: "face preview", width: Math.round(width / 2), height: Math.round(height / 2),
                alt: "#Preview " + preview.title, src: base + "current.png?" + parameters,
              });
              const caption = "#Preview " + preview.title + (preview.entries > 1 ? " " + (index + 1) + "/" + preview.entries : "");
              box.append(element("figure", {}, image, element("figcaption", {}, caption)));
            }
            if (preview.error) box.append(element("p", { class: "error" }, "#Preview " + preview.title + ": " + preview.error));
          });
        }

        function drawFaces(card, which = ["current", "placeholder", "snapshot"]) {
          if (!painted) return;
          for (const name of which) {
            const image = card.querySelector("img.face." + name);
            const url = imageURL(card, name);
            if (image.getAttribute("src") !== url) image.setAttribute("src", url);
          }
        }

        function apply(card, widget) {
          card.currentWidget = widget;
          card.classList.toggle("stale", widget.stale);
          card.classList.toggle("pending", widget.pending);
          card.querySelector(".configuration").textContent = widget.instance
            ? "Instance " + widget.instance + " · " + configurationLine(widget.configuration) : "";
          card.querySelector(".text").textContent = widget.text || "";
          const next = widget.nextReload;
          card.querySelector(".next-reload").textContent = next.at ? when(next.at) + " (" + next.reason + ")" : next.reason;
          const budget = widget.budget;
          card.querySelector(".budget").textContent = budget.used + " of " + budget.limit + " used, " + budget.remaining + " left"
            + (budget.waitsUntil ? "; waits until " + when(budget.waitsUntil) : "");
          const call = widget.lastCall;
          card.querySelector(".last-call").textContent = call
            ? when(call.at) + ": " + call.cause + ", " + call.result + " in " + call.durationMs + " ms" : "none yet";
          const error = widget.lastError;
          card.querySelector(".error").textContent = error ? error.code + ": " + error.message + " (" + when(error.at) + ")" : "";
          const signature = JSON.stringify([widget.entry, widget.fetchedAt]);
          if (card.dataset.signature !== signature) {
            card.dataset.signature = signature;
            card.dataset.version = String(Number(card.dataset.version) + 1);
            if (painted) loadEntries(card);
          }
          drawFaces(card);
        }

        // The timeline's dates, for the scrubber; read again when the timeline changes.
        const widgetPath = (card) => card.dataset.instance
          ? "/v1/instances/" + encodeURIComponent(card.dataset.instance)
          : "/v1/widgets/" + encodeURIComponent(card.dataset.kind) + "/" + card.dataset.family;

        async function loadEntries(card) {
          try {
            const answer = await fetch(widgetPath(card));
            if (!answer.ok) return;
            const detail = await answer.json();
            const dates = detail.entries.map((entry) => entry.date);
            card.entryDates = dates;
            const scrubber = card.querySelector(".scrubber");
            scrubber.max = String(Math.max(dates.length - 1, 0));
            scrubber.disabled = dates.length < 2;
            if (!card.dataset.at) {
              const now = Date.now();
              const current = dates.reduce((best, date, index) => Date.parse(date) <= now ? index : best, 0);
              scrubber.value = String(current);
            }
          } catch (error) { /* the stream's next event tries again */ }
        }

        function scrubTo(card, index) {
          const dates = card.entryDates || [];
          if (index === null || dates[index] === undefined) {
            delete card.dataset.at;
            card.querySelector(".scrub-date").textContent = "now";
            card.querySelector(".live").hidden = true;
          } else {
            card.dataset.at = dates[index];
            card.querySelector(".scrub-date").textContent = when(dates[index]) + " (" + (index + 1) + " of " + dates.length + ")";
            card.querySelector(".live").hidden = false;
          }
          drawFaces(card, ["current"]);
        }

        function show(list) {
          const seen = new Set();
          for (const widget of list.widgets) {
            const key = cardKey(widget);
            seen.add(key);
            apply(cards.get(key) || makeCard(widget), widget);
          }
          for (const [key, card] of cards) if (!seen.has(key)) { card.remove(); cards.delete(key); }
          document.querySelector(".empty").hidden = cards.size > 0;
        }

        // One reading of /v1/widgets at a time; events during it ask for one more after it.
        let reading = null, readAgain = false;
        function refresh() {
          if (reading) { readAgain = true; return; }
          reading = fetch("/v1/widgets").then((answer) => answer.json()).then(show).catch(() => {})
            .finally(() => { reading = null; if (readAgain) { readAgain = false; refresh(); } });
        }

        let events = null;
        function listen() {
          const status = document.querySelector(".connection");
          // A browser's EventSource cannot set Last-Event-ID on its first request; the query
          // parameter says where the embedded list ended. Its reconnections send the header.
          events = new EventSource("/v1/events?lastEventId=" + lastEventId);
          events.addEventListener("open", () => {
            status.textContent = "live";
            status.classList.add("live");
            document.body.dataset.ready = "1";
          });
          events.addEventListener("error", () => {
            status.textContent = "reconnecting…";
            status.classList.remove("live");
          });
          const handle = (event) => {
            lastEventId = Number(event.lastEventId) || lastEventId;
            document.body.dataset.lastEventId = String(lastEventId);
            refresh();
          };
          for (const name of ["entry", "call", "error", "instances", "pending"]) events.addEventListener(name, handle);
          events.addEventListener("bundle", (event) => {
            // A rebuilt bundle answers placeholder and snapshot afresh.
            for (const card of cards.values()) {
              card.dataset.bundleVersion = String(event.lastEventId);
              loadPreviews(card);
            }
            handle(event);
          });
          homeScreenListen(events);
        }

        function setAppearance(name) {
          appearance = name;
          picker.value = name;
          document.body.classList.toggle("dark", name === "dark");
          for (const card of cards.values()) {
            drawFaces(card);
            card.dataset.previewsVersion = "";
            if (painted) loadPreviews(card);
          }
        }
        picker.addEventListener("change", () => {
          localStorage.setItem("widgethost.appearance", picker.value);
          setAppearance(picker.value);
        });

        // A page the browser keeps for Back (its back/forward cache) must not keep its stream:
        // a browser allows six connections per host, and kept streams would starve new pages.
        addEventListener("pagehide", () => { if (events) { events.close(); events = null; } });
        addEventListener("pageshow", (event) => { if (event.persisted && !events) { listen(); refresh(); } });

        document.body.dataset.lastEventId = String(lastEventId);
        // The cards first, at their sizes; their images once that has been painted: asking for
        // thirty-odd images while the page is parsed more than doubles a cold browser's first
        // paint (measured in scripts/browser-check.py).
        show(initial.list);
        document.body.classList.toggle("dark", appearance === "dark");
        picker.value = appearance;
        requestAnimationFrame(() => setTimeout(() => {
          painted = true;
          for (const card of cards.values()) loadEntries(card);
          setAppearance(localStorage.getItem("widgethost.appearance") || appearance);
          listen();
        }, 0));
        """#
}
