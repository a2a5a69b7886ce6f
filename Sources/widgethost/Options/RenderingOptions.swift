import ArgumentParser
import WidgetHostJSON
import WidgetPayload

// `--rendering-mode`: WidgetKit's rendering modes, spelt as the server's `?rendering-mode=` spells
// them (WidgetHostJSON's `RenderingModeWord`); ArgumentParser refuses any other word, listing these.
extension RenderingModeWord: ExpressibleByArgument {}

enum RenderingModeOption {
    /// "full-color, accented (the tinted Home Screen) or vibrant (the Lock Screen); default: …".
    static let help = ArgumentHelp(
        ChoiceList.text(RenderingModeWord.allCases.map { word in word.shownOn.map { "\(word.rawValue) (\($0))" } ?? word.rawValue })
            + "; default: \(RenderingModeWord(.default(for: .accessoryCircular)).rawValue) for the accessory families, "
            + "\(RenderingModeWord(.default(for: .systemSmall)).rawValue) for the others.",
        valueName: "mode")
}

// `--appearance`: ColorSchemeName's raw values (light, dark), as the server's `?appearance=`.
extension ColorSchemeName: @retroactive ExpressibleByArgument {}

enum AppearanceOption {
    /// "light or dark".
    static let choices = ChoiceList.text(of: ColorSchemeName.self)
}
