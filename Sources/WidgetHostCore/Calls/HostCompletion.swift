import WidgetABI

/// The `wk_completion_t` every call receives: one for the whole process, never freed, so a
/// bundle may keep the pointer (`completion.h`).
enum HostCompletion {
    private struct Table: @unchecked Sendable {
        // Unchecked: written once here and only read afterwards.
        let pointer: UnsafePointer<wk_completion_t>
    }

    private static let table: Table = {
        let table = UnsafeMutablePointer<wk_completion_t>.allocate(capacity: 1)
        table.initialize(to: wk_completion_t(
            struct_size: UInt32(MemoryLayout<wk_completion_t>.size),
            complete: { token, json, length in
                let payload = UnsafeRawBufferPointer(start: json, count: json == nil ? 0 : length)
                RequestTable.shared.complete(token, payload: payload)
            }))
        return Table(pointer: UnsafePointer(table))
    }()

    static var pointer: UnsafePointer<wk_completion_t> { table.pointer }
}
