import CLibFuzzer
import Foundation
import WidgetHostCore
import WidgetIsolation

/// Feeds each input to `FrameCodec.Decoder` as the bytes of a worker channel, in chunks, and
/// decodes every whole frame's header as a `WorkerMessage` and as a `HostMessage`. A typed error
/// is fine; a crash, a hang or a decoder that loses or invents bytes (checked below) is a finding.
///
/// Input: byte 0 picks the chunk sizes and byte 1 the decoder's frame limit; the rest is the stream.
@main
enum FuzzFrames {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
            FrameHarness.run(input)
            return 0
        })
    }
}

enum FrameHarness {
    static func run(_ input: [UInt8]) {
        guard input.count >= 2 else { return }
        let chunkSeed = Int(input[0])
        // Mostly the real limit; sometimes a small one, to reach frameTooLarge with short inputs.
        let maximumFrameBytes = input[1] < 0x80 ? WorkerProtocol.maximumFrameBytes : Int(input[1] & 0x7f) * 8
        let stream = input[2...]
        var decoder = FrameCodec.Decoder(maximumFrameBytes: maximumFrameBytes)
        var offset = stream.startIndex
        var chunkIndex = 0
        var appended = 0
        var consumed = 0
        while offset < stream.endIndex {
            // Chunk sizes 1...16 cycling with the seed, or everything at once when the seed is 0.
            let chunk = chunkSeed == 0 ? stream.count : 1 + (chunkSeed &* (chunkIndex + 1)) % 16
            let end = min(offset + chunk, stream.endIndex)
            decoder.append(stream[offset..<end])
            appended += end - offset
            offset = end
            chunkIndex += 1
            while true {
                let frame: Frame?
                do {
                    frame = try decoder.next()
                } catch {
                    // The host kills the worker here: nothing more is read.
                    precondition(!error.description.isEmpty)
                    return
                }
                guard let frame else { break }
                let frameBytes = 8 + frame.header.count + frame.body.count
                precondition(frameBytes - 4 <= maximumFrameBytes, "a frame over the limit")
                precondition(frame.header.count <= WorkerProtocol.maximumHeaderBytes, "a header over the limit")
                consumed += frameBytes
                check(frame)
            }
            precondition(consumed + decoder.pendingBytes == appended,
                         "decoder lost or invented bytes: \(consumed) consumed + \(decoder.pendingBytes) pending != \(appended)")
        }
    }

    /// Decodes the header both ways; a message that decodes must survive a round trip.
    static func check(_ frame: Frame) {
        if let message = try? frame.message(as: WorkerMessage.self) { roundTrip(message, body: frame.body) }
        if let message = try? frame.message(as: HostMessage.self) { roundTrip(message, body: frame.body) }
    }

    static func roundTrip<Message: Codable & Equatable>(_ message: Message, body: [UInt8]) {
        let bytes: [UInt8]
        do {
            bytes = try FrameCodec.encode(message, body: body)
        } catch {
            preconditionFailure("cannot encode a message that decoded: \(message): \(error)")
        }
        var decoder = FrameCodec.Decoder()
        decoder.append(bytes)
        do {
            guard let frame = try decoder.next() else { preconditionFailure("re-encoded frame is incomplete") }
            precondition(decoder.pendingBytes == 0, "re-encoded frame has trailing bytes")
            precondition(frame.body == body, "body changed in a round trip")
            let again = try frame.message(as: Message.self)
            precondition(again == message, "message changed in a round trip: \(message) became \(again)")
        } catch {
            preconditionFailure("re-encoded message does not decode: \(message): \(error)")
        }
    }
}
