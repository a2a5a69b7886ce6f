import Foundation
import SwiftUI
import Testing
import WidgetPayload

// What real extensions met next, once the first waves compiled (docs/porting.md): LazyVGrid and
// LazyHGrid, a date interpolated into a Text's string, `background()`, colour spaces,
// RelativeDateTimeFormatter, URLError.Code(rawValue:), and `UserDefaults` beside
// `import Foundation`. This file imports Foundation and SwiftUI, as such extensions do.

@Suite struct PortedExtensionSurfaceTests {
    private static func item(_ name: String) -> ViewNode { ViewNode(.text(.verbatim(name))) }

    private static func cell(_ name: String, _ frame: FrameSpec) -> ViewNode {
        ViewNode(.text(.verbatim(name)), modifiers: [.frame(frame)])
    }

    @Test("LazyVGrid fills rows of its columns, each cell framed as its GridItem asks")
    func lazyVGridFillsRows() {
        let tree = evaluate {
            LazyVGrid(columns: [GridItem(.fixed(40)), GridItem(.flexible(), spacing: 6)], spacing: 4) {
                Text("a"); Text("b"); Text("c")
            }
        }
        let fixed = FrameSpec(width: 40)
        let flexible = FrameSpec(minWidth: 10, maxWidth: .infinity)
        #expect(tree.root == ViewNode(.grid(alignment: .center, horizontalSpacing: nil, verticalSpacing: 4, rows: [
            ViewNode(.gridRow(alignment: nil, cells: [Self.cell("a", fixed), Self.cell("b", flexible)])),
            ViewNode(.gridRow(alignment: nil, cells: [Self.cell("c", fixed)])),
        ])))
    }

    @Test("An adaptive column is as many columns of at least its minimum as fit in the width offered")
    func adaptiveColumnsFillTheWidth() {
        // A small widget offers 170 - 2 × 16 = 138 points: (138 + 8) / (40 + 8) = 3 columns.
        let tree = evaluate {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 40))]) {
                Text("a"); Text("b"); Text("c"); Text("d")
            }
        }
        let flexible = FrameSpec(minWidth: 40, maxWidth: .infinity)
        #expect(tree.root == ViewNode(.grid(alignment: .center, horizontalSpacing: nil, verticalSpacing: nil, rows: [
            ViewNode(.gridRow(alignment: nil, cells: [Self.cell("a", flexible), Self.cell("b", flexible), Self.cell("c", flexible)])),
            ViewNode(.gridRow(alignment: nil, cells: [Self.cell("d", flexible)])),
        ])))
        // Beside a fixed column, the adaptive one shares what is left; never fewer than one.
        // (138 - 60 - 8 + 8) / (30 + 8) = 2 adaptive columns beside it.
        let mixed = evaluate {
            LazyVGrid(columns: [GridItem(.fixed(60)), GridItem(.adaptive(minimum: 30))]) {
                ForEach(0..<6) { Text("\($0)") }
            }
        }
        #expect(mixed.root.kind.children.first?.kind.children.count == 1 + 2)
        let wide = evaluate {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 500))]) { Text("a"); Text("b") }
        }
        #expect(wide.root.kind.children.first?.kind.children.count == 1)
    }

    @Test("LazyHGrid fills columns of its rows: item i is in row i % rows")
    func lazyHGridFillsColumns() {
        let tree = evaluate {
            LazyHGrid(rows: [GridItem(.fixed(20)), GridItem(.fixed(30))], alignment: .top, spacing: 8) {
                Text("a"); Text("b"); Text("c")
            }
        }
        #expect(tree.root == ViewNode(.grid(alignment: .top, horizontalSpacing: 8, verticalSpacing: nil, rows: [
            ViewNode(.gridRow(alignment: nil, cells: [Self.cell("a", FrameSpec(height: 20)), Self.cell("c", FrameSpec(height: 20))])),
            ViewNode(.gridRow(alignment: nil, cells: [Self.cell("b", FrameSpec(height: 30))])),
        ])))
    }

    @Test("A date interpolated with a style stays a date the host keeps counting, between the strings")
    func dateInterpolation() {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let tree = evaluate { Text("Updated \(date, style: .relative) ago") }
        #expect(tree.root == ViewNode(.text(.runs([
            TextRun(.verbatim("Updated ")), TextRun(.date(1_800_000_000, style: .relative)), TextRun(.verbatim(" ago")),
        ]))))
        // Without a date, the key stays one string.
        #expect(evaluate { Text("\(3) left") }.root == Self.item("3 left"))
    }

    @Test("FillStyle(eoFill:) fills a path by the even-odd rule, as a shape and in a canvas")
    func evenOddFill() throws {
        // A square with a square inside it: by the even-odd rule, a frame.
        let frame = Path { path in
            path.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
            path.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        }
        // WidgetPayload, imported here too, has a FillStyle of its own: SwiftUI's is named whole.
        let tree = evaluate { frame.fill(Color.red, style: SwiftUI.FillStyle(eoFill: true)) }
        guard case .shape(.path(let shape), _, _) = tree.root.kind else {
            Issue.record("not a path: \(tree.root)")
            return
        }
        #expect(shape.evenOdd)
        let plain = evaluate { frame.fill(Color.red, style: SwiftUI.FillStyle()) }
        guard case .shape(.path(let nonZero), _, _) = plain.root.kind else {
            Issue.record("not a path: \(plain.root)")
            return
        }
        #expect(!nonZero.evenOdd)
        let canvas = evaluate { Canvas { context, _ in context.fill(frame, with: .color(.red), style: SwiftUI.FillStyle(eoFill: true)) } }
        #expect("\(canvas.root)".contains("evenOdd: true"), "\(canvas.root)")
    }

    @Test("background() is the system background behind the view")
    func systemBackground() {
        let tree = evaluate { Text("a").background() }
        #expect(tree.root.modifiers == [.background(ViewNode(.fill(.color(.named(.background, opacity: 1)))), alignment: .center)])
    }

    @Test("Colours of other spaces are brought into sRGB")
    func colorSpaces() throws {
        func components(_ color: Color) throws -> [Double] {
            let tree = evaluate { color }
            guard case .fill(.color(.rgba(let r, let g, let b, _))) = tree.root.kind else {
                Issue.record("not an sRGB fill: \(tree.root)")
                return []
            }
            return [r, g, b]
        }
        #expect(try components(Color(.sRGB, red: 0.2, green: 0.4, blue: 0.6)) == [0.2, 0.4, 0.6])
        // Half of linear light is about 0.735 on sRGB's curve.
        #expect(try components(Color(.sRGBLinear, white: 0.5)).allSatisfy { abs($0 - 0.7354) < 0.001 })
        // A P3 grey is the same grey; P3's pure red is beyond sRGB and clips to sRGB's.
        #expect(try components(Color(.displayP3, white: 0.5)).allSatisfy { abs($0 - 0.5) < 0.002 })
        #expect(try zip(components(Color(.displayP3, red: 1, green: 0, blue: 0)), [1.0, 0, 0]).allSatisfy { abs($0 - $1) < 0.0001 })
    }

    @Test("RelativeDateTimeFormatter says the largest unit, in each style")
    func relativeDates() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let formatter = RelativeDateTimeFormatter()
        #expect(formatter.localizedString(for: now.addingTimeInterval(-2 * 3600 - 600), relativeTo: now) == "2 hours ago")
        #expect(formatter.localizedString(for: now.addingTimeInterval(86_400 + 23 * 3600), relativeTo: now) == "in 1 day")
        formatter.unitsStyle = .short
        #expect(formatter.localizedString(fromTimeInterval: 5 * 60) == "in 5 min.")
        formatter.unitsStyle = .abbreviated
        #expect(formatter.localizedString(for: now.addingTimeInterval(-3 * 3600), relativeTo: now) == "3h ago")
        formatter.unitsStyle = .spellOut
        #expect(formatter.localizedString(for: now.addingTimeInterval(2 * 3600), relativeTo: now) == "in two hours")
        formatter.unitsStyle = .full
        formatter.dateTimeStyle = .named
        #expect(formatter.localizedString(for: now.addingTimeInterval(86_400), relativeTo: now) == "tomorrow")
        #expect(formatter.localizedString(for: now, relativeTo: now) == "now")
        #expect(formatter.string(for: "not a date") == nil)
    }

    @Test("URLError.Code(rawValue:) cannot fail, as on Apple's Foundation")
    func urlErrorCodes() {
        #expect(URLError(URLError.Code(rawValue: -1001)).code == .timedOut)
        #expect(URLError(URLError.Code(rawValue: 404)).code == .unknown)
    }

    @Test("UserDefaults is the App Group one in a file that also imports Foundation")
    func userDefaultsIsTheAppGroupOne() {
        // Compiles only if the name is not ambiguous; the type is the SDK's subclass.
        let type: UserDefaults.Type = UserDefaults.self
        #expect(ObjectIdentifier(type) != ObjectIdentifier(Foundation.UserDefaults.self))
        #expect(type is Foundation.UserDefaults.Type)
    }
}
