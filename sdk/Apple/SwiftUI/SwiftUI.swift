// SwiftUI, as a widget imports it. On iOS, `import SwiftUI` also brings Foundation and UIKit;
// the views themselves are the SDK's (WidgetSDK), under SwiftUI's names.
@_exported import UIKit
@_exported import AppGroupFoundation
@_exported import WidgetSDK
