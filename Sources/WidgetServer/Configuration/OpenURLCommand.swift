/// The command that opens a widget's URL (`--open-url-command`): its words, with the URL
/// appended as the last argument; or `none`, which opens nothing and leaves the URL to be shown.
///
/// The option's text is split on whitespace, without quoting or a shell: `xdg-open`,
/// `firefox --new-tab`, `/usr/bin/gio open`. A word cannot contain a space; a command that needs
/// one is a small script. No shell means a URL can never become shell syntax.
public struct OpenURLCommand: Sendable, Hashable, CustomStringConvertible {
    /// The program and its first arguments; empty for `none`.
    public let words: [String]

    /// freedesktop.org's opener: the user's browser or the app registered for the URL's scheme.
    public static let standard = OpenURLCommand(words: ["xdg-open"])
    public static let none = OpenURLCommand(words: [])

    public init(words: [String]) {
        self.words = words
    }

    /// Reads the option's text: `none`, or the command's words separated by whitespace.
    public init(parsing text: String, option: String = "--open-url-command") throws(OpenURLCommandError) {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if words == ["none"] {
            self = .none
            return
        }
        guard !words.isEmpty else { throw .empty(option: option) }
        self.init(words: words)
    }

    public var isNone: Bool { words.isEmpty }

    /// The program's arguments with `url` last; nil for `none`.
    public func invocation(for url: String) -> [String]? {
        isNone ? nil : words + [url]
    }

    public var description: String { isNone ? "none" : words.joined(separator: " ") }
}

/// An `--open-url-command` that cannot be used.
public enum OpenURLCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty(option: String)

    public var description: String {
        switch self {
        case .empty(let option):
            "\(option) is empty: give a command such as xdg-open (the URL is appended as its last argument), or none to only show URLs"
        }
    }
}
