import Foundation
import WidgetPayload

/// Turns a name into a file inside one folder, refusing anything that could leave it:
/// absolute names, `..` components, and symlinks whose real path is outside the folder.
enum AssetLocator {
    enum Format: String, Sendable {
        case png, svg, jpeg, pdf

        /// The format an image's bytes announce (`ImageBytesFormat`, shared with the SDK). Never
        /// PDF: UIImage(data:) does not read PDF bytes on iOS either.
        init?(sniffing bytes: [UInt8]) {
            guard let format = ImageBytesFormat(sniffing: bytes) else { return nil }
            switch format {
            case .png: self = .png
            case .jpeg: self = .jpeg
            case .svg: self = .svg
            }
        }
    }

    struct Located: Sendable {
        var realPath: String
        var format: Format
        /// 2 for `name@2x.png`: its pixels are half a point.
        var pixelsPerPoint: Double
    }

    /// Checks the shape of a name before touching the disk.
    static func checkName(_ name: String) -> AssetError.Problem? {
        if name.isEmpty { return .emptyName }
        if name.hasPrefix("/") { return .absolutePath }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") { return .escapesFolder }
        if name.utf8.contains(0) { return .missing(searched: [name]) }
        return nil
    }

    /// The file names tried for `name`: itself when it has an image extension, otherwise
    /// `.png` (also `@2x`, `@3x`) and then `.svg`.
    static func candidates(for name: String) -> [String] {
        let lower = name.lowercased()
        if lower.hasSuffix(".png") || lower.hasSuffix(".svg") || lower.hasSuffix(".pdf") { return [name] }
        return ["\(name).png", "\(name)@2x.png", "\(name)@3x.png", "\(name).svg"]
    }

    static func locate(_ name: String, in folder: URL?) -> Result<Located, AssetError.Problem> {
        if let problem = checkName(name) { return .failure(problem) }
        let candidates = candidates(for: name)
        guard let folder, let root = realPath(folder.path) else { return .failure(.missing(searched: folder == nil ? [] : candidates)) }
        for candidate in candidates {
            switch resolve(candidate, under: root) {
            case .success(let path?):
                let lower = candidate.lowercased()
                let scale: Double = lower.hasSuffix("@3x.png") ? 3 : lower.hasSuffix("@2x.png") ? 2 : 1
                return .success(Located(realPath: path, format: format(ofFile: lower) ?? .png, pixelsPerPoint: scale))
            case .success(nil):
                continue
            case .failure(let problem):
                return .failure(problem)
            }
        }
        return .failure(.missing(searched: candidates))
    }

    /// The format a file's extension names: nil for one that is not an image's.
    static func format(ofFile name: String) -> Format? {
        switch (name as NSString).pathExtension.lowercased() {
        case "png": .png
        case "jpg", "jpeg": .jpeg
        case "svg": .svg
        case "pdf": .pdf
        default: nil
        }
    }

    /// The real path of `relative` under the real folder `root`: nil when there is no regular
    /// file there, `.escapesFolder` when its real path is outside `root`.
    static func resolve(_ relative: String, under root: String) -> Result<String?, AssetError.Problem> {
        guard let real = realPath(root + "/" + relative) else { return .success(nil) }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard real.hasPrefix(prefix) else { return .failure(.escapesFolder) }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .success(nil) }
        return .success(real)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The file's bytes, refusing files over `limit` before reading them whole.
    static func read(_ path: String, limit: Int) -> Result<[UInt8], AssetError.Problem> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(.unreadable(format: "file", reason: "cannot be opened"))
        }
        defer { try? handle.close() }
        do {
            let size = Int(try handle.seekToEnd())
            if size > limit { return .failure(.fileTooLarge(bytes: size, limit: limit)) }
            try handle.seek(toOffset: 0)
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            if data.count > limit { return .failure(.fileTooLarge(bytes: data.count, limit: limit)) }
            return .success([UInt8](data))
        } catch {
            return .failure(.unreadable(format: "file", reason: "\(error)"))
        }
    }
}
