import Foundation
import WidgetHostCore

/// Reads a file's ELF header and dynamic symbol table without loading it, so that the
/// `entry-symbol` check runs no code of the bundle.
///
/// Handles 32- and 64-bit, little- and big-endian files. A file without section headers (fully
/// stripped of them) cannot be read this way: the result is `.unreadable`, and the validator
/// falls back on what the loader says.
enum ELFSymbolReader {
    enum Finding: Sendable, Hashable {
        /// The file does not start with the ELF magic number.
        case notELF
        /// An ELF file, but not a shared object (`e_type` is not ET_DYN).
        case notSharedObject(type: UInt16)
        /// The symbol is defined and exported: global or weak, default or protected visibility.
        case exported(isFunction: Bool)
        /// The symbol is not in the dynamic symbol table, or only as an undefined reference.
        case missing
        /// Present and defined, but local or hidden: `dlsym` will not find it.
        case notExported
        /// The symbol table could not be read; the loader decides.
        case unreadable(String)
    }

    static func inspect(_ path: String, symbol name: String) -> Finding {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            return .unreadable("cannot read the file")
        }
        return data.withUnsafeBytes { bytes in inspect(bytes, symbol: name) }
    }

    static func inspect(_ bytes: UnsafeRawBufferPointer, symbol name: String) -> Finding {
        guard bytes.count >= 16, Array(bytes[0..<4]) == [0x7F, 0x45, 0x4C, 0x46] else { return .notELF }
        let is64: Bool
        switch bytes[4] {
        case 1: is64 = false
        case 2: is64 = true
        default: return .unreadable("unknown ELF class \(bytes[4])")
        }
        let reader: Reader
        switch bytes[5] {
        case 1: reader = Reader(bytes: bytes, bigEndian: false)
        case 2: reader = Reader(bytes: bytes, bigEndian: true)
        default: return .unreadable("unknown ELF byte order \(bytes[5])")
        }
        do {
            return try symbolTable(reader, is64: is64, symbol: name)
        } catch {
            return .unreadable(error.reason)
        }
    }

    private static let sectionTypeDynamicSymbols: UInt32 = 11
    private static let sharedObjectType: UInt16 = 3

    private static func symbolTable(_ file: Reader, is64: Bool, symbol name: String) throws(ReadError) -> Finding {
        let type = try file.u16(at: 16)
        guard type == sharedObjectType else { return .notSharedObject(type: type) }
        let sectionsOffset = is64 ? try file.u64(at: 0x28) : UInt64(try file.u32(at: 0x20))
        let sectionSize = UInt64(try file.u16(at: is64 ? 0x3A : 0x2E))
        let sectionCount = UInt64(try file.u16(at: is64 ? 0x3C : 0x30))
        guard sectionsOffset != 0, sectionCount != 0 else { throw ReadError("the file has no section headers") }
        guard sectionSize >= (is64 ? 64 : 40) else { throw ReadError("its section headers are \(sectionSize) bytes, too small") }

        struct Section {
            let type: UInt32
            let offset: UInt64
            let size: UInt64
            let link: UInt32
            let entrySize: UInt64
        }
        func section(_ index: UInt64) throws(ReadError) -> Section {
            let base = try offset(sectionsOffset, plus: index, times: sectionSize)
            if is64 {
                return Section(
                    type: try file.u32(at: base + 4), offset: try file.u64(at: base + 0x18), size: try file.u64(at: base + 0x20),
                    link: try file.u32(at: base + 0x28), entrySize: try file.u64(at: base + 0x38))
            }
            return Section(
                type: try file.u32(at: base + 4), offset: UInt64(try file.u32(at: base + 0x10)), size: UInt64(try file.u32(at: base + 0x14)),
                link: try file.u32(at: base + 0x18), entrySize: UInt64(try file.u32(at: base + 0x24)))
        }

        var dynamicSymbols: Section?
        for index in 0..<sectionCount {
            let candidate = try section(index)
            if candidate.type == sectionTypeDynamicSymbols { dynamicSymbols = candidate; break }
        }
        guard let symbols = dynamicSymbols else { return .missing }
        guard UInt64(symbols.link) < sectionCount else { throw ReadError("the dynamic symbol table links to no string table") }
        let strings = try section(UInt64(symbols.link))
        let symbolSize = symbols.entrySize == 0 ? (is64 ? 24 : 16) : symbols.entrySize
        guard symbolSize >= (is64 ? 24 : 16) else { throw ReadError("its symbols are \(symbolSize) bytes, too small") }

        var foundLocal = false
        for index in 0..<(symbols.size / symbolSize) {
            let base = try offset(symbols.offset, plus: index, times: symbolSize)
            let nameOffset = try file.u32(at: base)
            let info = try file.u8(at: base + (is64 ? 4 : 12))
            let other = try file.u8(at: base + (is64 ? 5 : 13))
            let sectionIndex = try file.u16(at: base + (is64 ? 6 : 14))
            guard UInt64(nameOffset) < strings.size,
                  try file.string(at: strings.offset + UInt64(nameOffset), limit: strings.offset + strings.size) == name
            else { continue }
            guard sectionIndex != 0 else { continue }  // SHN_UNDEF: a reference, not a definition
            let binding = info >> 4, symbolType = info & 0xF, visibility = other & 0x3
            // STB_GLOBAL 1, STB_WEAK 2, STB_GNU_UNIQUE 10; STV_DEFAULT 0, STV_PROTECTED 3.
            if [1, 2, 10].contains(binding) && (visibility == 0 || visibility == 3) {
                return .exported(isFunction: symbolType == 2 || symbolType == 10)  // STT_FUNC, STT_GNU_IFUNC
            }
            foundLocal = true
        }
        return foundLocal ? .notExported : .missing
    }

    private static func offset(_ base: UInt64, plus index: UInt64, times size: UInt64) throws(ReadError) -> UInt64 {
        let (scaled, overflow1) = index.multipliedReportingOverflow(by: size)
        let (sum, overflow2) = base.addingReportingOverflow(scaled)
        guard !overflow1, !overflow2 else { throw ReadError("an offset overflows") }
        return sum
    }

    struct ReadError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Bounds-checked reads of a mapped file.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let bigEndian: Bool

        private func bytes(at offset: UInt64, count: Int) throws(ReadError) -> UnsafeRawBufferPointer.SubSequence {
            guard offset <= UInt64(bytes.count), UInt64(bytes.count) - offset >= UInt64(count) else {
                throw ReadError("the file is truncated (a header points past its end)")
            }
            let start = Int(offset)
            return bytes[start..<(start + count)]
        }

        private func integer(at offset: UInt64, count: Int) throws(ReadError) -> UInt64 {
            let slice = try bytes(at: offset, count: count)
            let ordered = bigEndian ? Array(slice) : Array(slice.reversed())
            return ordered.reduce(0) { ($0 << 8) | UInt64($1) }
        }

        func u8(at offset: UInt64) throws(ReadError) -> UInt8 { UInt8(try integer(at: offset, count: 1)) }
        func u16(at offset: UInt64) throws(ReadError) -> UInt16 { UInt16(try integer(at: offset, count: 2)) }
        func u32(at offset: UInt64) throws(ReadError) -> UInt32 { UInt32(try integer(at: offset, count: 4)) }
        func u64(at offset: UInt64) throws(ReadError) -> UInt64 { try integer(at: offset, count: 8) }

        /// The NUL-terminated string at `offset`, read no further than `limit`.
        func string(at offset: UInt64, limit: UInt64) throws(ReadError) -> String {
            let end = min(limit, UInt64(bytes.count))
            guard offset < end else { throw ReadError("a symbol name points past its string table") }
            var cursor = Int(offset)
            while cursor < Int(end), bytes[cursor] != 0 { cursor += 1 }
            return String(decoding: bytes[Int(offset)..<cursor], as: UTF8.self)
        }
    }
}
