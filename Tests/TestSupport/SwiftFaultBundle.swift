import Foundation

/// The Swift fault bundle (Tests/Fixtures/SwiftBundles/Sources/SwiftFaultsWidget), linked once per test run.
public enum SwiftFaultBundle {
    /// `libSwiftFaultsWidget.so`, linked on first use.
    public static func library() throws -> URL {
        try FixturePackage.library("SwiftFaultsWidget")
    }
}
