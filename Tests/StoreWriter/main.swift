// store-writer: a separate process writing to the shared store, for the concurrency and
// crash tests of WidgetStoreTests.
//
//     store-writer --data-dir DIR --group GROUP --writer ID --count N [--batch K] [--value-bytes B]
//
// Single mode (no --batch): writes key `w<ID>-<i>` = .int(ID * 1_000_000 + i) for i in 0..<N,
// one `SharedDefaults.set` each, and prints `ack w<ID>-<i>` once the write has returned.
//
// Batch mode (--batch K): for b in 0..<N, prints `begin batch <b>`, writes the K keys
// `w<ID>-b<b>-k<j>` in one `SharedDefaults.setValues` transaction, each a .data blob of B bytes
// (default 64 KiB) made by `BatchBlob.bytes`, then prints `ack batch <b>`.
//
// Every line is flushed as soon as it is written: stdout is a pipe to the test. Errors go to
// stderr with a non-zero exit status.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import WidgetApp

struct Options {
    var dataDirectory = ""
    var group = ""
    var writer = -1
    var count = -1
    var batch: Int?
    var valueBytes = 64 * 1024

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func integer(_ flag: String, _ text: String) throws(UsageError) -> Int {
            guard let value = Int(text), value >= 0 else { throw UsageError("\(flag) takes a non-negative integer, not '\(text)'") }
            return value
        }
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--data-dir": options.dataDirectory = value
            case "--group": options.group = value
            case "--writer": options.writer = try integer(flag, value)
            case "--count": options.count = try integer(flag, value)
            case "--batch":
                let size = try integer(flag, value)
                guard size > 0 else { throw UsageError("--batch must be at least 1") }
                options.batch = size
            case "--value-bytes":
                let size = try integer(flag, value)
                guard size >= BatchBlob.headerSize else { throw UsageError("--value-bytes must be at least \(BatchBlob.headerSize)") }
                options.valueBytes = size
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
        if options.dataDirectory.isEmpty { throw UsageError("--data-dir is required") }
        if options.group.isEmpty { throw UsageError("--group is required") }
        if options.writer < 0 { throw UsageError("--writer is required") }
        if options.count < 0 { throw UsageError("--count is required") }
        return options
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes a whole line to a file descriptor at once, retrying short writes and EINTR.
func emit(_ line: String, to descriptor: Int32) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            exit(3)  // The test closed the pipe: nobody is left to tell.
        }
        offset += written
    }
}

func fail(_ message: String, status: Int32) -> Never {
    emit("store-writer: \(message)", to: 2)
    exit(status)
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error)\nusage: store-writer --data-dir DIR --group GROUP --writer ID --count N [--batch K] [--value-bytes B]", status: 64)
}

let defaults = SharedDefaults(
    suiteName: options.group,
    location: StoreLocation(directory: URL(fileURLWithPath: options.dataDirectory), origin: .option))

do throws(DefaultsError) {
    if let batchSize = options.batch {
        for batch in 0..<options.count {
            var values: [String: StoredValue?] = [:]
            for index in 0..<batchSize {
                values[BatchBlob.key(writer: options.writer, batch: batch, index: index)] =
                    .data(BatchBlob.bytes(writer: options.writer, batch: batch, index: index, size: options.valueBytes))
            }
            emit("begin batch \(batch)", to: 1)
            try defaults.setValues(values)
            emit("ack batch \(batch)", to: 1)
        }
    } else {
        for index in 0..<options.count {
            let key = "w\(options.writer)-\(index)"
            try defaults.set(options.writer * 1_000_000 + index, forKey: key)
            emit("ack \(key)", to: 1)
        }
    }
} catch {
    fail("\(error)", status: 1)
}
