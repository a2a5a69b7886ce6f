import Foundation

/// The Swift fault bundle (Tests/Fixtures/SwiftBundles/Sources/SwiftFaultsWidget), built once per test run.
public enum SwiftFaultBundle {
    /// `libSwiftFaultsWidget.so`, built on first use (about 15 s the first time).
    public static func library() throws -> URL {
        try FixturePackage.library("SwiftFaultsWidget")
    }
}
