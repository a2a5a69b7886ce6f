// `import Intents`, which Xcode's widget template of iOS 14–16 writes beside WidgetKit: SiriKit's
// `INIntent` and `INObject`, which the classes generated from the extension's `.intentdefinition`
// subclass (the SDK's IntentDefinitions plugin generates them, docs/intents.md), and Foundation,
// which the module brings on iOS. Only SiriKit's names are re-exported from the SDK, so a file
// importing Intents alone does not see SwiftUI's.
@_exported import AppGroupFoundation
@_exported import class WidgetSDK.INIntent
@_exported import class WidgetSDK.INObject
@_exported import struct WidgetSDK.INIntentParameterDefinition
@_exported import struct WidgetSDK.INIntentParameterValue
