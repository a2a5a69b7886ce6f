import Testing
import WidgetABI
import WidgetABIFields

/// `PeerStruct`, the Swift face of WK_HAS_FIELD: a field is there when the writer's
/// struct_size reaches its end, and nothing past struct_size is read.
@Suite struct PeerStructTests {
    /// A `wk_host_services_t` of `size` bytes, the rest of a whole struct's room poisoned.
    private func services(size: Int, body: (PeerStruct<wk_host_services_t>) throws -> Void) rethrows {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<wk_host_services_t>.size, alignment: MemoryLayout<wk_host_services_t>.alignment)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0xAB, count: MemoryLayout<wk_host_services_t>.size)
        raw.storeBytes(of: UInt32(size), as: UInt32.self)
        raw.storeBytes(of: wk_version_t(major: 1, minor: 0, patch: 0), toByteOffset: MemoryLayout<wk_host_services_t>.offset(of: \.abi_version)!, as: wk_version_t.self)
        try body(PeerStruct(raw.assumingMemoryBound(to: wk_host_services_t.self)))
    }

    @Test func aFieldIsThereWhenStructSizeReachesItsEnd() {
        let end = Int(wk_host_services_t.size(through: \.defaults_get))
        services(size: end) { table in
            #expect(table.has(\.defaults_get))
            #expect(!table.has(\.defaults_set))
        }
        services(size: end - 1) { table in
            #expect(!table.has(\.defaults_get))
            #expect(table[\.defaults_get] == nil)
        }
    }

    @Test func fieldsPastStructSizeReadAsAbsentNotAsTheBytesThere() {
        // 1.0's table: the 0xAB bytes after it would be a wild pointer if read.
        services(size: Int(wk_host_services_t.size(through: \.reload_all_timelines))) { table in
            #expect(table[\.abi_version]?.major == 1)
            #expect(table[present: \.group_container_path] == nil)
            #expect(table[present: \.defaults_remove] == nil)
        }
    }

    @Test func sizeThroughAFieldIsOffsetofPlusSizeof() {
        #expect(Int(wk_bundle_t.size(through: \.abi_version)) == 4 + 12)
        // 1.2's last field ends where 1.3 left the bundle, before 1.4's intents (x86_64/arm64 layout).
        #expect(Int(wk_bundle_t.size(through: \.sdk_version)) == 80)
        #expect(Int(wk_bundle_t.size(through: \.sandbox_flags)) == MemoryLayout<wk_bundle_t>.size)
        #expect(Int(wk_context_t.size(through: \.configuration_json)) == MemoryLayout<wk_context_t>.size)
        #expect(Int(wk_widget_t.size(through: \.entity_query)) == MemoryLayout<wk_widget_t>.size)
    }
}
