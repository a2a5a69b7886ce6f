/// `/home`'s two sheets, HTML dialogs over the page (the browser does focus, Escape and the
/// backdrop), in the looks of the rest of the page, light and dark:
/// - the widget gallery: a search field (ignoring case and accents, as `WidgetGalleryModel`), and
///   each loaded kind by name with its description and a snapshot in each family it supports;
///   choosing a family adds an instance (`POST /v1/instances`) and places it at the first free slot
///   of the page shown (`PUT /v1/home/placements/{id}`);
/// - Edit Widget: the intent's `ParameterSummary` as the sentence at the top (resolved by the host
///   for the values the sheet holds, `POST /v1/kinds/{kind}/summary`; each value in it focuses its
///   field), then the fields of the parameters it names, as the gallery's configure form draws them
///   (enum and entity pickers, the entities asked of the bundle and searched when the query
///   searches, text, numbers, switches, dates); a saved value the bundle no longer offers is shown
///   unavailable. Saved with `PUT /v1/instances/{id}`, which reloads the widget; the server's
///   refusal is shown in the sheet.
/// Its fields are `ConfigurationFields`'. Runs in `HomeScript`'s scope.
///
/// The DOM is a contract the browser check reads: `dialog#gallery-sheet` with `input#gallery-search`
/// and `.gallery-kind[data-kind]` holding `button.family[data-family]`; `dialog#configure-sheet`
/// with one field per parameter `[data-parameter]` (hidden when the summary leaves it out),
/// `p.summary` holding the sentence (`data-sentence`, its text) with `button.summary-value[data-summary-parameter]`,
/// `p.form-error` and `button.save`.
enum HomeSheets {
    static let javaScript = #"""
        const gallerySheet = document.getElementById("gallery-sheet");
        const gallerySearch = document.getElementById("gallery-search");
        const galleryList = document.getElementById("gallery-list");
        const configureSheet = document.getElementById("configure-sheet");
        const FAMILY_NAMES = { systemSmall: "Small", systemMedium: "Medium", systemLarge: "Large", systemExtraLarge: "Extra Large",
                               accessoryCircular: "Circular", accessoryRectangular: "Rectangular", accessoryInline: "Inline" };
        const folded = (text) => (text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

        // The kinds the open sheet shows: those loaded when it opened, and any loaded since. A kind
        // whose bundle went while the sheet is open stays, marked no longer available, rather
        // than vanishing under the person's finger.
        let galleryKinds = new Map();

        async function openGallery() {
          closeMenu();
          gallerySearch.value = "";
          if (!gallerySheet.open) gallerySheet.showModal();
          await loadKinds();
          galleryKinds = new Map(kinds);
          drawGallery();
          gallerySearch.focus();
        }

        // A bundle was loaded, replaced or removed (a `bundle` event): the open sheet follows.
        function galleryBundlesChanged() {
          if (!gallerySheet.open) return;
          for (const kind of kinds.values()) galleryKinds.set(kind.kind, kind);
          drawGallery();
        }

        const noLongerAvailable = (kind) => kind.displayName + " is no longer available: its bundle was removed. Nothing was added.";

        function drawGallery() {
          const query = folded(gallerySearch.value.trim());
          const shown = [...galleryKinds.values()]
            .filter((kind) => !query || [kind.displayName, kind.description, kind.kind].some((text) => folded(text).includes(query)))
            .sort((a, b) => a.displayName.localeCompare(b.displayName));
          galleryList.replaceChildren(...shown.map((kind) => {
            const available = kinds.has(kind.kind);
            return element("li", { class: "gallery-kind", "data-kind": kind.kind, "data-available": available ? "1" : "0" },
              element("h3", {}, kind.displayName),
              element("p", available ? {} : { class: "unavailable", role: "status" },
                      available ? kind.description : "No longer available: its bundle was removed."),
              element("div", { class: "families" }, ...kind.families.map((family) => familyButton(kind, family, available))));
          }));
          if (!shown.length) galleryList.append(element("li", { class: "gallery-empty" }, "No widgets match “" + gallerySearch.value + "”."));
        }

        // A family's preview. As iOS draws the placeholder until the snapshot comes, the image
        // starts as the placeholder; once that shows (lazily, when scrolled to), the snapshot is
        // asked and replaces it when it has come. A preview that cannot be drawn any more (its
        // bundle removed) turns the kind unavailable.
        function familyButton(kind, family, available) {
          const previewOf = (entry) => "/v1/widgets/" + encodeURIComponent(kind.kind) + "/" + family + "/current.png?"
            + new URLSearchParams({ entry, scale: String(scale()), appearance: appearance() });
          const button = element("button", { type: "button", class: "family", "data-family": family,
                                             "aria-label": (available ? "Add " : "No longer available: ") + kind.displayName + ", " + FAMILY_NAMES[family] });
          if (available) {
            const image = element("img", { src: previewOf("placeholder"), alt: "", loading: "lazy", draggable: "false",
                                           "data-family": family, "data-preview": "placeholder" });
            image.addEventListener("load", () => {
              const snapshot = new Image();
              snapshot.onload = () => { image.src = snapshot.src; image.dataset.preview = "snapshot"; };
              snapshot.onerror = () => previewFailed(kind);
              snapshot.src = previewOf("snapshot");
            }, { once: true });
            image.addEventListener("error", () => previewFailed(kind), { once: true });
            button.append(image);
          } else {
            button.append(element("span", { class: "unavailable-preview", "data-family": family }));
          }
          button.append(element("span", {}, FAMILY_NAMES[family] || family));
          button.addEventListener("click", () => addWidget(kind, family));
          return button;
        }

        // A preview that failed: if the kind is gone, the sheet says so; else the placeholder stays.
        async function previewFailed(kind) {
          await loadKinds();
          if (!kinds.has(kind.kind)) galleryBundlesChanged();
        }

        async function addWidget(kind, family) {
          if (!kinds.has(kind.kind)) { toast(noLongerAvailable(kind)); return; }
          try {
            const instance = await post("/v1/instances", { kind: kind.kind, family });
            const slot = firstFreeSlot(family, currentPage);
            if (slot) await putJSON("/v1/home/placements/" + encodeURIComponent(instance.id), { ...slot, output: null });
            // The sheet goes once the page shows the layout with the new widget where it was put:
            // an edit made on it at once (a drop making a stack) is then made on the store's
            // revision, not refused as made on an older layout.
            await refresh();
            gallerySheet.close();
          } catch (error) {
            // Removed between the sheet's last news and the tap: the server refuses, nothing is added.
            if (error.code === "unknownWidget" || error.code === "bundleRemoved") { await loadKinds(); galleryBundlesChanged(); toast(noLongerAvailable(kind)); }
            else toast("Could not add " + kind.displayName + ": " + error.message);
          }
        }

        // The first free slot of `page` reading across then down, as the arrangement fills one;
        // null for an accessory family (its own row) or a full page (it then flows to the first free one).
        function firstFreeSlot(family, page) {
          const span = SPANS[family];
          if (!span || !layout) return null;
          const taken = new Set();
          for (const placed of layout.tiles) {
            if (placed.page !== page || placed.column === null) continue;
            const [columns, rows] = SPANS[placed.family];
            for (let r = placed.row; r < placed.row + rows; r++) for (let c = placed.column; c < placed.column + columns; c++) taken.add(r + ":" + c);
          }
          for (let row = 0; row + span[1] <= layout.rows; row++) {
            for (let column = 0; column + span[0] <= layout.columns; column++) {
              let free = true;
              for (let r = row; r < row + span[1] && free; r++) for (let c = column; c < column + span[0]; c++) if (taken.has(r + ":" + c)) free = false;
              if (free) return { page, column, row };
            }
          }
          return null;
        }

        gallerySearch.addEventListener("input", drawGallery);
        gallerySheet.querySelector(".close").addEventListener("click", () => gallerySheet.close());

        // MARK: Edit Widget

        const configureForm = configureSheet.querySelector("form");
        const configureFields = configureSheet.querySelector(".fields");
        const configureError = configureSheet.querySelector(".form-error");
        let configuring = null;

        async function openConfigure(id) {
          closeMenu();
          configuring = null;
          configureFields.replaceChildren();
          configureError.textContent = "";
          delete document.body.dataset.formReady;
          if (!configureSheet.open) configureSheet.showModal();
          try {
            await (kindsLoading || loadKinds());
            // The instance's state (`GET /v1/instances/{id}`) holds its kind and configuration.
            const { state } = await answerOf(await fetch("/v1/instances/" + encodeURIComponent(id)));
            const instance = { id, kind: state.kind, configuration: state.configuration || {} };
            const kind = kinds.get(instance.kind);
            if (!kind) throw new Error(instance.kind + " is not loaded now; it cannot be configured");
            configuring = instance;
            configureSheet.querySelector(".title").textContent = kind.displayName;
            configureSheet.querySelector(".summary").textContent = kind.description;
            // A saved value the bundle's query no longer offers (the state's `unavailable`).
            const gone = state.unavailable;
            for (const parameter of kind.parameters || []) {
              configureFields.append(await configurationField(kind, parameter, (instance.configuration || {})[parameter.name],
                gone && gone.parameter === parameter.name ? gone.value : undefined));
            }
            await drawSummary();
          } catch (error) { configureError.textContent = error.message; }
          document.body.dataset.formReady = "1";
        }

        // The values the sheet holds now, as a configuration.
        function draftConfiguration() {
          const configuration = {};
          for (const input of configureFields.querySelectorAll("[data-parameter]")) {
            const value = configuredValue(input);
            if (value !== undefined) configuration[input.dataset.parameter] = value;
          }
          return configuration;
        }

        // The intent's summary at the top, as iOS: the sentence for the values the sheet holds
        // (the host picks the `When` branch and names each value), each parameter in it a button
        // that focuses its field; below, only the fields of the sentence and of the parameters it
        // lists. Without a summary (or none for these values), the description and every field.
        let summaryAsked = 0;
        async function drawSummary() {
          const kind = configuring && kinds.get(configuring.kind);
          if (!kind) return;
          const line = configureSheet.querySelector(".summary");
          const fields = [...configureFields.querySelectorAll("[data-parameter]")];
          const holder = (input) => input.closest(".field") || input.closest("label");
          let summary = null;
          if (kind.summary) {
            const mine = ++summaryAsked;
            try {
              summary = (await post("/v1/kinds/" + encodeURIComponent(kind.kind) + "/summary", { configuration: draftConfiguration() })).summary;
            } catch (error) { summary = null; }
            if (mine !== summaryAsked) return;
          }
          if (!summary) {
            line.textContent = kind.description;
            delete line.dataset.sentence;
            for (const input of fields) holder(input).hidden = false;
            return;
          }
          line.replaceChildren(...summary.sentence.map((part) => part.parameter === undefined
            ? document.createTextNode(part.text) : summaryValue(part)));
          line.dataset.sentence = summary.text;
          const shown = new Set(summary.sentence.filter((part) => part.parameter !== undefined).map((part) => part.parameter).concat(summary.parameters));
          for (const input of fields) holder(input).hidden = !shown.has(input.dataset.parameter);
        }

        function summaryValue(part) {
          const button = element("button", { type: "button", class: "summary-value" + (part.display === null ? " empty" : ""),
                                             "data-summary-parameter": part.parameter, "aria-label": part.title + ": " + (part.display ?? "not set") },
            part.display ?? part.title);
          button.addEventListener("click", () => {
            const field = configureFields.querySelector("[data-parameter=\"" + CSS.escape(part.parameter) + "\"]");
            if (!field) return;
            field.focus();
            if (field.tagName === "SELECT" && field.showPicker) { try { field.showPicker(); } catch (error) { /* needs a user gesture */ } }
          });
          return button;
        }

        configureFields.addEventListener("change", () => { drawSummary(); });

        configureForm.addEventListener("submit", async (event) => {
          event.preventDefault();
          if (!configuring) return;
          // Every field, shown or not: a parameter the summary hides keeps its value, as on iOS.
          const configuration = draftConfiguration();
          try {
            await putJSON("/v1/instances/" + encodeURIComponent(configuring.id), { configuration });
            configureSheet.close();
          } catch (error) { configureError.textContent = error.message; }
        });
        configureSheet.querySelector(".cancel").addEventListener("click", () => configureSheet.close());
        """#
}
