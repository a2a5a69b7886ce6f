import Testing
import WidgetPayload
@testable import WidgetRender

/// Our layout against SwiftUI's, measured: every scenario SwiftOpenUI recorded on macOS
/// (Fixtures/) laid out by our engine at the recorded container size, every recorded frame
/// compared within `ParityTolerance`. The counts may only go up: the floors are what the engine
/// reached, and a change that loses a scenario or a frame fails here.
@Suite("Layout parity with SwiftUI")
struct LayoutParityTests {
    /// Scenarios whose every frame matches, and frames that match, at the last count.
    static let scenarioFloor = 49
    static let frameFloor = 149

    static let comparisons: [ScenarioComparison] = {
        let lineHeight = ParityLayout.lineHeight
        let scenarios = ParityScenarios.all
        return ((try? ParityFixture.all()) ?? []).compactMap { fixture -> ScenarioComparison? in
            guard let node = scenarios[fixture.scenario] else { return nil }
            return ScenarioComparison(fixture, ParityLayout(node, in: fixture.container), ourLineHeight: lineHeight)
        }
    }()

    @Test("Every fixture is a scenario written in our view tree, or listed as not yet comparable")
    func everyFixtureIsAccountedFor() throws {
        let fixtures = try ParityFixture.all()
        #expect(fixtures.count == 50)
        for fixture in fixtures {
            let written = ParityScenarios.all[fixture.scenario] != nil
            let excused = ParityScenarios.notYetComparable[fixture.scenario] != nil
            #expect(written != excused, "\(fixture.scenario): written \(written), not yet comparable \(excused)")
        }
    }

    @Test("The matching scenarios and frames do not drop below the floors")
    func parityFloor() {
        let comparisons = Self.comparisons
        let scenarios = comparisons.filter(\.matches).count
        let frames = comparisons.reduce(0) { $0 + $1.matchedFrames }
        let total = comparisons.reduce(0) { $0 + $1.frames.count }
        print("Layout parity: \(scenarios)/\(comparisons.count) scenarios, \(frames)/\(total) frames match SwiftUI "
              + "(\(ParityScenarios.notYetComparable.count) not yet comparable)")
        let matched = comparisons.flatMap(\.frames).filter(\.matches)
        for isText in [false, true] {
            let deviations = matched.filter { $0.isText == isText }.compactMap(\.deviation)
            print(String(format: "  largest difference, frames %@ text: %.2f across, %.2f down", isText ? "with" : "without",
                         deviations.map(\.x).max() ?? 0, deviations.map(\.y).max() ?? 0))
        }
        for comparison in comparisons where !comparison.matches {
            print("  \(comparison.name)" + (comparison.extraFrames > 0 ? " (+\(comparison.extraFrames) frames of ours)" : ""))
            for frame in comparison.frames { print("    \(frame)") }
        }
        // Below the floors with every frame of shapes matching: is fonts-inter installed?
        #expect(scenarios >= Self.scenarioFloor)
        #expect(frames >= Self.frameFloor)
    }

    @Test("A frame off by more than its tolerance does not match", arguments: [0.6, -0.6])
    func toleranceBites(offset: Double) {
        let recorded = Rect(x: 10, y: 10, width: 20, height: 20)
        let near = FrameComparison(label: "near", isText: false, recorded: recorded, ours: Rect(x: 10.4, y: 10, width: 20, height: 20), tolerance: (0.5, 0.5))
        let off = FrameComparison(label: "off", isText: false, recorded: recorded, ours: Rect(x: 10 + offset, y: 10, width: 20, height: 20), tolerance: (0.5, 0.5))
        #expect(near.matches)
        #expect(!off.matches)
    }
}
