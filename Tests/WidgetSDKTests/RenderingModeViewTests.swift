import FoundationEssentials
import Testing
@testable import WidgetSDK
import WidgetPayload

// What a view reads of WidgetKit's environment (rendering mode, container background, margins,
// redaction reasons, locale…) and what the tree carries so the host draws the real mode.

private struct ModeView: View {
    @Environment(\.widgetRenderingMode) var mode

    var body: some View {
        Text(mode == .fullColor ? "colour" : mode == .accented ? "tinted" : "lock")
    }
}

private struct BackgroundView: View {
    @Environment(\.showsWidgetContainerBackground) var showsBackground

    var body: some View {
        Text(showsBackground ? "with background" : "bare")
    }
}

private struct ReasonsView: View {
    @Environment(\.redactionReasons) var reasons

    var body: some View {
        Text(reasons.contains(.placeholder) ? "placeholder" : reasons.contains(.privacy) ? "private" : "plain")
    }
}

private func text(_ string: String, _ modifiers: [ViewModifierNode] = []) -> ViewNode {
    ViewNode(.text(.verbatim(string)), modifiers: modifiers)
}

@Suite struct RenderingModeViewTests {
    @Test func aViewThatReadsTheModeCarriesEachModesVariant() {
        let tree = evaluate(.accessoryRectangular) { ModeView() }
        #expect(tree.root == text("colour"))
        #expect(tree.accented == text("tinted"))
        #expect(tree.vibrant == text("lock"))
        #expect(tree.root(for: .light, mode: .vibrant) == text("lock"))
        #expect(tree.lowestVersion == 4)
    }

    @Test func aViewThatDoesNotReadTheModeCarriesNone() {
        let tree = evaluate { Text("same").widgetAccentable(false) }
        #expect(tree.accented == nil && tree.vibrant == nil)
        #expect(tree.root == text("same"))
        #expect(tree.lowestVersion == 1)
    }

    @Test func aModesVariantEqualToTheDarkTreeIsLeftOut() {
        // The background follows the mode: both other modes remove it, so they draw alike.
        let tree = evaluate { BackgroundView() }
        #expect(tree.root == text("with background"))
        #expect(tree.accented == text("bare"))
        #expect(tree.vibrant == text("bare"))
    }

    @Test func widgetAccentableMarksTheAccentGroup() {
        let tree = evaluate { Text("MON").widgetAccentable() }
        #expect(tree.root.modifiers == [.widgetAccentable])
        #expect(tree.lowestVersion == 4)
    }

    @Test func redactedWritesItsReasonsAndTheViewsInsideReadThem() {
        let tree = evaluate {
            VStack {
                ReasonsView().redacted(reason: .privacy)
                ReasonsView().redacted(reason: .placeholder).unredacted()
                ReasonsView().unredacted().redacted(reason: .placeholder)
                Text("none").redacted(reason: [])
            }
        }
        guard case .vStack(_, _, let rows) = tree.root.kind else { Issue.record("root is \(tree.root.kind)"); return }
        #expect(rows == [
            text("private", [.redacted(.privacy)]),
            text("placeholder", [.redacted(.placeholder), .unredacted]),
            text("plain", [.unredacted, .redacted(.placeholder)]),
            text("none"),
        ])
        #expect(tree.lowestVersion == 4)
        #expect(evaluate { Text("x").redacted(reason: .placeholder) }.lowestVersion == 1)
    }

    @Test func aPlaceholderIsEvaluatedWithThePlaceholderReason() {
        let tree = ViewEvaluation.$redactionReasons.withValue(.placeholder) { evaluate { ReasonsView() } }
        #expect(tree.root == text("placeholder"))
        #expect(evaluate { ReasonsView() }.root == text("plain"))
    }

    @Test func contentMarginsFollowTheFamily() {
        let values = EnvironmentValues(family: .systemMedium, colorScheme: .light, colorSchemeReads: nil, renderingModeReads: nil)
        #expect(values.widgetContentMargins == EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
        let accessory = EnvironmentValues(family: .accessoryCircular, colorScheme: .light, colorSchemeReads: nil, renderingModeReads: nil)
        #expect(accessory.widgetContentMargins == EdgeInsets())
        #expect(values.showsWidgetContainerBackground)
        #expect(values.widgetRenderingMode == .fullColor)
        #expect(WidgetRenderingMode.vibrant.description == "vibrant")
    }

    @Test func localeCalendarAndTimeZoneAreTheHostsAndCanBeSet() {
        let values = EnvironmentValues()
        #expect(values.locale == Locale.current)
        #expect(values.calendar == Calendar.current)
        #expect(values.timeZone == TimeZone.current)
        struct ZoneView: View {
            @Environment(\.timeZone) var zone
            var body: some View { Text("\(zone.secondsFromGMT())") }
        }
        #expect(evaluate { ZoneView().environment(\.timeZone, TimeZone(secondsFromGMT: 3600)!) }.root == text("3600"))
    }
}
