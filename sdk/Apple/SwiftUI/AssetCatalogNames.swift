// SwiftUI's asset catalog initialisers with their `bundle:` argument, here because only this
// module has Foundation's `Bundle` (WidgetSDK stays off full Foundation). A widget's catalog is
// its own bundle's, so `bundle` is accepted for source compatibility and not otherwise used.

extension Color {
    public init(_ name: String, bundle: Bundle?) {
        self.init(name)
    }
}

extension Image {
    public init(_ name: String, bundle: Bundle?) {
        self.init(name)
    }
}
