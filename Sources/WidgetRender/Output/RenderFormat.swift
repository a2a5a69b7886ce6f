/// What `widgethost render --output` writes, chosen by the output's name.
public enum RenderFormat: String, Sendable, Hashable, CaseIterable {
    case png, svg
    /// `-`: drawn in the terminal (half blocks, or plain text without truecolor).
    case terminal

    /// `-` is the terminal; otherwise the file's extension, or nil when it is neither.
    public init?(output: String) {
        if output == "-" {
            self = .terminal
            return
        }
        let lower = output.lowercased()
        if lower.hasSuffix(".png") {
            self = .png
        } else if lower.hasSuffix(".svg") {
            self = .svg
        } else {
            return nil
        }
    }
}
