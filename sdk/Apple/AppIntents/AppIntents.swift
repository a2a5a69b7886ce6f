// AppIntents, as a widget's intents import it: `AppIntent`, `@Parameter`, `AppEntity` and their
// kin are the SDK's (WidgetSDK/Intents); Foundation comes with it, as on iOS.
@_exported import AppGroupFoundation
@_exported import WidgetSDK
