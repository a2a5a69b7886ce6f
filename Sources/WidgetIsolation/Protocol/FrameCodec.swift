import Foundation
import WidgetPayload
import WidgetHostCore

/// One message on the channel: its JSON header and, for a provider's answer, the payload.
public struct Frame: Sendable, Hashable {
    public let header: [UInt8]
    public let body: [UInt8]

    /// The header decoded as `Message`.
    public func message<Message: Decodable>(as type: Message.Type) throws(WorkerProtocolError) -> Message {
        let handWritten = Message.self as? any FrameHeaderCoding.Type
        if let message = handWritten?.readExactly(header) { return message as! Message }
        do {
            let value = try JSONReader().read(header)
            if let message = try handWritten?.readHandWritten(value) { return message as! Message }
            return try JSONValueDecoder.roundTrip.decode(Message.self, from: value)
        } catch let error as WorkerProtocolError {
            throw error
        } catch {
            throw .malformedHeader(detail: String(describing: error))
        }
    }
}

/// Length-prefixed framing: `u32 frame length` then, inside the frame, `u32 header length`, the
/// header, and the body; integers little-endian. Lengths are checked before anything is
/// allocated, so a corrupt or hostile stream costs at most `maximumFrameBytes`.
///
/// The header is written and read by hand (`JSONValueEncoder.roundTrip` and `JSONWriter`,
/// `JSONReader` and `JSONValueDecoder.roundTrip`): Foundation's JSON coders cost more than the
/// rest of a call's round trip. A call and its result skip `Codable` too (`FrameHeaderCoding`).
public enum FrameCodec {
    /// The bytes of one frame carrying `message`.
    public static func encode<Message: Encodable>(_ message: Message, body: [UInt8] = []) throws -> [UInt8] {
        var writer = JSONWriter()
        if try (message as? any FrameHeaderCoding)?.writeHandWrittenHeader(to: &writer) != true {
            try writer.write(JSONValueEncoder.roundTrip.encode(message))
        }
        let header = writer.bytes
        let frameLength = 4 + header.count + body.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + frameLength)
        append(UInt32(frameLength), to: &bytes)
        append(UInt32(header.count), to: &bytes)
        bytes += header
        bytes += body
        return bytes
    }

    /// Splits a byte stream into frames as its bytes arrive.
    public struct Decoder: Sendable {
        private var buffer: [UInt8] = []
        private var start = 0
        public let maximumFrameBytes: Int

        public init(maximumFrameBytes: Int = WorkerProtocol.maximumFrameBytes) {
            self.maximumFrameBytes = maximumFrameBytes
        }

        public mutating func append(_ bytes: some Collection<UInt8>) {
            // Drop what earlier frames consumed before growing, so the buffer holds at most one
            // frame plus one read, even when every read ends partway into the next frame.
            if start > 0 {
                buffer.removeSubrange(..<start)
                start = 0
            }
            buffer.append(contentsOf: bytes)
        }

        /// The next whole frame, or nil until more bytes arrive.
        public mutating func next() throws(WorkerProtocolError) -> Frame? {
            let available = buffer.count - start
            guard available >= 4 else { return nil }
            let frameLength = Int(FrameCodec.readUInt32(buffer, at: start))
            guard frameLength <= maximumFrameBytes else {
                throw .frameTooLarge(bytes: frameLength, limit: maximumFrameBytes)
            }
            guard frameLength >= 4 else { throw .headerOutOfBounds(headerBytes: 0, frameBytes: frameLength) }
            guard available >= 4 + frameLength else { return nil }
            let headerLength = Int(FrameCodec.readUInt32(buffer, at: start + 4))
            guard headerLength <= frameLength - 4, headerLength <= WorkerProtocol.maximumHeaderBytes else {
                throw .headerOutOfBounds(headerBytes: headerLength, frameBytes: frameLength)
            }
            let headerStart = start + 8
            let bodyStart = headerStart + headerLength
            let end = start + 4 + frameLength
            let frame = Frame(header: Array(buffer[headerStart..<bodyStart]), body: Array(buffer[bodyStart..<end]))
            start = end
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
                start = 0
            }
            return frame
        }

        /// Bytes received that do not yet make a whole frame.
        public var pendingBytes: Int { buffer.count - start }

        /// Bytes held, consumed ones included: what the decoder costs in memory.
        var bufferedBytes: Int { buffer.count }
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
