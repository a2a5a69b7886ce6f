import Foundation
import WidgetStore
import WidgetStoreModel

/// The token a POST must carry: `<data>/http.token`, 32 random bytes as hex, mode 0600, made
/// on first start and kept, so scripts can read it once.
public struct AccessToken: Sendable, Hashable {
    public let value: String

    public init(value: String) { self.value = value }

    public static func loadOrCreate(in folder: URL) throws(ServerConfigurationError) -> AccessToken {
        let file = folder.appendingPathComponent("http.token")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if value.count >= 32 { return AccessToken(value: value) }
        }
        var generator = SystemRandomNumberGenerator()
        let value = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
        do {
            try DataFolderPrivacy.createFolder(folder)
            // 0600 before the token is written: no moment when another user could read it.
            let handle = FileHandle(
                fileDescriptor: try DataFolderPrivacy.openFile(file.path, flags: O_WRONLY | O_TRUNC), closeOnDealloc: true)
            defer { try? handle.close() }
            try handle.write(contentsOf: Data((value + "\n").utf8))
        } catch let error as DataFolderPrivacy.Failure {
            throw .token(path: file.path, reason: "cannot write it: \(error.reason)")
        } catch {
            throw .token(path: file.path, reason: "cannot write it: \(error.localizedDescription)")
        }
        return AccessToken(value: value)
    }

    /// Compares in time independent of where the strings differ.
    func matches(_ candidate: Substring) -> Bool {
        let a = Array(value.utf8), b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
