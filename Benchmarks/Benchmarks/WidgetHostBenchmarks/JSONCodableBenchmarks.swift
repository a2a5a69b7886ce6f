import Benchmark
import Foundation
import TenEntryProvider
import WidgetHostCore
import WidgetIsolation
import WidgetPayload

/// The hand-written `Codable` (`JSONValueEncoder`/`JSONValueDecoder`, sdk/WidgetPayload/JSON)
/// against Foundation's `JSONEncoder`/`JSONDecoder` plus the strict `JSONReader`, on the two real
/// paths that use it: an entry's content encoded by the SDK (ten entries, a timeline's worth), and
/// a worker frame's header decoded by the host. Issue 18 asks whether it pays for itself.
func jsonCodableBenchmarks() {
    let entries = (0..<10).map { TenEntry(date: Date(timeIntervalSince1970: 1_767_225_600 + 60 * Double($0)), index: $0, title: "Entry \($0)") }
    let configuration = Benchmark.Configuration(timeUnits: .nanoseconds, warmupIterations: 100, maxDuration: .seconds(3), maxIterations: 20_000)

    let valueEncoder = JSONValueEncoder(dateEncodingStrategy: .iso8601)
    Benchmark("JSON entry content x10, JSONValueEncoder (the SDK's path)", configuration: configuration) { _ in
        for entry in entries { blackHole(try? valueEncoder.encode(entry)) }
    }
    let foundationEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
    let reader = JSONReader()
    Benchmark("JSON entry content x10, Foundation JSONEncoder + JSONReader", configuration: configuration) { _ in
        for entry in entries {
            let bytes = (try? foundationEncoder.encode(entry)).map { [UInt8]($0) } ?? []
            blackHole(try? reader.read(bytes))
        }
    }

    let request = WorkerCallRequest(id: 7, call: .timeline, kind: "TenEntryWidget", context: CallContext(family: .systemMedium, now: Date(timeIntervalSince1970: 1_767_225_600)))
    let header = (try? JSONEncoder().encode(HostMessage.call(request))).map { [UInt8]($0) } ?? []
    let valueDecoder = JSONValueDecoder()
    Benchmark("JSON frame header decode, JSONReader + JSONValueDecoder (the host's path)", configuration: configuration) { _ in
        blackHole(try? valueDecoder.decode(HostMessage.self, from: reader.read(header)))
    }
    // The same call as the worker reads it since Speed II's third pass: the header as the host
    // writes it, read by `HeaderScanner` without building a `JSONValue`.
    let written: Frame? = {
        var frames = FrameCodec.Decoder()
        frames.append((try? FrameCodec.encode(HostMessage.call(request))) ?? [])
        return (try? frames.next()) ?? nil
    }()
    Benchmark("JSON frame header decode, the exact reader (a call, as the worker reads it)", configuration: configuration) { _ in
        blackHole(try? written?.message(as: HostMessage.self))
    }
    let foundationDecoder = JSONDecoder()
    Benchmark("JSON frame header decode, Foundation JSONDecoder", configuration: configuration) { _ in
        blackHole(try? foundationDecoder.decode(HostMessage.self, from: Data(header)))
    }
}
