/// A widget's configuration as form fields, one script for the gallery's configure form
/// (`GalleryForms`) and `/home`'s Edit Widget sheet (`HomeSheets`): a field per parameter as
/// WidgetKit's edit sheet draws it (a switch, an enum or entity picker whose entities are asked of
/// the bundle, a number, a date, text), and the value each field holds as the configuration spells
/// it. With `answerOf(…)`, the JSON of a response or its error's message. Each page puts it in its
/// own `<script>` (its functions are hoisted); it uses `element(…)` from `WidgetRegions`.
///
/// An entity whose query searches by text (`searchable`) gets a search field beside its picker,
/// as iOS shows one only for an `EntityStringQuery`; a saved value the bundle no longer offers is
/// kept in its picker marked unavailable, with a note saying to pick another.
///
/// The DOM is a contract both browser checks read: each field is `[data-parameter=NAME]` with
/// `data-type`, inside a `label`; a search field is `input.entity-search[data-search-for=NAME]`;
/// an unavailable value's picker has `data-unavailable` and a `p.field-note.unavailable` after its label.
enum ConfigurationFields {
    static let javaScript = #"""
        async function answerOf(response) {
          const body = await response.json().catch(() => ({}));
          if (!response.ok) throw new Error(body.error ? body.error.message : response.status + " " + response.statusText);
          return body;
        }

        // Text for a value as a field holds it; the inverse of `configuredValue`.
        function fieldText(parameter, value) {
          if (value === null || value === undefined) return "";
          if (parameter.type === "date") return new Date(value * 1000).toISOString().slice(0, 16);
          return String(value);
        }

        // `unavailable`: the saved value the bundle's query no longer offers (the instance
        // state's `unavailable`), shown as such with what to do; undefined when none is.
        async function configurationField(kind, parameter, value, unavailable) {
          let input, control, note = null;
          if (parameter.type === "bool") {
            input = element("input", { type: "checkbox", role: "switch" });
            input.checked = value === undefined ? parameter.default === true : value === true;
          } else if (parameter.type === "enum" || parameter.type === "entity") {
            input = element("select");
            const current = fieldText(parameter, value === undefined ? parameter.default : value);
            let options = parameter.options || [];
            if (parameter.type === "entity") options = await entityOptions(kind, parameter, null);
            fillPicker(input, parameter, options, current, unavailable);
            if (unavailable !== undefined && unavailable === current) {
              input.dataset.unavailable = "1";
              note = element("p", { class: "field-note unavailable", role: "status" },
                "“" + current + "” is no longer available. Pick another " + parameter.title.toLowerCase() + ".");
              input.addEventListener("change", () => { if (input.value !== current) { note.remove(); delete input.dataset.unavailable; } });
            }
            // As iOS: a search field only over a query that searches by text (EntityStringQuery).
            if (parameter.type === "entity" && parameter.searchable) {
              const search = element("input", { type: "search", class: "entity-search", placeholder: "Search",
                                                "aria-label": "Search " + parameter.title, "data-search-for": parameter.name });
              let asked = 0;
              search.addEventListener("input", async () => {
                const mine = ++asked;
                try {
                  const found = await entityOptions(kind, parameter, search.value);
                  if (mine === asked) fillPicker(input, parameter, found, input.value, undefined);
                } catch (error) { search.setCustomValidity(error.message); search.reportValidity(); }
              });
              control = element("span", { class: "entity-picker" }, search, input);
            }
          } else {
            const type = { int: "number", double: "number", date: "datetime-local" }[parameter.type] || "text";
            input = element("input", { type, step: parameter.type === "double" ? "any" : "1" });
            input.value = fieldText(parameter, value === undefined ? parameter.default : value);
          }
          input.dataset.parameter = parameter.name;
          input.dataset.type = parameter.type;
          const label = element("label", {}, element("span", {}, parameter.title + (parameter.required ? "" : " (optional)")), control || input);
          if (!note) return label;
          return element("div", { class: "field", "data-field-for": parameter.name }, label, note);
        }

        // An entity parameter's options, asked of the bundle; `matching` searches (a searchable one only).
        async function entityOptions(kind, parameter, matching) {
          const query = matching === null ? "" : "?" + new URLSearchParams({ matching });
          return (await answerOf(await fetch(
            "/v1/kinds/" + encodeURIComponent(kind.kind) + "/options/" + encodeURIComponent(parameter.name) + query))).options;
        }

        // The picker's options, `current` kept selected: a value the list lacks stays, named by
        // itself, or as unavailable when the bundle's query said so (so saving never drops it unseen).
        function fillPicker(select, parameter, options, current, unavailable) {
          // The chosen entity's title as the picker shows it now, kept when a search leaves it out.
          const shown = select.selectedOptions && select.selectedOptions[0] && select.selectedOptions[0].value === current
            ? select.selectedOptions[0].textContent : current;
          const items = [];
          if (!parameter.required) items.push(element("option", { value: "" }, "None"));
          for (const option of options) items.push(element("option", { value: option.value }, option.title));
          if (current !== "" && !options.some((option) => option.value === current)) {
            items.push(element("option", { value: current }, unavailable === current ? current + " (unavailable)" : shown));
          }
          select.replaceChildren(...items);
          select.value = current;
        }

        // A field's value as the configuration spells it; undefined leaves the default.
        function configuredValue(input) {
          if (input.dataset.type === "bool") return input.checked;
          if (input.value === "") return undefined;
          switch (input.dataset.type) {
            case "int": return Number.parseInt(input.value, 10);
            case "double": return Number(input.value);
            case "date": return Date.parse(input.value + "Z") / 1000;
            default: return input.value;
          }
        }
        """#
}
