import Foundation

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
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Created 0600 from the start: no moment when another user could read it.
            let created = FileManager.default.createFile(
                atPath: file.path, contents: Data((value + "\n").utf8), attributes: [.posixPermissions: 0o600])
            guard created else { throw CocoaError(.fileWriteUnknown) }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
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
