import CSDBus
import Foundation
import WidgetPayload

/// Why a call's arguments could not be read, or a reply written; becomes the call's D-Bus error.
struct BusMessageError: Error {
    let code: String
    let message: String

    /// sd-bus's own failure: a malformed message, which the bus's checks should have caught.
    static func failed(_ result: Int32, reading what: String) -> Self {
        BusMessageError(code: "org.freedesktop.DBus.Error.InvalidArgs", message: "cannot read \(what): \(String(cString: strerror(-result)))")
    }
}

/// One sd-bus message, read or written in order. Valid on the bus thread only, while the
/// message is (sd-bus keeps a call alive for as long as its handler runs).
struct BusMessage {
    let pointer: OpaquePointer

    // MARK: Reading

    /// A string, or (`type` "o" or "g") an object path or a signature, which read as text.
    func readString(_ what: String, type: Character = "s") throws(BusMessageError) -> String {
        var text: UnsafePointer<CChar>?
        let result = sd_bus_message_read_basic(pointer, CChar(type.asciiValue!), &text)
        guard result > 0, let text else { throw .failed(result, reading: what) }
        return String(cString: text)
    }

    func readStrings(_ what: String) throws(BusMessageError) -> [String] {
        try enter("a", "s", what)
        var strings: [String] = []
        while try !atEnd(what) { strings.append(try readString(what)) }
        try exit(what)
        return strings
    }

    /// The type of what comes next and, for a container, its contents' signature; nil at the end.
    func peek() -> (type: Character, contents: String)? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard sd_bus_message_peek_type(pointer, &type, &contents) > 0 else { return nil }
        return (Character(Unicode.Scalar(UInt8(bitPattern: type))), contents.map { String(cString: $0) } ?? "")
    }

    func atEnd(_ what: String) throws(BusMessageError) -> Bool {
        let result = sd_bus_message_at_end(pointer, 0)
        guard result >= 0 else { throw .failed(result, reading: what) }
        return result > 0
    }

    func enter(_ type: Character, _ contents: String, _ what: String) throws(BusMessageError) {
        let result = sd_bus_message_enter_container(pointer, CChar(type.asciiValue!), contents)
        guard result > 0 else { throw .failed(result, reading: what) }
    }

    func exit(_ what: String) throws(BusMessageError) {
        let result = sd_bus_message_exit_container(pointer)
        guard result >= 0 else { throw .failed(result, reading: what) }
    }

    /// A basic value of D-Bus type `type`, as its Swift type.
    func readBasic<T>(_ type: Character, as _: T.Type, initial: T, _ what: String) throws(BusMessageError) -> T {
        var value = initial
        let result = sd_bus_message_read_basic(pointer, CChar(type.asciiValue!), &value)
        guard result > 0 else { throw .failed(result, reading: what) }
        return value
    }

    func readBytes(_ what: String) throws(BusMessageError) -> Data {
        var bytes: UnsafeRawPointer?
        var size = 0
        let result = sd_bus_message_read_array(pointer, CChar(UInt8(ascii: "y")), &bytes, &size)
        guard result >= 0 else { throw .failed(result, reading: what) }
        guard let bytes, size > 0 else { return Data() }
        return Data(bytes: bytes, count: size)
    }

    // MARK: Writing (sd-bus fails a write only when out of memory, or on a bug: both end the reply)

    func append(_ string: String) throws(BusMessageError) {
        try check(string.withCString { sd_bus_message_append_basic(pointer, CChar(UInt8(ascii: "s")), $0) })
    }

    func append(_ strings: [String]) throws(BusMessageError) {
        try open("a", "s")
        for string in strings { try append(string) }
        try close()
    }

    func appendBasic<T>(_ type: Character, _ value: T) throws(BusMessageError) {
        var value = value
        try check(sd_bus_message_append_basic(pointer, CChar(type.asciiValue!), &value))
    }

    func appendBytes(_ data: Data) throws(BusMessageError) {
        try check(data.withUnsafeBytes { sd_bus_message_append_array(pointer, CChar(UInt8(ascii: "y")), $0.baseAddress, $0.count) })
    }

    func open(_ type: Character, _ contents: String) throws(BusMessageError) {
        try check(sd_bus_message_open_container(pointer, CChar(type.asciiValue!), contents))
    }

    func close() throws(BusMessageError) {
        try check(sd_bus_message_close_container(pointer))
    }

    private func check(_ result: Int32) throws(BusMessageError) {
        guard result >= 0 else {
            throw BusMessageError(code: "org.freedesktop.DBus.Error.NoMemory", message: "cannot write the reply: \(String(cString: strerror(-result)))")
        }
    }
}
