// The compiler plugin behind the SDK's `#Preview` (sdk/WidgetSDK/Preview/PreviewMacros.swift):
// answers the compiler's messages until it closes the channel.
let channel = PluginChannel()
while let message = channel.receive() {
    switch message {
    case .getCapability:
        channel.send(.capability)
    case .expandFreestandingMacro(let expansion):
        do {
            channel.send(.expansion(source: try PreviewExpansion(expansion: expansion).expandedSource(), diagnostics: []))
        } catch {
            let position = PluginMessage.Diagnostic.Position(
                fileName: expansion.syntax.location.fileName, offset: expansion.syntax.location.offset)
            channel.send(.expansion(source: nil, diagnostics: [PluginMessage.Diagnostic(message: error.message, position: position)]))
        }
    case .other:
        // Attached macros and library loading: this plugin declares neither.
        channel.send(.expansion(source: nil, diagnostics: []))
    }
}
