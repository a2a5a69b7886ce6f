/// A widget's configuration as form fields, one script for the gallery's configure form
/// (`GalleryForms`) and `/home`'s Edit Widget sheet (`HomeSheets`): a field per parameter as
/// WidgetKit's edit sheet draws it (a switch, an enum or entity picker whose entities are asked of
/// the bundle, a number, a date, text), and the value each field holds as the configuration spells
/// it. With `answerOf(…)`, the JSON of a response or its error's message. Each page puts it in its
/// own `<script>` (its functions are hoisted); it uses `element(…)` from `WidgetRegions`.
///
/// The DOM is a contract both browser checks read: each field is `[data-parameter=NAME]` with
/// `data-type`, inside a `label`.
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

        async function configurationField(kind, parameter, value) {
          let input;
          if (parameter.type === "bool") {
            input = element("input", { type: "checkbox", role: "switch" });
            input.checked = value === undefined ? parameter.default === true : value === true;
          } else if (parameter.type === "enum" || parameter.type === "entity") {
            input = element("select");
            if (!parameter.required) input.append(element("option", { value: "" }, "None"));
            let options = parameter.options || [];
            if (parameter.type === "entity") {
              options = (await answerOf(await fetch(
                "/v1/kinds/" + encodeURIComponent(kind.kind) + "/options/" + encodeURIComponent(parameter.name)))).options;
            }
            for (const option of options) input.append(element("option", { value: option.value }, option.title));
            input.value = fieldText(parameter, value === undefined ? parameter.default : value);
          } else {
            const type = { int: "number", double: "number", date: "datetime-local" }[parameter.type] || "text";
            input = element("input", { type, step: parameter.type === "double" ? "any" : "1" });
            input.value = fieldText(parameter, value === undefined ? parameter.default : value);
          }
          input.dataset.parameter = parameter.name;
          input.dataset.type = parameter.type;
          return element("label", {}, element("span", {}, parameter.title + (parameter.required ? "" : " (optional)")), input);
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
