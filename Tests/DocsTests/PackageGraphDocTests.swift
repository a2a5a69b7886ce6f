import Foundation
import Testing

/// docs/layout.md's package graph and its table of test targets are the packages' own, as
/// `swift package describe --type json` reports them (issue 41: the graph had missed WidgetHome,
/// the desktop's targets, AppGroupFoundation, SwiftUICore and the generators).
///
/// The graph is one fenced block typed `graph` per package, its first line `# MANIFEST: …`
/// naming the package's manifest (`Package.swift`, `sdk/Package.swift`). In it, each line is
///
///     Target -> Dependency, Dependency + Product, Product   # comment
///
/// where the dependencies are targets of the same package and the products come from other
/// packages (`->` or `+` and what follows may be absent). A line starting with spaces goes on
/// with the line above; `#` starts a comment. Each target of the package must have exactly one
/// line, with exactly its direct target dependencies (plugins a target uses count, as
/// `describe` counts them) and exactly its product dependencies, in any order; a line for a
/// target that does not exist, or naming a dependency the target does not have, fails too.
///
/// The table under "The test targets" names every target of type `test` of Package.swift, and
/// nothing else.
@Suite("Docs: layout.md's package graph is the packages'")
struct PackageGraphDocTests {
    static let layoutPage = "docs/layout.md"
    /// The manifests the graph covers, by their path from the package root.
    static let manifests = ["sdk/Package.swift", "Package.swift"]

    /// What `swift package describe --type json` says of one package, as far as the graph goes.
    struct DescribedPackage: Decodable, Sendable {
        struct Target: Decodable, Sendable {
            let name: String
            let type: String
            let target_dependencies: [String]?
            let product_dependencies: [String]?
        }
        let name: String
        let targets: [Target]
    }

    /// One target's line in the graph.
    struct Entry: Sendable {
        let line: Int
        let target: String
        let dependencies: [String]
        let products: [String]

        /// The line the graph should hold for a target, from the package's description.
        static func text(_ target: DescribedPackage.Target) -> String {
            var text = target.name
            if let dependencies = target.target_dependencies, !dependencies.isEmpty {
                text += " -> " + dependencies.joined(separator: ", ")
            }
            if let products = target.product_dependencies, !products.isEmpty {
                text += " + " + products.joined(separator: ", ")
            }
            return text
        }
    }

    /// One `graph` block: the manifest its first line names, its entries, and lines it could not read.
    struct Graph: Sendable {
        let manifest: String
        let line: Int
        var entries: [Entry] = []
        var problems: [String] = []
    }

    /// Every `graph` block of `document`, by the format above.
    static func graphs(in document: MarkdownDocument) -> [Graph] {
        var graphs: [Graph] = []
        for block in document.codeBlocks where block.type == "graph" {
            guard let first = block.lines.first,
                  let manifest = first.text.firstMatch(of: /^#\s*(\S+\.swift):/)?.1 else {
                let line = block.lines.first?.number ?? 0
                var graph = Graph(manifest: "", line: line)
                graph.problems.append("\(document.name):\(line): a graph block must start with `# MANIFEST: …` naming its package's manifest")
                graphs.append(graph)
                continue
            }
            var graph = Graph(manifest: String(manifest), line: first.number)
            // Logical lines: (first line number, text without comments), continuations joined.
            var logical: [(number: Int, text: String)] = []
            for (number, raw) in block.lines.dropFirst() {
                let text = String(raw.prefix { $0 != "#" })
                if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                if text.first == " " {
                    guard !logical.isEmpty else {
                        graph.problems.append("\(document.name):\(number): a continuation line with no target line above it")
                        continue
                    }
                    logical[logical.count - 1].text += " " + text
                } else {
                    logical.append((number, text))
                }
            }
            for (number, text) in logical {
                let halves = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
                let sides = halves[0].split(separator: "->", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let names = { (list: String) in
                    list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                }
                let target = sides[0].trimmingCharacters(in: .whitespaces)
                guard !target.isEmpty, !target.contains(" ") else {
                    graph.problems.append("\(document.name):\(number): `\(text.trimmingCharacters(in: .whitespaces))` does not start with one target's name")
                    continue
                }
                graph.entries.append(Entry(
                    line: number, target: target,
                    dependencies: sides.count > 1 ? names(sides[1]) : [],
                    products: halves.count > 1 ? names(String(halves[1])) : []))
            }
            graphs.append(graph)
        }
        return graphs
    }

    /// What is wrong with `graph` as the graph of the package `package` describes: each a
    /// message naming the file and line to fix.
    static func differences(_ graph: Graph, _ package: DescribedPackage, page: String = layoutPage) -> [String] {
        var problems = graph.problems
        let targets = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: [String: Int] = [:]
        for entry in graph.entries {
            if let earlier = seen[entry.target] {
                problems.append("\(page):\(entry.line): \(entry.target) has a line already (line \(earlier)); keep one")
                continue
            }
            seen[entry.target] = entry.line
            guard let target = targets[entry.target] else {
                problems.append("\(page):\(entry.line): \(entry.target) is no target of \(graph.manifest); remove its line or correct the name")
                continue
            }
            let dependencies = Set(target.target_dependencies ?? []), listed = Set(entry.dependencies)
            for missing in dependencies.subtracting(listed).sorted() {
                problems.append("\(page):\(entry.line): \(entry.target) depends on \(missing) in \(graph.manifest); add it after `->`")
            }
            for extra in listed.subtracting(dependencies).sorted() {
                let what = targets[extra] == nil ? "no target of \(graph.manifest)" : "not a dependency of \(entry.target)"
                problems.append("\(page):\(entry.line): \(entry.target) -> \(extra): \(extra) is \(what); remove it")
            }
            let products = Set(target.product_dependencies ?? []), listedProducts = Set(entry.products)
            for missing in products.subtracting(listedProducts).sorted() {
                problems.append("\(page):\(entry.line): \(entry.target) uses the product \(missing) in \(graph.manifest); add it after `+`")
            }
            for extra in listedProducts.subtracting(products).sorted() {
                problems.append("\(page):\(entry.line): \(entry.target) + \(extra): \(entry.target) uses no product \(extra); remove it")
            }
        }
        for target in package.targets where seen[target.name] == nil {
            problems.append("\(page):\(graph.line): the graph of \(graph.manifest) misses the target \(target.name) (\(target.type)); add the line `\(Entry.text(target))`")
        }
        return problems
    }

    /// The names in the first column of the test targets' table.
    static func testTable(in document: MarkdownDocument) -> [(line: Int, name: String)] {
        guard let header = document.lines.firstIndex(where: { $0.hasPrefix("| target | what it tests |") }) else { return [] }
        var rows: [(line: Int, name: String)] = []
        for index in (header + 2)..<document.lines.count {
            let line = document.lines[index]
            guard line.hasPrefix("|") else { break }
            rows.append((index + 1, line.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)))
        }
        return rows
    }

