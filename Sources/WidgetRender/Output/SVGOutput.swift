import CPangoCairo

/// Draws `list` as an SVG document of its size in points (one point is one SVG user unit,
/// as one point is one CSS pixel on the web).
///
/// Cairo writes text as glyph outlines (`<use>` of `<symbol>`s), exact but not searchable.
/// So the document also carries an invisible text layer (`SVGTextLayer`) just before its
/// closing `</svg>`: each text command once more as a transparent `<text>`, so that the words
/// are in the file for search, copy and screen readers while the visible glyphs stay Cairo's.
public func svgData(_ list: DisplayList, assets: BundleAssets = .empty, text: PangoTextMeasurer = .shared) throws(RenderError) -> [UInt8] {
    guard list.size.width > 0, list.size.height > 0, list.size.width.isFinite, list.size.height.isFinite else {
        throw .badCanvas(width: list.size.width, height: list.size.height, scale: 1)
    }
    let buffer = CairoStream.Buffer()
    try withExtendedLifetime(buffer) { () throws(RenderError) in
        let surface = cairo_svg_surface_create_for_stream(CairoStream.write, Unmanaged.passUnretained(buffer).toOpaque(),
                                                          list.size.width, list.size.height)!
        defer { cairo_surface_destroy(surface) }
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
        let cairo = cairo_create(surface)!
        CairoPainter(assets: assets, text: text).paint(list, on: cairo, scale: 1)
        let status = cairo_status(cairo)
        cairo_destroy(cairo)
        // Finishing writes the document's end to the stream.
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        for status in [status, surfaceStatus] where status != CAIRO_STATUS_SUCCESS {
            throw .cairo(String(cString: cairo_status_to_string(status)), while: "writing the SVG")
        }
    }
    return SVGTextLayer.insert(SVGTextLayer.elements(for: list, text: text), into: buffer.bytes)
}

/// The invisible `<text>` elements `svgData` adds beside Cairo's glyph outlines.
enum SVGTextLayer {
    static func elements(for list: DisplayList, text measurer: PangoTextMeasurer) -> String {
        var lines: [String] = []
        for command in list.commands {
            guard let (string, style, frame) = command.drawnText else { continue }
            let measured = measurer.measure(string, style: style, width: frame.width, height: frame.height)
            let (x, anchor): (Double, String) = switch style.alignment {
            case .leading: (frame.minX, "start")
            case .center: (frame.minX + frame.width / 2, "middle")
            case .trailing: (frame.maxX, "end")
            }
            lines.append(
                "<text x=\"\(number(x))\" y=\"\(number(frame.minY + measured.firstBaseline))\" font-family=\"\(escape(style.family))\" "
                    + "font-size=\"\(number(style.size * style.scale))\" text-anchor=\"\(anchor)\">\(escape(string))</text>"
            )
        }
        guard !lines.isEmpty else { return "" }
        return "<g id=\"widget-text\" fill-opacity=\"0\" stroke=\"none\">\n" + lines.joined(separator: "\n") + "\n</g>\n"
    }

    /// `layer` placed just before the last `</svg>` of `document`.
    static func insert(_ layer: String, into document: [UInt8]) -> [UInt8] {
        guard !layer.isEmpty else { return document }
        let closing = Array("</svg>".utf8)
        guard document.count >= closing.count else { return document }
        for start in stride(from: document.count - closing.count, through: 0, by: -1)
        where document[start] == closing[0] && Array(document[start..<start + closing.count]) == closing {
            return Array(document[..<start]) + Array(layer.utf8) + Array(document[start...])
        }
        return document
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // XML 1.0 cannot hold most control characters, even escaped.
            case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e9 else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
