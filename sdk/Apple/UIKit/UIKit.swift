// UIKit, narrowly: what widgets use it for. `UIImage` to hand an image to `Image(uiImage:)`,
// `UIColor` to hand a colour to `Color(uiColor:)`, `UIDevice` to ask what it runs on. Nothing else
// of UIKit exists here; a widget cannot use the rest on iOS either (it draws no UIView). On iOS,
// UIKit brings Foundation and CoreText.
@_exported import CoreText
@_exported import AppGroupFoundation
