import Testing
@testable import widgethost

@Test func placeholder() throws {
    _ = try WidgetHostCommand.parseAsRoot(["list"])
}