    // MARK: The packages, described by SwiftPM

    /// Each package described once per test run, on first use.
    static let descriptions: [String: Result<DescribedPackage, DescribeFailure>] = Dictionary(uniqueKeysWithValues: manifests.map { manifest in
        (manifest, Result { try describe(manifestFolder(manifest)) }.mapError { $0 as? DescribeFailure ?? DescribeFailure(description: "\($0)") })
    })

    static func manifestFolder(_ manifest: String) -> URL {
        let folder = (manifest as NSString).deletingLastPathComponent
        return folder.isEmpty ? DocsTests.packageRoot : DocsTests.packageRoot.appendingPathComponent(folder)
    }

    static func description(_ manifest: String) async throws -> DescribedPackage {
        try await onOwnThread { try descriptions[manifest]!.get() }
    }

    struct DescribeFailure: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// `swift package describe --type json` on the package in `folder`. With `--ignore-lock`: under
    /// `swift test`, SwiftPM holds the build folder's lock for the whole run, and describe (which
    /// only reads the manifests and the resolved dependencies) would wait for it for ever.
    static func describe(_ folder: URL) throws -> DescribedPackage {
        guard let swift = swiftExecutable() else {
            throw DescribeFailure(description: "no `swift` on PATH, nor beside the Swift runtime this test runs on; put the toolchain's bin folder on PATH")
        }
        var run = try runProcess(swift, ["package", "--package-path", folder.path, "--ignore-lock", "describe", "--type", "json"])
        if run.status != 0, run.standardError.contains("--ignore-lock") {
            run = try runProcess(swift, ["package", "--package-path", folder.path, "describe", "--type", "json"])
        }
        guard run.status == 0 else {
            throw DescribeFailure(description: "`\(swift.path) package describe` in \(folder.path) exited with \(run.status): \(run.standardError)")
        }
        return try JSONDecoder().decode(DescribedPackage.self, from: run.standardOutput)
    }

