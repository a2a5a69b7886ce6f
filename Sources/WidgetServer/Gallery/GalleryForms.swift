/// The gallery's "add widget" and "edit widget": WidgetKit's edit sheet, as a form generated
/// from the kind's parameters (`GET /v1/kinds`). An entity's choices are asked of the bundle
/// (`GET /v1/kinds/{kind}/options/{parameter}`); the server checks the configuration again and
/// its message is shown in the form. Its fields are `ConfigurationFields`'. Runs after
/// `GalleryScript`, in the same scope.
///
/// The DOM is a contract the browser test reads: `button#add-widget`; `dialog.configure` with
/// `select[name=kind]`, `select[name=family]`, one field per parameter `[data-parameter=NAME]`,
/// `p.form-error` and `button.save`; `body[data-form-ready="1"]` once a form's fields are built.
enum GalleryForms {
    static let javaScript = #"""
        const dialog = document.querySelector("dialog.configure");
        const form = dialog.querySelector("form");
        const kindPicker = form.querySelector("select[name=kind]");
        const familyPicker = form.querySelector("select[name=family]");
        const fields = form.querySelector(".parameters");
        const formError = form.querySelector(".form-error");
        let kinds = [];
        let editing = null;  // the instance being edited; null when adding

        async function loadKinds() {
          kinds = (await answerOf(await fetch("/v1/kinds"))).kinds;
        }

        async function buildFields() {
          delete document.body.dataset.formReady;
          formError.textContent = "";
          const kind = kinds.find((candidate) => candidate.kind === kindPicker.value);
          fields.replaceChildren();
          if (!kind) return;
          if (!editing) {
            familyPicker.replaceChildren(...kind.families.map((family) => element("option", { value: family }, family)));
          }
          try {
            for (const parameter of kind.parameters || []) {
              const value = editing ? editing.configuration?.[parameter.name] : undefined;
              fields.append(await configurationField(kind, parameter, value));
            }
          } catch (error) {
            formError.textContent = error.message;
          }
          document.body.dataset.formReady = "1";
        }

        async function openConfigure(widget) {
          editing = widget || null;
          try {
            await loadKinds();
          } catch (error) {
            formError.textContent = error.message;
          }
          const choices = editing ? kinds.filter((kind) => kind.kind === editing.kind) : kinds;
          kindPicker.replaceChildren(...choices.map((kind) => element("option", { value: kind.kind }, kind.displayName)));
          kindPicker.disabled = familyPicker.disabled = Boolean(editing);
          if (editing) {
            kindPicker.value = editing.kind;
            familyPicker.replaceChildren(element("option", { value: editing.family }, editing.family));
          }
          dialog.querySelector(".title").textContent = editing ? "Edit widget" : "Add widget";
          dialog.querySelector(".save").textContent = editing ? "Save" : "Add";
          dialog.showModal();
          await buildFields();
        }

        async function save() {
          const configuration = {};
          for (const input of fields.querySelectorAll("[data-parameter]")) {
            const value = configuredValue(input);
            if (value !== undefined) configuration[input.dataset.parameter] = value;
          }
          const request = editing
            ? { method: "PUT", url: "/v1/instances/" + encodeURIComponent(editing.instance), body: { configuration } }
            : { method: "POST", url: "/v1/instances", body: { kind: kindPicker.value, family: familyPicker.value, configuration } };
          try {
            await answerOf(await fetch(request.url, {
              method: request.method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(request.body),
            }));
            dialog.close();
            refresh();
          } catch (error) {
            formError.textContent = error.message;
          }
        }

        async function removeInstance(id) {
          try {
            await answerOf(await fetch("/v1/instances/" + encodeURIComponent(id), { method: "DELETE" }));
          } catch (error) { /* already gone: the next list shows it */ }
          refresh();
        }

        kindPicker.addEventListener("change", buildFields);
        form.addEventListener("submit", (event) => { event.preventDefault(); save(); });
        dialog.querySelector(".cancel").addEventListener("click", () => dialog.close());
        document.getElementById("add-widget").addEventListener("click", () => openConfigure(null));
        """#
}
