/// The gallery's style: a home-screen-like board that follows the chosen appearance.
enum GalleryStyle {
    static let css = """
        :root { color-scheme: light; --page: #f2f2f7; --card: #fff; --ink: #1c1c1e; --muted: #6e6e73; --line: #d1d1d6; --bad: #d70015; }
        body.dark { color-scheme: dark; --page: #000; --card: #1c1c1e; --ink: #f2f2f7; --muted: #98989f; --line: #38383a; --bad: #ff6961; }
        body { font: 14px/1.4 system-ui, -apple-system, "DejaVu Sans", sans-serif; margin: 0; background: var(--page); color: var(--ink); }
        header { display: flex; gap: 1.5rem; align-items: baseline; padding: 1rem 2rem; border-bottom: 1px solid var(--line); }
        header h1 { font-size: 1.25rem; margin: 0; }
        .connection { color: var(--muted); font-size: .85rem; flex: 1; }
        .connection.live { color: #34c759; }
        main { display: flex; flex-wrap: wrap; gap: 1.5rem; padding: 1.5rem 2rem; align-items: flex-start; }
        .widget { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 1rem; display: grid; gap: .6rem; }
        .widget h2 { font-size: 1rem; margin: 0; }
        .widget h2 small { color: var(--muted); font-weight: normal; margin-left: .4rem; }
        .faces { display: flex; gap: 1rem; align-items: flex-start; }
        .faces figure { margin: 0; display: grid; gap: .25rem; justify-items: start; }
        .faces figcaption { color: var(--muted); font-size: .75rem; }
        .previews { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: .5rem; }
        .previews figure { margin: 0; display: grid; gap: .25rem; justify-items: start; }
        .previews figcaption { color: var(--muted); font-size: .75rem; }
        .face { display: block; border-radius: 22px; background: transparent; }
        .face.placeholder, .face.snapshot { opacity: .95; }
        /* The accessory families are drawn vibrant, white over the Lock Screen's wallpaper. */
        .widget[data-family^="accessory"] .face { background: linear-gradient(160deg, #3a3f58, #1c1d2b); border-radius: 12px; }
        .face.broken { outline: 2px dashed var(--bad); min-height: 40px; min-width: 80px; }
        .text { margin: 0; font-size: .9rem; }
        .text:empty::before { content: "(no text)"; color: var(--muted); }
        .state { display: grid; grid-template-columns: auto 1fr; gap: .1rem .8rem; margin: 0; font-size: .8rem; }
        .state dt { color: var(--muted); } .state dd { margin: 0; }
        .error { color: var(--bad); font-size: .8rem; margin: 0; white-space: pre-wrap; max-width: 44rem; }
        .error:empty { display: none; }
        .stale h2::after { content: "stale"; color: var(--bad); font-size: .7rem; margin-left: .5rem; border: 1px solid var(--bad); border-radius: 4px; padding: 0 .3rem; }
        .scrub { display: flex; gap: .5rem; align-items: center; font-size: .8rem; color: var(--muted); }
        .scrub input { flex: 1; }
        .scrub button { font: inherit; }
        .empty { padding: 2rem; color: var(--muted); }
        .face-box { position: relative; }
        .regions { position: absolute; inset: 0; }
        .regions > * { position: absolute; box-sizing: border-box; margin: 0; padding: 0; border: 0; background: transparent; }
        .regions .control, .regions .link { cursor: pointer; border-radius: 8px; }
        .regions .control:hover, .regions .link:not(.whole):hover { outline: 2px solid var(--accent, #0a84ff); }
        .regions .control:focus-visible, .regions .link:focus-visible { outline: 2px solid var(--accent, #0a84ff); }
        .regions .invalidatable { pointer-events: none; border-radius: 6px; transition: background .2s; }
        .pending .regions .invalidatable { background: rgba(128, 128, 128, .6); }
        .notice { font-size: .8rem; color: var(--muted); overflow-wrap: anywhere; }
        .notice.failed { color: var(--bad); }
        .configuration { margin: 0; font-size: .8rem; color: var(--muted); }
        .configuration:empty { display: none; }
        .actions { display: flex; gap: .5rem; }
        .actions button, header button { font: inherit; }
        dialog.configure { border: 1px solid var(--line); border-radius: 14px; background: var(--card); color: var(--ink); min-width: 22rem; }
        dialog.configure form { display: grid; gap: .7rem; }
        dialog.configure h2 { margin: 0; font-size: 1.1rem; }
        dialog.configure label { display: grid; gap: .2rem; font-size: .85rem; }
        dialog.configure fieldset { border: 0; padding: 0; margin: 0; display: grid; gap: .7rem; }
        dialog.configure menu { display: flex; justify-content: flex-end; gap: .5rem; margin: 0; padding: 0; }
        .form-error { color: var(--bad); font-size: .85rem; margin: 0; white-space: pre-wrap; }
        .form-error:empty { display: none; }
        """
}
