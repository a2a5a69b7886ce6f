import WidgetPayload

/// The fixtures' scenarios written as our view trees (what a bundle's SwiftUI code encodes to),
/// by scenario name; the view each stands for is in SwiftOpenUI's LayoutScenarios.swift (see
/// Fixtures/README.md). The basic views, stacks, frames and padding here; compositions in
/// ParityScenarios+Composite.swift.
enum ParityScenarios {
    static var all: [String: ViewNode] { basic.merging(composite) { first, _ in first } }

    /// Scenarios that use what the view tree cannot say yet, with the reason; never counted.
    static let notYetComparable: [String: String] = [:]

    static let basic: [String: ViewNode] = [
        "text-single": text("Hello"),
        "text-long-wrap": text("This is a longer piece of text that should wrap across multiple lines in the given width"),
        "text-middle-truncation-narrow-parent": text(
            "/home/kyoshikawa/Documents/projects/synca-test/synca-test/source",
            .lineLimit(1), .truncationMode(.middle), framed(200, nil)),
        "color-fill": color(.red),
        "spacer-vertical": vstack(spacer),

        "vstack-default": vstack(text("First"), text("Second"), text("Third")),
        "vstack-leading": vstack(alignment: .leading, text("Short"), text("A longer text"), text("Mid")),
        "vstack-trailing": vstack(alignment: .trailing, text("Short"), text("A longer text"), text("Mid")),
        "vstack-spacing-20": vstack(spacing: 20, text("First"), text("Second"), text("Third")),
        "vstack-with-spacer": vstack(text("Top"), spacer, text("Bottom")),
        "vstack-nested": vstack(
            spacing: 10,
            vstack(spacing: 4, text("Group 1 - A"), text("Group 1 - B")),
            vstack(spacing: 4, text("Group 2 - A"), text("Group 2 - B"))
        ),

        "hstack-default": hstack(text("Left"), text("Right")),
        "hstack-top": hstack(alignment: .top, text("Short"), text("Tall\nMultiline\nText")),
        "hstack-bottom": hstack(alignment: .bottom, text("Short"), text("Tall\nMultiline\nText")),
        "hstack-spacing-20": hstack(spacing: 20, text("Left"), text("Right")),
        "hstack-with-spacer": hstack(text("Left"), spacer, text("Right")),

        "zstack-default": zstack(.center, color(.blue, framed(200, 200)), text("Centered")),
        "zstack-top-leading": zstack(.topLeading, color(.blue, framed(200, 200)), text("TopLeading")),
        "zstack-bottom-trailing": zstack(.bottomTrailing, color(.blue, framed(200, 200)), text("BottomTrailing")),

        "frame-fixed": text("Framed", framed(200, 100)),
        "frame-min-max": text("Constrained", .frame(FrameSpec(minWidth: 100, maxWidth: 300, minHeight: 50, maxHeight: 150))),
        "frame-maxwidth-infinity": text("Full Width", fullWidth()),
        "frame-alignment-top-leading": text("TL", framed(200, 200, .topLeading)),
        "frame-alignment-bottom-trailing": text("BR", framed(200, 200, .bottomTrailing)),
        "frame-alignment-center": text("C", framed(200, 200, .center)),

        "padding-default": text("Padded", padded(16)),
        "padding-custom": text("Custom Pad", padded(20)),
        "padding-horizontal": text("H-Padded", .padding(EdgeInsetsSpec(leading: 24, trailing: 24))),
        "padding-nested": text("Double Padded", padded(8), padded(16)),
    ]
}

/// Short spellings for the scenarios (beside LayoutHarness's `text`, `vstack`, `hstack`, `color`).
func zstack(_ alignment: AlignmentName, _ children: ViewNode...) -> ViewNode {
    ViewNode(.zStack(alignment: alignment, children: children))
}

let divider = ViewNode(.divider)

func framed(_ width: Double?, _ height: Double?, _ alignment: AlignmentName = .center) -> ViewModifierNode {
    .frame(FrameSpec(width: width, height: height, alignment: alignment))
}

func fullWidth(_ alignment: AlignmentName = .center) -> ViewModifierNode {
    .frame(FrameSpec(maxWidth: .infinity, alignment: alignment))
}

func padded(_ length: Double) -> ViewModifierNode {
    .padding(EdgeInsetsSpec(all: length))
}

func padded(horizontal: Double = 0, vertical: Double = 0) -> ViewModifierNode {
    .padding(EdgeInsetsSpec(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal))
}
