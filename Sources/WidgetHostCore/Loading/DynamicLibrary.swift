#if canImport(Glibc)
import Glibc
#endif

/// A shared object opened for good: `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE`, never closed.
///
/// Never `dlclose` a Swift `.so`: the Swift runtime keeps pointers into it, and the next dynamic
/// cast after unmapping crashes. Loading new code means a new process.
struct DynamicLibrary: @unchecked Sendable {
    // Unchecked: the handle is only passed to dlsym, which is thread-safe.
    private let handle: UnsafeMutableRawPointer

    /// Opens the file; the error is dlerror's text.
    static func open(_ path: String) -> Result<DynamicLibrary, DynamicLibraryError> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            return .failure(DynamicLibraryError(message: lastError()))
        }
        return .success(DynamicLibrary(handle: handle))
    }

    func symbol(named name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}

struct DynamicLibraryError: Error {
    let message: String
}

/// Whether a file starts with the ELF magic number, to tell "not a shared object at all" from
/// "a shared object the loader refused".
func fileIsELF(_ path: String) -> Bool {
    guard let file = fopen(path, "rb") else { return false }
    defer { fclose(file) }
    var magic = [UInt8](repeating: 0, count: 4)
    return fread(&magic, 1, 4, file) == 4 && magic == [0x7F, 0x45, 0x4C, 0x46]
}
