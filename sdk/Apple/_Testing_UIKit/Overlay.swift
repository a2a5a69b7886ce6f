// Swift Testing's cross-import overlay for UIKit. The toolchain's Testing module names it
// (Testing.swiftcrossimport/UIKit.swiftoverlay), so a file that imports Testing and, through
// `import SwiftUI` or `import WidgetKit`, this SDK's UIKit looks for it and fails to compile
// without it. Apple's holds image attachments for UIImage; this one is empty on purpose, so that
// an author's Swift Testing tests of a widget compile as they do in Xcode.
