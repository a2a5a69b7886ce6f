import Testing
@testable import WidgetSDK
import WidgetPayload

/// A string literal given to `Text` is a `LocalizedStringKey`, as in SwiftUI: its interpolations
/// are written out (widgethost does not localize), and a `String` value stays a string.
@Suite struct LocalizedStringKeyTests {
    private struct Pillars: View {
        let count: Int
        let name: String

        var body: some View {
            VStack {
                Text("\(count) pillars")
                Text(name)
                Text(LocalizedStringResource("Increment count"))
                Text("plain").id(count)
            }
        }
    }

    @Test func literalsInterpolationsResourcesAndStrings() {
        let root = evaluate(.systemSmall) { Pillars(count: 3, name: "Ada \\(x)") }.root
        #expect(root == ViewNode(.vStack(alignment: .center, spacing: nil, children: [
            ViewNode(.text(.verbatim("3 pillars"))),
            ViewNode(.text(.verbatim("Ada \\(x)"))),
            ViewNode(.text(.verbatim("Increment count"))),
            ViewNode(.text(.verbatim("plain"))),
        ])))
    }

    @Test func aKeyWritesOptionalsAndValuesAsInterpolationDoes() {
        let value: Int? = nil
        let key: LocalizedStringKey = "\(value as Any) and \(2.5) and \("text")"
        #expect(key.key == "nil and 2.5 and text")
    }
}
