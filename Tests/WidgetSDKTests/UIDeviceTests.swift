import Foundation
import SwiftUI
import Testing
import UIKit

/// `UIDevice.current`, as widget code asks it: the host answers as an iPhone on iOS 17
/// (sdk/Apple/UIKit/UIDevice.swift, docs/porting.md).
@Suite struct UIDeviceTests {
    /// Widget code as it is written for iOS: a padding by idiom, a check of the OS and version.
    private func padding() -> CGFloat {
        switch UIDevice.current.userInterfaceIdiom {
        case .pad: 24
        case .phone: 16
        case .mac, .tv, .carPlay, .vision, .unspecified: 12
        }
    }

    private func vendorKey() -> String {
        UIDevice.current.identifierForVendor?.uuidString ?? "unknown"
    }

    @Test func itAnswersAsAnIPhoneOnIOS17() {
        let device = UIDevice.current
        #expect(device.name == "iPhone")
        #expect(device.model == "iPhone")
        #expect(device.localizedModel == "iPhone")
        #expect(device.systemName == "iOS")
        #expect(device.systemVersion == "17.0")
        #expect(device.systemVersion.compare("16.0", options: .numeric) != .orderedAscending)
        #expect(device.userInterfaceIdiom == .phone)
        #expect(device.identifierForVendor == nil)
        #expect(padding() == 16)
        #expect(vendorKey() == "unknown")
    }

    @Test func theIdiomsHaveUIKitsRawValues() {
        let idioms: [UIUserInterfaceIdiom] = [.unspecified, .phone, .pad, .tv, .carPlay, .mac, .vision]
        #expect(idioms.map(\.rawValue) == [-1, 0, 1, 2, 3, 5, 6])
        #expect(UIUserInterfaceIdiom(rawValue: 1) == .pad)
    }

    @Test func aViewCanReadItWhileEvaluated() {
        let tree = evaluate { Text(UIDevice.current.userInterfaceIdiom == .pad ? "iPad" : UIDevice.current.systemName) }
        #expect(tree.root.kind == .text(.verbatim("iOS")))
    }
}
