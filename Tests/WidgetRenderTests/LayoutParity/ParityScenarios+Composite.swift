import WidgetPayload

/// The fixtures' compositions: stacks in stacks, app patterns, modifiers on modifiers.
extension ParityScenarios {
    static let composite: [String: ViewNode] = [
        "vstack-frame-padding": vstack(
            spacing: 8,
            text("Title", fullWidth(.leading), padded(horizontal: 16)),
            text("Subtitle", fullWidth(.leading), padded(horizontal: 16))
        ).with(padded(vertical: 12)),
        "hstack-in-vstack": vstack(
            spacing: 12,
            hstack(text("Label"), spacer, text("Value")).with(padded(horizontal: 16)),
            hstack(text("Another"), spacer, text("Data")).with(padded(horizontal: 16))
        ),
        "complex-nested": vstack(
            spacing: 16,
            row(.red, title: "Title", detail: "Subtitle"),
            divider,
            row(.green, title: "Item 2", detail: "Description")
        ),
        "spacer-between-texts": vstack(text("Header"), spacer, text("Content"), spacer, text("Footer")),
        "two-column-hstack": hstack(
            spacing: 0,
            color(.blue, framed(120, nil)),
            vstack(alignment: .leading, spacing: 8, text("Main content"), text("Second line"))
                .with(fullWidth(.leading), padded(16))
        ),

        "empty-vstack": vstack(),
        "single-child-vstack": vstack(text("Only child")),
        "deeply-nested-frames": text("Deep", framed(100, 40), framed(200, 100), framed(300, 200)),

        "app-header-content-footer": vstack(
            spacing: 0,
            text("Header", fullWidth(.leading), padded(horizontal: 16), padded(vertical: 8)),
            spacer,
            hstack(text("Status"), spacer, text("v1.0")).with(padded(horizontal: 16), padded(vertical: 4))
        ),
        "sidebar-detail-split": hstack(
            spacing: 0,
            vstack(alignment: .leading, spacing: 4, text("Item 1"), text("Item 2"), text("Item 3"), text("Item 4"), text("Item 5"))
                .with(framed(120, nil), padded(vertical: 8)),
            color(.gray, framed(1, nil)),
            vstack(alignment: .leading, text("Detail"), spacer).with(fullWidth(.leading), padded(12))
        ),
        "toolbar-content-layout": vstack(
            spacing: 0,
            hstack(text("Back"), spacer, text("Title"), spacer, text("Done")).with(padded(8), fullWidth()),
            color(.gray, framed(nil, 1)),
            spacer
        ),

        "frame-inside-padding": text("X", framed(100, 50), padded(20)),
        "padding-inside-frame": text("X", padded(20), framed(200, 100)),
        "nested-alignment-override": vstack(
            alignment: .leading,
            hstack(text("A"), spacer).with(fullWidth()),
            text("B", fullWidth(.trailing))
        ),
        "stacked-frames-with-alignment": text("Z", framed(50, 30, .bottomTrailing), framed(150, 80, .topLeading)),

        "unequal-flex-spacers": vstack(text("Top"), spacer, text("Mid"), spacer, spacer, text("Bottom")),
        "mixed-fixed-flexible-hstack": hstack(
            spacing: 0, text("Fixed", framed(80, nil)), color(.blue), spacer, text("End", framed(60, nil))
        ),

        "zero-spacing-vstack": vstack(spacing: 0, text("A"), text("B"), text("C")),
        "deeply-nested-padding-frame": text("X", padded(4), framed(80, 40), padded(8), framed(150, 80), padded(12)),

        "frame-minheight-centers-content": text("Centered", .frame(FrameSpec(maxWidth: .infinity, minHeight: 180))),
        "frame-maxwidth-infinity-with-minheight": vstack(text("Top"), text("Bottom"))
            .with(.frame(FrameSpec(maxWidth: .infinity, minHeight: 180))),
    ]

    /// A list row: a 44-point swatch, a title over a detail, pushed to the leading edge.
    private static func row(_ swatch: NamedColor, title: String, detail: String) -> ViewNode {
        hstack(
            spacing: 12,
            color(swatch, framed(44, 44)),
            vstack(alignment: .leading, spacing: 4, text(title), text(detail)),
            spacer
        ).with(padded(horizontal: 16))
    }
}
