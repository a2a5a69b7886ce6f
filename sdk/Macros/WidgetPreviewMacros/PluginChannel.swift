import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The compiler's side of a macro plugin executable (swift-syntax's `CompilerPluginMessage`
/// protocol), spoken without swift-syntax: each message is a little-endian 64-bit length and
/// that many bytes of JSON, on standard input and output. Building swift-syntax would cost a
/// bundle's first build a minute or more (BENCHMARKS.md, "#Preview"); the one macro here needs
/// only the expansion's source text.
struct PluginChannel {
    /// The protocol version this plugin speaks: 7, the one whose messages it reads.
    static let protocolVersion = 7

    /// The next message, or nil when the compiler has closed the channel.
    func receive() -> HostMessage? {
        guard let header = read(count: 8) else { return nil }
        let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard length > 0, length < 1 << 31, let body = read(count: Int(length)) else { return nil }
        return try? JSONDecoder().decode(HostMessage.self, from: Data(body))
    }

    func send(_ message: PluginMessage) {
        guard let body = try? JSONEncoder().encode(message) else { return }
        var bytes = withUnsafeBytes(of: UInt64(body.count).littleEndian) { Array($0) }
        bytes.append(contentsOf: body)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if result <= 0 { return }
            written += result
        }
    }

    private func read(count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress! + filled, count - filled) }
            if result <= 0 { return nil }
            filled += result
        }
        return bytes
    }
}

/// What the compiler asks: only the members this plugin reads are declared.
enum HostMessage: Decodable {
    case getCapability
    case expandFreestandingMacro(FreestandingExpansion)
    case other

    private enum CodingKeys: String, CodingKey {
        case getCapability, expandFreestandingMacro
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.getCapability) {
            self = .getCapability
        } else if let expansion = try container.decodeIfPresent(FreestandingExpansion.self, forKey: .expandFreestandingMacro) {
            self = .expandFreestandingMacro(expansion)
        } else {
            self = .other
        }
    }
}

struct FreestandingExpansion: Decodable {
    struct Syntax: Decodable {
        struct Location: Decodable {
            var fileID: String
            var fileName: String
            var offset: Int
            var line: Int
        }

        var source: String
        var location: Location
    }

    /// The compiler's mangled name for this expansion: the prefix of every unique name in it.
    var discriminator: String
    var syntax: Syntax
}

/// What this plugin answers.
enum PluginMessage: Encodable {
    case capability
    case expansion(source: String?, diagnostics: [Diagnostic])

    struct Diagnostic: Encodable {
        struct Position: Encodable {
            var fileName: String
            var offset: Int
        }

        var message: String
        var severity = "error"
        var position: Position
        var highlights: [Position] = []
        var notes: [String] = []
        var fixIts: [String] = []
    }

    private enum CodingKeys: String, CodingKey {
        case getCapabilityResult, expandMacroResult
    }

    private enum CapabilityKeys: String, CodingKey { case capability }
    private enum VersionKeys: String, CodingKey { case protocolVersion }
    private enum ResultKeys: String, CodingKey { case expandedSource, diagnostics }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .capability:
            var result = container.nestedContainer(keyedBy: CapabilityKeys.self, forKey: .getCapabilityResult)
            var capability = result.nestedContainer(keyedBy: VersionKeys.self, forKey: .capability)
            try capability.encode(PluginChannel.protocolVersion, forKey: .protocolVersion)
        case .expansion(let source, let diagnostics):
            var result = container.nestedContainer(keyedBy: ResultKeys.self, forKey: .expandMacroResult)
            try result.encode(source, forKey: .expandedSource)
            try result.encode(diagnostics, forKey: .diagnostics)
        }
    }
}
