import ArgumentParser
import WidgetPayload

/// `--rendering-mode`: WidgetKit's rendering modes, spelt as command-line words.
enum RenderingModeOption: String, ExpressibleByArgument, CaseIterable {
    case fullColor = "full-color"
    case accented
    case vibrant

    var mode: RenderingModeName {
        switch self {
        case .fullColor: .fullColor
        case .accented: .accented
        case .vibrant: .vibrant
        }
    }

    static let help = ArgumentHelp(
        "full-color, accented (the tinted Home Screen) or vibrant (the Lock Screen); default: vibrant for the accessory families, full-color for the others.",
        valueName: "mode")
}
