/// The looks of `/home`'s edit mode, menu, sheets and Smart Stacks, as iOS draws them: jiggling
/// widgets with a grey remove badge at their top-left corner, `+` and Done (at the bottom corners,
/// since the grid starts at the top of a tablet's screen), a blurred
/// menu and sheets in the system's light or dark material, a focus ring the keyboard can follow.
/// No jiggle for those who ask for reduced motion.
enum HomeEditStyle {
    static let css = """
        :root { --material: rgba(246, 246, 248, .82); --material-ink: #1c1c1e; --material-line: rgba(60, 60, 67, .18);
                --material-field: rgba(118, 118, 128, .12); --accent: #0a84ff; --destructive: #ff3b30; }
        @media (prefers-color-scheme: dark) {
          :root { --material: rgba(36, 36, 40, .84); --material-ink: #f2f2f7; --material-line: rgba(235, 235, 245, .18);
                  --material-field: rgba(118, 118, 128, .28); --destructive: #ff453a; }
        }
        .tile:focus-visible { outline: 3px solid var(--accent); outline-offset: 5px; border-radius: 24px; }
        .remove-badge { display: none; position: absolute; left: -9px; top: -9px; width: 26px; height: 26px; padding: 0;
                        border: 0; border-radius: 50%; background: rgba(120, 120, 128, .92); box-shadow: 0 1px 4px rgba(0, 0, 0, .3);
                        touch-action: manipulation; z-index: 2; }
        .remove-badge::after { content: ""; position: absolute; left: 7px; right: 7px; top: 12px; height: 2.5px; border-radius: 2px;
                               background: #fff; }
        body[data-editing="1"] .tile { touch-action: none; }
        body[data-editing="1"] .remove-badge { display: block; }
        body[data-editing="1"] .regions { pointer-events: none; }
        body[data-editing="1"] .tile:not(.dragging) { animation: jiggle .28s ease-in-out infinite alternate; }
        body[data-editing="1"] .tile:nth-child(2n) { animation-delay: -.14s; animation-duration: .31s; }
        @keyframes jiggle { from { transform: rotate(-1.1deg); } to { transform: rotate(1.1deg); } }
        @media (prefers-reduced-motion: reduce) { body[data-editing="1"] .tile { animation: none !important; } }
        body[data-editing="1"] .page .tile { transition: left .22s ease, top .22s ease; }
        #drag-layer { position: fixed; inset: 0; pointer-events: none; z-index: 5; }
        .tile.dragging { transform: scale(1.06); opacity: .92; transition: none; }
        .tile.dragging .face { box-shadow: 0 18px 40px rgba(0, 0, 0, .35); }
        .tile.stack-target .face { outline: 3px solid rgba(255, 255, 255, .9); outline-offset: 3px; }
        .stack-dots { position: absolute; right: -14px; top: 50%; transform: translateY(-50%); display: flex; flex-direction: column;
                      gap: 4px; pointer-events: none; }
        .stack-dots i { width: 6px; height: 6px; border-radius: 50%; background: rgba(255, 255, 255, .45); }
        .stack-dots i.shown { background: #fff; }
        /* At the bottom corners, by the page dots: the top of the grid is where the first widgets and their badges are. */
        #edit-bar { position: fixed; left: 0; right: 0; bottom: max(10px, env(safe-area-inset-bottom)); display: none;
                    justify-content: space-between; padding: 0 12px;
                    z-index: 6; pointer-events: none; }
        body[data-editing="1"] #edit-bar { display: flex; }
        #edit-bar button { pointer-events: auto; min-width: 44px; height: 34px; border: 0; border-radius: 17px; padding: 0 16px;
                           font: 600 17px/1 inherit; font-family: inherit; color: var(--material-ink); background: var(--material);
                           backdrop-filter: blur(20px); -webkit-backdrop-filter: blur(20px); box-shadow: 0 2px 10px rgba(0, 0, 0, .2); }
        #edit-bar #add-widget-button { font-size: 24px; font-weight: 500; padding: 0 12px; }
        #edit-bar button:focus-visible, #home-menu button:focus-visible, .sheet :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        #home-menu { position: fixed; z-index: 7; min-width: 250px; padding: 0; border-radius: 14px; overflow: hidden;
                     background: var(--material); color: var(--material-ink); box-shadow: 0 12px 40px rgba(0, 0, 0, .3);
                     backdrop-filter: blur(24px); -webkit-backdrop-filter: blur(24px); }
        #home-menu[hidden] { display: none; }
        #home-menu button { display: block; width: 100%; height: 44px; padding: 0 16px; border: 0; text-align: left;
                            font: 17px/1 inherit; font-family: inherit; color: inherit; background: transparent; }
        #home-menu button + button { border-top: .5px solid var(--material-line); }
        #home-menu button:active, #home-menu button:focus-visible { background: var(--material-field); }
        #home-menu button[data-action="remove-widget"] { color: var(--destructive); }
        .sheet { width: min(760px, 100vw); max-width: 100vw; max-height: 86vh; margin: auto auto 0; padding: 0 0 env(safe-area-inset-bottom);
                 border: 0; border-radius: 18px 18px 0 0; color: var(--material-ink); background: var(--material);
                 backdrop-filter: blur(30px); -webkit-backdrop-filter: blur(30px); box-shadow: 0 -8px 40px rgba(0, 0, 0, .3);
                 overflow: auto; user-select: text; -webkit-user-select: text; }
        .sheet::backdrop { background: rgba(0, 0, 0, .28); }
        .sheet header { display: flex; align-items: center; justify-content: space-between; padding: 16px 20px 8px; }
        .sheet h2 { margin: 0; font-size: 22px; }
        .sheet header .close { width: 32px; height: 32px; border: 0; border-radius: 50%; font-size: 20px; color: inherit;
                               background: var(--material-field); }
        #gallery-search { display: block; box-sizing: border-box; width: calc(100% - 40px); margin: 4px 20px 12px; padding: 10px 14px;
                          border: 0; border-radius: 10px; font: 17px/1.2 inherit; font-family: inherit; color: inherit;
                          background: var(--material-field); }
        #gallery-list { list-style: none; margin: 0; padding: 0 20px 20px; }
        .gallery-kind { padding: 14px 0; border-top: .5px solid var(--material-line); }
        .gallery-kind h3 { margin: 0 0 2px; font-size: 17px; }
        .gallery-kind p { margin: 0 0 10px; font-size: 14px; opacity: .7; }
        .gallery-kind .families { display: flex; gap: 14px; overflow-x: auto; padding-bottom: 4px; }
        .gallery-kind .family { display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 8px; border: 0;
                                border-radius: 14px; color: inherit; font: 13px/1 inherit; font-family: inherit; background: var(--material-field); }
        .gallery-kind .family img { height: 84px; width: auto; border-radius: 12px; background: rgba(127, 127, 127, .15); }
        .gallery-kind .family img[data-family^="accessory"] { height: 42px; }
        .gallery-empty { padding: 20px 0; opacity: .7; }
        .gallery-kind[data-available="0"] h3 { opacity: .5; }
        .gallery-kind p.unavailable { opacity: 1; color: var(--destructive); }
        .gallery-kind .unavailable-preview { display: block; width: 84px; height: 84px; border-radius: 12px;
                                             border: 1.5px dashed var(--material-line); }
        .gallery-ghost { position: absolute; border-radius: 22px; overflow: hidden; transform: scale(1.06); opacity: .92;
                         background: rgba(127, 127, 127, .3); box-shadow: 0 18px 40px rgba(0, 0, 0, .35); }
        .gallery-ghost img { display: block; width: 100%; height: 100%; }
        #configure-sheet form { padding: 18px 20px 20px; }
        .alert { width: min(270px, calc(100vw - 40px)); margin: auto; padding: 0; border: 0; border-radius: 14px; text-align: center;
                 color: var(--material-ink); background: var(--material); backdrop-filter: blur(30px); -webkit-backdrop-filter: blur(30px);
                 box-shadow: 0 8px 40px rgba(0, 0, 0, .3); }
        .alert::backdrop { background: rgba(0, 0, 0, .28); }
        .alert h2 { margin: 0; padding: 19px 16px 2px; font-size: 17px; }
        .alert p { margin: 0; padding: 0 16px 19px; font-size: 13px; }
        .alert-buttons { display: flex; border-top: .5px solid var(--material-line); }
        .alert-buttons button { flex: 1; height: 44px; border: 0; font: 17px/1 inherit; font-family: inherit; color: var(--accent); background: none; }
        .alert-buttons button + button { border-left: .5px solid var(--material-line); }
        .alert-buttons .remove { font-weight: 600; color: var(--destructive); }
        #configure-sheet .summary { margin: 4px 0 14px; opacity: .7; }
        #configure-sheet .summary[data-sentence] { opacity: 1; font-size: 20px; line-height: 1.5; }
        #configure-sheet .summary-value { font: inherit; color: var(--accent); background: none; border: 0; padding: 0 2px; cursor: pointer;
                                          border-radius: 6px; }
        #configure-sheet .summary-value.empty { opacity: .55; }
        #configure-sheet .summary-value:focus-visible { outline: 2px solid var(--accent); }
        #configure-sheet .entity-picker { display: flex; gap: 8px; }
        #configure-sheet .entity-search { width: 8em; }
        #configure-sheet .field-note.unavailable { margin: -4px 0 8px; color: var(--destructive); font-size: 14px; }
        #configure-sheet [hidden] { display: none; }
        #configure-sheet label { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 10px 0;
                                 border-top: .5px solid var(--material-line); }
        #configure-sheet input, #configure-sheet select { font: 16px/1.2 inherit; font-family: inherit; color: inherit; padding: 6px 10px;
                                 border: 0; border-radius: 8px; background: var(--material-field); max-width: 60%; }
        #configure-sheet .form-error { color: var(--destructive); min-height: 1.2em; }
        #configure-sheet .buttons { display: flex; justify-content: flex-end; gap: 10px; }
        #configure-sheet .buttons button { height: 38px; padding: 0 18px; border: 0; border-radius: 19px; font: 600 16px/1 inherit;
                                           font-family: inherit; color: inherit; background: var(--material-field); }
        #configure-sheet .buttons .save { color: #fff; background: var(--accent); }
        """
}
