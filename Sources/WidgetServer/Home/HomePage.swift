/// `GET /home`: the home screen, full screen, as a wall display or a tablet in kiosk mode shows
/// it. Nothing of the developer's gallery: no budgets, no scrubbers, no JSON, only the widgets
/// over a wallpaper, a page per screenful, dots to change page, and touch; edit mode, its menu
/// and sheets (`HomeEditScript`, `HomeEditMenu`, `HomeSheets`, `HomeEditStyle`). One document with
/// its style and script; no CDN, no network, no build step.
enum HomePage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
        <meta name="mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-capable" content="yes">
        <meta name="theme-color" content="#1b2a4a">
        <title>Home</title>
        <style>\(css)
        \(HomeEditStyle.css)</style>
        </head>
        <body>
        <main id="pages" aria-label="Home screen"></main>
        <nav id="dots" aria-label="Pages"></nav>
        <p id="toast" role="status" hidden></p>
        <div id="drag-layer"></div>
        <div id="edit-bar"><button id="add-widget-button" type="button" aria-label="Add Widget">+</button><button id="done-button" type="button">Done</button></div>
        <div id="home-menu" role="menu" aria-label="Home screen actions" hidden></div>
        <dialog id="gallery-sheet" class="sheet" aria-labelledby="gallery-title">
        <header><h2 id="gallery-title">Widgets</h2><button class="close" type="button" aria-label="Close">×</button></header>
        <input id="gallery-search" type="search" placeholder="Search Widgets" aria-label="Search Widgets" autocomplete="off">
        <ul id="gallery-list"></ul>
        </dialog>
        <dialog id="configure-sheet" class="sheet" aria-label="Edit Widget">
        <form><h2 class="title"></h2><p class="summary"></p><div class="fields"></div><p class="form-error" role="alert"></p>
        <div class="buttons"><button type="button" class="cancel">Cancel</button><button type="submit" class="save">Done</button></div></form>
        </dialog>
        <dialog id="remove-alert" class="alert" aria-labelledby="remove-alert-title" aria-describedby="remove-alert-message">
        <h2 id="remove-alert-title"></h2><p id="remove-alert-message">Removing this widget will not delete any data.</p>
        <div class="alert-buttons"><button type="button" class="cancel" autofocus>Cancel</button><button type="button" class="remove">Remove</button></div>
        </dialog>
        <script>\(HomeScript.javaScript)
        \(HomeTouches.javaScript)
        \(WidgetRegions.javaScript)
        \(ConfigurationFields.javaScript)
        \(HomeEditScript.javaScript)
        \(HomeEditMenu.javaScript)
        \(HomeSheets.javaScript)
        \(HomeGalleryDrag.javaScript)</script>
        </body>
        </html>
        """

    /// Touch first: no hover states, no text selection, no double-tap zoom; the pages scroll
    /// sideways with a snap, so a swipe (or a trackpad, or the dots) changes page.
    static let css = """
        :root { color-scheme: light; --ink: #fff; }
        * { -webkit-tap-highlight-color: transparent; }
        html, body { margin: 0; height: 100%; overflow: hidden; }
        body { font: 16px/1.3 system-ui, -apple-system, "Inter", "DejaVu Sans", sans-serif; color: var(--ink);
               user-select: none; -webkit-user-select: none; -webkit-touch-callout: none; touch-action: pan-x;
               background: radial-gradient(120% 90% at 15% 10%, #6fb1fc 0%, transparent 55%),
                           radial-gradient(110% 80% at 90% 95%, #f58fb6 0%, transparent 55%),
                           linear-gradient(160deg, #4364f7 0%, #6a3fc7 55%, #1b2a4a 100%); background-attachment: fixed; }
        @media (prefers-color-scheme: dark) {
          :root { color-scheme: dark; }
          body { background: radial-gradient(120% 90% at 15% 10%, #1d3b70 0%, transparent 55%),
                             radial-gradient(110% 80% at 90% 95%, #5a1d45 0%, transparent 55%),
                             linear-gradient(160deg, #0b1330 0%, #1a0f33 60%, #05060c 100%); background-attachment: fixed; }
        }
        #pages { position: fixed; inset: 0; display: flex; overflow-x: auto; overflow-y: hidden;
                 scroll-snap-type: x mandatory; scrollbar-width: none; overscroll-behavior: contain; }
        #pages::-webkit-scrollbar { display: none; }
        .page { position: relative; flex: 0 0 100%; height: 100%; scroll-snap-align: start; scroll-snap-stop: always; }
        .tile { position: absolute; touch-action: manipulation; }
        .tile .face { display: block; width: 100%; height: 100%; border-radius: 22px; pointer-events: none;
                      box-shadow: 0 6px 18px rgba(0, 0, 0, .18); transition: opacity .25s; }
        .tile[data-family^="accessory"] .face { box-shadow: none; border-radius: 12px; }
        .tile:not(.loaded) .face { opacity: 0; }
        .tile:not(.loaded)::before, .tile.unavailable::before { content: ""; position: absolute; inset: 0; border-radius: 22px;
                      background: rgba(255, 255, 255, .22); backdrop-filter: blur(18px); -webkit-backdrop-filter: blur(18px); }
        .regions { position: absolute; inset: 0; }
        .regions > * { position: absolute; box-sizing: border-box; margin: 0; padding: 0; border: 0; background: transparent;
                       border-radius: 10px; color: transparent; touch-action: manipulation; }
        /* Feedback while a finger is down, not on hover: a touch screen has no hover. */
        .regions .control:active, .regions .link:not(.whole):active { background: rgba(255, 255, 255, .28); }
        .regions .link.whole:active { background: rgba(255, 255, 255, .08); border-radius: 22px; }
        .regions .invalidatable { pointer-events: none; border-radius: 6px; transition: background .2s; }
        .tile.pending .regions .invalidatable { background: rgba(128, 128, 128, .6); }
        #dots { position: fixed; left: 0; right: 0; bottom: max(12px, env(safe-area-inset-bottom)); display: flex;
                justify-content: center; gap: 4px; pointer-events: none; }
        #dots[hidden] { display: none; }
        /* A large target around a small dot. */
        #dots button { pointer-events: auto; width: 44px; height: 44px; border: 0; padding: 0; background: transparent;
                       display: grid; place-items: center; touch-action: manipulation; }
        #dots button::after { content: ""; width: 9px; height: 9px; border-radius: 50%; background: rgba(255, 255, 255, .45); }
        #dots button[aria-current="true"]::after { background: #fff; }
        #toast { position: fixed; left: 50%; bottom: 72px; transform: translateX(-50%); max-width: min(90vw, 40rem); margin: 0;
                 padding: .8rem 1.2rem; border-radius: 16px; background: rgba(20, 20, 24, .78); color: #fff; text-align: center;
                 overflow-wrap: anywhere; backdrop-filter: blur(12px); -webkit-backdrop-filter: blur(12px); }
        #toast a { color: #9cd0ff; }
        """
}
