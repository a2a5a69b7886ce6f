/// Contents.json as Xcode writes it, only the members the host reads. Unknown members (`info`,
/// `author`, `version`) are ignored, as Xcode ignores what it does not know.

struct RawColorSet: Decodable {
    var colors: [RawColorEntry]?
}

struct RawImageSet: Decodable {
    struct Properties: Decodable {
        var templateRenderingIntent: String?
        enum CodingKeys: String, CodingKey { case templateRenderingIntent = "template-rendering-intent" }
    }
    var images: [RawImageEntry]?
    var properties: Properties?
}

struct RawFolder: Decodable {
    struct Properties: Decodable {
        var providesNamespace: Bool?
        enum CodingKeys: String, CodingKey { case providesNamespace = "provides-namespace" }
    }
    var properties: Properties?
}

struct RawAppearance: Decodable {
    var appearance: String?
    var value: String?
}

/// Shared by colour and image entries: the idiom and appearances an entry is for.
protocol RawEntry {
    var idiom: String? { get }
    var appearances: [RawAppearance]? { get }
}

extension RawEntry {
    /// nil when the entry is not for an iPhone widget in a standard appearance: another idiom
    /// (mac, watch, tv…), high contrast, or an appearance the host does not know.
    var condition: VariantCondition? {
        let isPhone: Bool
        switch idiom {
        case nil, "universal": isPhone = false
        case "iphone": isPhone = true
        default: return nil
        }
        var luminosity: VariantCondition.Luminosity?
        for appearance in appearances ?? [] {
            guard appearance.appearance == "luminosity" else { return nil }
            switch appearance.value {
            case "light": luminosity = .light
            case "dark": luminosity = .dark
            // "any" spelled out, as some tools write it.
            case "any": luminosity = nil
            default: return nil
            }
        }
        return VariantCondition(luminosity: luminosity, isPhone: isPhone)
    }
}

struct RawColorEntry: Decodable, RawEntry {
    var idiom: String?
    var appearances: [RawAppearance]?
    var color: RawColor?
}

struct RawImageEntry: Decodable, RawEntry {
    var idiom: String?
    var appearances: [RawAppearance]?
    var filename: String?
    var scale: String?
}

struct RawColor: Decodable {
    var colorSpace: String?
    var components: RawComponents?
    var reference: String?

    enum CodingKeys: String, CodingKey {
        case colorSpace = "color-space"
        case components, reference
    }
}

struct RawComponents: Decodable {
    var red: RawComponent?
    var green: RawComponent?
    var blue: RawComponent?
    var alpha: RawComponent?
    var white: RawComponent?
}

/// A component as written: Xcode writes strings ("0.500", "128", "0x80"); hand-written
/// catalogs sometimes use JSON numbers, read as floats.
struct RawComponent: Decodable {
    var text: String
    var isNumber: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self.text = text
            self.isNumber = false
        } else {
            self.text = String(try container.decode(Double.self))
            self.isNumber = true
        }
    }
}
