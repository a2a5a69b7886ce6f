import WidgetPayload

/// Lays a widget out and draws it: the one entry point for the CLI, `validate` and servers.
///
/// A renderer belongs to one bundle, whose assets (and declared App Groups' containers) its
/// images come from.
public struct WidgetRenderer: Sendable {
    public let assets: BundleAssets
    public let text: PangoTextMeasurer

    public init(assets: BundleAssets, text: PangoTextMeasurer = .shared) {
        self.assets = assets
        self.text = text
    }

    /// The laid-out drawing: what the painters draw, and where links and controls are.
    public func displayList(_ face: WidgetFace, in environment: LayoutEnvironment) -> DisplayList {
        LayoutEngine(measurer: text, images: assets).layout(face.tree, in: environment)
    }

    /// The widget as a PNG (`scale` pixels per point) or an SVG (in points).
    public func image(_ face: WidgetFace, in environment: LayoutEnvironment, format: RenderFormat, scale: Int) throws(RenderError) -> RenderedImage {
        let list = displayList(face, in: environment)
        let bytes: [UInt8] = switch format {
        case .png: try pngData(list, scale: scale, assets: assets, text: text)
        case .svg: try svgData(list, assets: assets, text: text)
        case .terminal: Array(terminalText(list, assets: assets, text: text).utf8)
        }
        return RenderedImage(bytes: bytes, displayList: list, problems: problems(in: face))
    }

    /// The widget for a terminal: truecolor half blocks `columns` wide, or its text in a box.
    public func terminal(_ face: WidgetFace, in environment: LayoutEnvironment, columns: Int?, truecolor: Bool) -> (text: String, problems: [RenderProblem]) {
        let list = displayList(face, in: environment)
        let text = truecolor ? terminalText(list, columns: columns.map { min($0, Self.widestTerminal(list)) }, assets: assets, text: self.text) : plainText(list)
        return (text, problems(in: face))
    }

    /// What went wrong in drawing `face`: its view's refusal, and each image it names that
    /// cannot be drawn.
    public func problems(in face: WidgetFace) -> [RenderProblem] {
        if let error = face.viewError { return [.view(error)] }
        guard let view = face.view else { return [] }
        var seen = Set<ImageSource>()
        var problems: [RenderProblem] = []
        for source in view.imageSources where seen.insert(source).inserted {
            if let error = assets.problem(with: source) { problems.append(.asset(error)) }
        }
        // Catalog colours in either appearance: a set may lack its dark variant.
        var seenErrors = Set<AssetError>()
        for name in Set(view.catalogColorNames).sorted() {
            for scheme in ColorSchemeName.allCases {
                if let error = assets.colorProblem(name, scheme), seenErrors.insert(error).inserted { problems.append(.asset(error)) }
            }
        }
        return problems
    }

    /// No wider than one column per point: a small widget is not blown up to fill the terminal.
    private static func widestTerminal(_ list: DisplayList) -> Int {
        max(1, Int((list.size.width / TerminalCells.pointsPerColumn).rounded(.up)))
    }
}

/// A drawn widget: the file's bytes, the drawing they came from, and what went wrong.
public struct RenderedImage: Sendable {
    public let bytes: [UInt8]
    public let displayList: DisplayList
    public let problems: [RenderProblem]
}