    /// `swift` on PATH, else the one of the toolchain whose runtime runs this test
    /// (`<toolchain>/usr/lib/swift/linux/libswiftCore.so` → `<toolchain>/usr/bin/swift`).
    static func swiftExecutable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        // This process's own mappings name the runtime's file.
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
              let runtime = maps.split(separator: "\n").lazy.compactMap({ $0.firstMatch(of: /\s(\/\S*\/libswiftCore\.so)$/)?.1 }).first
        else { return nil }
        let candidate = URL(fileURLWithPath: String(runtime)).resolvingSymlinksInPath()
            .deletingLastPathComponent()  // linux
            .deletingLastPathComponent()  // swift
            .deletingLastPathComponent()  // lib
            .appendingPathComponent("bin/swift")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Runs `executable` to its end (killed after two minutes) and returns what it printed.
    static func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, standardOutput: Data, standardError: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = DocsTests.packageRoot
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let killer = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: killer)
        let errorText = ErrorText()
        let readingErrors = Thread { errorText.set(error.fileHandleForReading.readDataToEndOfFile()) }
        readingErrors.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        return (process.terminationStatus, data, errorText.wait())
    }

    /// Standard error, read on a thread of its own so that neither pipe fills.
    final class ErrorText: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()  // written once, before `done` is signalled
        func set(_ data: Data) {
            self.data = data
            done.signal()
        }
        func wait() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Blocking work (a child process) on a thread of its own, not on the cooperative pool.
    static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    // MARK: Tests

    @Test("layout.md's graph of each package names every target, with exactly its dependencies", arguments: manifests)
    func graphMatchesThePackage(manifest: String) async throws {
        let package = try await Self.description(manifest)
        // A description with no targets would pass vacuously.
        try #require(package.targets.count > 10, "\(manifest): swift package describe listed \(package.targets.map(\.name))")
        let document = try DocsTests.document(Self.layoutPage)
        let graphs = Self.graphs(in: document).filter { $0.manifest == manifest }
        try #require(graphs.count == 1, "\(Self.layoutPage) has \(graphs.count) `graph` blocks for \(manifest); it needs one, its first line `# \(manifest): …`")
        for problem in Self.differences(graphs[0], package) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test("layout.md's graph blocks each name a package the graph covers")
    func everyGraphBlockIsAPackage() throws {
        let graphs = Self.graphs(in: try DocsTests.document(Self.layoutPage))
        for graph in graphs where !Self.manifests.contains(graph.manifest) {
            Issue.record(Comment(rawValue: "\(Self.layoutPage):\(graph.line): a graph of `\(graph.manifest)`, which is none of \(Self.manifests)"))
        }
    }

    @Test("layout.md's table of test targets names every test target, and only those")
    func testTableMatchesThePackage() async throws {
        let package = try await Self.description("Package.swift")
        let testTargets = Set(package.targets.filter { $0.type == "test" }.map(\.name))
        try #require(testTargets.count > 5, "swift package describe listed no test targets: \(package.targets.map(\.name))")
        let rows = Self.testTable(in: try DocsTests.document(Self.layoutPage))
        try #require(!rows.isEmpty, "\(Self.layoutPage): no table headed `| target | what it tests |`")
        for name in testTargets.subtracting(rows.map(\.name)).sorted() {
            Issue.record(Comment(rawValue: "\(Self.layoutPage):\(rows.last!.line + 1): the table of test targets misses \(name); add its row"))
        }
        for row in rows where !testTargets.contains(row.name) {
            Issue.record(Comment(rawValue: "\(Self.layoutPage):\(row.line): \(row.name) is no test target of Package.swift"))
        }
    }

    /// The reading and the comparison on a made-up graph and package.
    @Test("A missing target, a missing or wrong dependency and an unknown name are each caught")
    func theComparisonCatchesDrift() {
        let page = MarkdownDocument(name: "made-up.md", text: """
            ```graph
            # Package.swift: made up
            A -> B + Logging   # a comment
            B
            C -> A, Gone,
                 B
            Ghost
            ```
            """)
        let graphs = Self.graphs(in: page)
        #expect(graphs.map(\.manifest) == ["Package.swift"])
        #expect(graphs.first?.entries.map(\.target) == ["A", "B", "C", "Ghost"])
        #expect(graphs.first?.entries.map(\.dependencies) == [["B"], [], ["A", "Gone", "B"], []])
        #expect(graphs.first?.entries.first?.products == ["Logging"])
        let package = DescribedPackage(name: "made-up", targets: [
            .init(name: "A", type: "library", target_dependencies: ["B"], product_dependencies: ["Logging"]),
            .init(name: "B", type: "library", target_dependencies: ["D"], product_dependencies: nil),
            .init(name: "C", type: "executable", target_dependencies: ["A", "B"], product_dependencies: ["NIOCore"]),
            .init(name: "D", type: "system-target", target_dependencies: nil, product_dependencies: nil),
        ])
        let problems = Self.differences(graphs[0], package, page: "made-up.md")
        #expect(problems == [
            "made-up.md:4: B depends on D in Package.swift; add it after `->`",
            "made-up.md:5: C -> Gone: Gone is no target of Package.swift; remove it",
            "made-up.md:5: C uses the product NIOCore in Package.swift; add it after `+`",
            "made-up.md:7: Ghost is no target of Package.swift; remove its line or correct the name",
            "made-up.md:2: the graph of Package.swift misses the target D (system-target); add the line `D`",
        ], "\(problems)")
    }
}
