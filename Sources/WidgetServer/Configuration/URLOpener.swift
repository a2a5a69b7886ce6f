import Foundation
import WidgetHostJSON

/// Runs the open-url command for one URL, as a process of its own, without a shell.
///
/// It never blocks its caller for long and never fails loudly: a missing program, one that
/// cannot be started or one that fails at once is an `URLOpening` with `opened == false` and the
/// reason, so a daemon keeps running and its client can show the URL instead. It waits only
/// `grace` for the command to fail early (`xdg-open` exits 3 or 4 when nothing handles the URL,
/// within milliseconds); a command still running then (a browser started directly) has opened
/// the URL, and is left to run; it is reaped whenever it exits (`DetachedCommand`).
public struct URLOpener: Sendable {
    public let command: OpenURLCommand
    public var grace: Duration

    public init(command: OpenURLCommand, grace: Duration = .milliseconds(500)) {
        self.command = command
        self.grace = grace
    }

    public func open(_ url: String) async -> URLOpening {
        guard let invocation = command.invocation(for: url) else {
            return URLOpening(url: url, opened: false, command: nil, reason: "the open-url command is none: the URL is only shown")
        }
        let program = invocation[0]
        guard let executable = Self.executable(named: program) else {
            return URLOpening(url: url, opened: false, command: invocation,
                              reason: "\(program) was not found\(program.contains("/") ? "" : " on PATH") or is not executable; install it or pass --open-url-command")
        }
        let command: DetachedCommand
        do {
            command = try DetachedCommand(executable: executable.path, arguments: Array(invocation.dropFirst()))
        } catch {
            return URLOpening(url: url, opened: false, command: invocation, reason: "\(program) could not be started: \(error.localizedDescription)")
        }
        let grace = self.grace
        let early = await withTaskGroup(of: DetachedCommand.Ending?.self) { group in
            group.addTask {
                for await ending in command.ending { return ending }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: grace)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch early {
        case nil, .exited(0)?:
            return URLOpening(url: url, opened: true, command: invocation, reason: nil)
        case .exited(let status)?:
            return URLOpening(url: url, opened: false, command: invocation, reason: "\(program) exited with status \(status): nothing may handle this URL")
        case .signaled(let signal)?:
            return URLOpening(url: url, opened: false, command: invocation, reason: "\(program) was killed by signal \(signal)")
        }
    }

    /// The program's file: `name` itself when it has a slash, else the first executable of that
    /// name on PATH (as a shell would find it, without one).
    static func executable(named name: String) -> URL? {
        let files = FileManager.default
        if name.contains("/") { return files.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            var isFolder: ObjCBool = false
            if files.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue, files.isExecutableFile(atPath: candidate) {
                return URL(fileURLWithPath: candidate)
            }
        }
        return nil
    }
}

/// What became of one URL: `{"url", "opened", "command", "reason"}` in the API.
public struct URLOpening: Sendable, Hashable, Encodable {
    public let url: String
    /// The command started and did not fail at once.
    public let opened: Bool
    /// The program and arguments run (the URL last); null when the command is `none`.
    @ExplicitNull public internal(set) var command: [String]?
    /// Why the URL was not opened; null when it was.
    @ExplicitNull public internal(set) var reason: String?
}
