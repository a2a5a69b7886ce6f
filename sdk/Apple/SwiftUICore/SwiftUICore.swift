// SwiftUICore, which Xcode 16's SDK split out of SwiftUI and which some files import by name:
// here the same as SwiftUI.
@_exported import SwiftUI
