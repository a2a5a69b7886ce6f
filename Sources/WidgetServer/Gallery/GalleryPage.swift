import Foundation
import WidgetPayload

/// `GET /`: the gallery. One HTML document with its style, its script and the widget list it
/// starts from, so the first paint needs no second request; the script builds the cards and
/// keeps them current from `/v1/events`. No CDN, no network, no build step.
enum GalleryPage {
    static func html(_ list: WidgetListShape) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>widgethost</title>
        <style>\(GalleryStyle.css)
        \(GalleryHome.css)</style>
        </head>
        <body>
        <header>
          <h1>widgethost</h1>
          <span class="connection" title="The event stream">connecting…</span>
          <button id="add-widget" type="button">Add widget</button>
          <label>Appearance
            <select id="appearance"><option value="light">Light</option><option value="dark">Dark</option></select>
          </label>
        </header>
        \(GalleryHome.html)
        <main id="widgets"></main>
        <p class="empty" hidden>No widgets: no bundle is loaded. See <code>widgethost bundles</code>.</p>
        <dialog class="configure">
          <form method="dialog">
            <h2 class="title">Add widget</h2>
            <label>Widget <select name="kind"></select></label>
            <label>Size <select name="family"></select></label>
            <fieldset class="parameters"></fieldset>
            <p class="form-error" role="alert"></p>
            <menu><button type="button" class="cancel">Cancel</button> <button type="submit" class="save">Add</button></menu>
          </form>
        </dialog>
        <script type="application/json" id="initial">\(scriptSafe(initialData(list)))</script>
        <script>\(GalleryScript.javaScript)
        \(GalleryForms.javaScript)
        \(GalleryControls.javaScript)
        \(GalleryHome.javaScript)
        \(WidgetRegions.javaScript)
        \(ConfigurationFields.javaScript)</script>
        </body>
        </html>
        """
    }

    /// The list the page starts from, and each family's size in points.
    private static func initialData(_ list: WidgetListShape) -> String {
        let sizes = Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map {
            ($0.rawValue, [$0.defaultDisplaySize.width, $0.defaultDisplaySize.height])
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(InitialData(list: list, familySizes: sizes))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// JSON inside a `<script>` element: `</` would end the element, so it is written `<\/`
    /// (the same string to a JSON reader).
    private static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "</", with: "<\\/")
    }

    private struct InitialData: Encodable {
        let list: WidgetListShape
        let familySizes: [String: [Double]]
    }
}
