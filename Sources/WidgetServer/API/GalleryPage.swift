import Foundation

/// `GET /`: for now, each widget's current image, refreshed from the event stream. Plain HTML
/// and a few lines of script, served by the daemon: no CDN, no build step.
enum GalleryPage {
    static func html(_ list: WidgetListShape) -> String {
        let items = list.widgets.map { widget in
            """
                <figure data-kind="\(escape(widget.kind))" data-family="\(escape(widget.family))">
                  <img src="\(escape(widget.images.png))" alt="\(escape(widget.displayName)) (\(escape(widget.family)))">
                  <figcaption>\(escape(widget.displayName)) · \(escape(widget.family))</figcaption>
                </figure>
            """
        }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>widgethost</title>
            <style>
              body { font: 14px system-ui, sans-serif; margin: 2rem; background: #f2f2f7; }
              main { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
              figure { margin: 0; } img { display: block; max-width: 100%; }
              figcaption { margin-top: .4rem; color: #555; }
            </style>
            </head>
            <body>
            <h1>widgethost</h1>
            <main>
            \(items)
            </main>
            <script>
              // Redraw a widget's image when one of its events arrives.
              const events = new EventSource("/v1/events");
              const refresh = (e) => {
                const d = JSON.parse(e.data);
                for (const f of document.querySelectorAll("figure")) {
                  if (d.kind && f.dataset.kind !== d.kind) continue;
                  const img = f.querySelector("img");
                  img.src = img.src.split("?")[0] + "?t=" + e.lastEventId;
                }
              };
              for (const name of ["entry", "call", "bundle"]) events.addEventListener(name, refresh);
            </script>
            </body>
            </html>
            """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
