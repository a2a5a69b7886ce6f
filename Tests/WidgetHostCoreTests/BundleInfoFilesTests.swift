import Foundation
import Testing
import TestSupport
import WidgetHostCore
import WidgetIsolation
import WidgetPayload
import WidgetStoreModel

/// A bundle's own property lists beside its `.so` (docs/layout.md): the entitlements' App Groups
/// and Info.plist's version, read at scan time, in process and in a worker; hostile files give
/// a typed `BundleFileError` and never crash the host.
@Suite("Bundle files: entitlements and Info.plist")
struct BundleInfoFilesTests {
    private static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/BundleFiles")

    private static func data(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// A folder holding a copy of the entitlements probe as `libProbe.so`, with `files` (name in
    /// the folder: fixture name) copied beside it.
    private static func probeFolder(_ files: [String: String]) async throws -> URL {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        try FileManager.default.copyItem(at: try await FixtureBundles.bundle("entitlements_probe"), to: folder.appendingPathComponent("libProbe.so"))
        for (name, fixture) in files {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    private static func host(
        _ folder: URL, isolation: any BundleIsolation, store: StoreLocation = TestStore.temporaryLocation()
    ) -> BundleHost {
        BundleHost(HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: folder.path, origin: .commandLine)]),
            limits: .hangGuard, storeLocation: store, isolation: isolation))
    }

    // MARK: Through the host

    @Test("The entitlements' groups and Info.plist's version reach the host; a declared group reads, another is refused",
          arguments: ["in process", "worker"])
    func entitledBundle(mode: String) async throws {
        let folder = try await Self.probeFolder(["Probe.entitlements": "entitled.entitlements", "Probe-Info.plist": "versioned-Info.plist"])
        let isolation: any BundleIsolation = if mode == "worker" { WorkerIsolation.worker() } else { InProcessIsolation.inProcess }
        let host = Self.host(folder, isolation: isolation)
        defer { host.stopWorkers() }
        let report = try #require(host.bundles.reports.first)
        let bundle = try #require(report.bundle, "\(report.issues)")
        #expect(bundle.appGroups.map(\.rawValue) == ["group.widgethost.entitled"])
        #expect(bundle.version == "3.1.4")
        let widget = try host.widget(kind: "EntitlementsProbe")
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Date(timeIntervalSince1970: 1_767_225_600)))
        let content = try #require(timeline.entries.first).content
        #expect(content["setStatus"] == .integer(0))
        #expect(content["getStatus"] == .integer(0))
        #expect(content["otherStatus"] == .integer(4))  // WK_STATUS_UNDECLARED_GROUP
    }

    @Test("A warm bundle cache notices a changed entitlements file")
    func cacheNoticesChange() async throws {
        let folder = try await Self.probeFolder(["Probe.entitlements": "entitled.entitlements"])
        let store = TestStore.temporaryLocation()
        let first = Self.host(folder, isolation: .worker(), store: store)
        #expect(first.bundles.reports.first?.bundle?.appGroups.map(\.rawValue) == ["group.widgethost.entitled"])
        first.stopWorkers()
        let changed = ["com.apple.security.application-groups": ["group.widgethost.changed"]]
        try PropertyListSerialization.data(fromPropertyList: changed, format: .xml, options: 0)
            .write(to: folder.appendingPathComponent("Probe.entitlements"))
        let second = Self.host(folder, isolation: .worker(), store: store)
        defer { second.stopWorkers() }
        #expect(second.bundles.reports.first?.bundle?.appGroups.map(\.rawValue) == ["group.widgethost.changed"])
    }

    @Test("Without the file, the bundle declares nothing and keeps its table's version")
    func withoutFiles() async throws {
        let folder = try await Self.probeFolder([:])
        let host = Self.host(folder, isolation: .inProcess)
        let bundle = try #require(host.bundles.reports.first?.bundle)
        #expect(bundle.appGroups.isEmpty)
        #expect(bundle.version != "3.1.4")
    }

    @Test("A mistyped group in the entitlements refuses the bundle, naming the group and the file")
    func mistypedGroup() async throws {
        let folder = try await Self.probeFolder(["Probe.entitlements": "mistyped.entitlements"])
        let report = try #require(Self.host(folder, isolation: .worker()).bundles.reports.first)
        #expect(report.bundle == nil)
        let text = report.issues.map(\.description).joined()
        #expect(text.contains("grup.widgethost.entitled"), "\(text)")
        #expect(text.contains("Probe.entitlements"), "\(text)")
    }

    @Test("A hostile entitlements file refuses the bundle with a typed error, the host carries on")
    func hostileFileThroughTheHost() async throws {
        let folder = try await Self.probeFolder(["Probe.entitlements": "deep-binary.entitlements"])
        let report = try #require(Self.host(folder, isolation: .inProcess).bundles.reports.first)
        #expect(report.bundle == nil)
        #expect(report.issues.map(\.description).joined().contains("Probe.entitlements"))
    }

    // MARK: The reader

    @Test("XML and binary entitlements read the same")
    func binaryAndXML() throws {
        let xml = try BundleInfoFiles.parseEntitlements(try Self.data("entitled.entitlements"), path: "a")
        let binary = try BundleInfoFiles.parseEntitlements(try Self.data("entitled-binary.entitlements"), path: "b")
        #expect(xml == ["group.widgethost.entitled"])
        #expect(binary == xml)
    }

    @Test("The App Sandbox without network.client keeps the extension off the network, as on macOS")
    func sandboxEntitlementDeniesTheNetwork() throws {
        func entitlements(_ keys: String) throws -> (appGroups: [String], deniesNetwork: Bool) {
            let text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"# + keys + "</dict></plist>"
            return try BundleInfoFiles.parseEntitlementFile(Data(text.utf8), path: "n.entitlements")
        }
        #expect(try entitlements("<key>com.apple.security.app-sandbox</key><true/>").deniesNetwork)
        #expect(try !entitlements("<key>com.apple.security.app-sandbox</key><true/><key>com.apple.security.network.client</key><true/>").deniesNetwork)
        #expect(try !entitlements("<key>com.apple.security.app-sandbox</key><false/>").deniesNetwork)
        #expect(try !entitlements("").deniesNetwork, "no sandbox key: the network, as an iOS extension has it")
        let wrongType = try #require(throws: BundleFileError.self) {
            try entitlements("<key>com.apple.security.app-sandbox</key><string>yes</string>")
        }
        #expect(wrongType.code == "wrongType", "\(wrongType)")
    }

    @Test("The Counter sample's entitlements keep it off the network, in process and in a worker")
    func counterHasNoNetwork() throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-counter-network")
        try TestPaths.copyBundle(TestPaths.sampleBundle("CounterWidget"), into: folder)
        for (mode, isolation) in [("in process", InProcessIsolation.inProcess as any BundleIsolation), ("worker", WorkerIsolation.worker())] {
            let host = Self.host(folder, isolation: isolation)
            defer { host.stopWorkers() }
            let bundle = try #require(host.bundles.reports.first?.bundle, "\(mode)")
            #expect(bundle.usesNetwork == false, "\(mode)")
            #expect(bundle.appGroups.map(\.rawValue) == ["group.dev.widgethost.counter"], "\(mode)")
        }
    }

    @Test("Hostile or mistaken files give typed errors naming the file",
          arguments: [
            ("wrong-type.entitlements", "wrongType"), ("not-a-dictionary.entitlements", "notADictionary"),
            ("deep-binary.entitlements", "notADictionary"), ("nested-binary.entitlements", "notADictionary"),
            ("cycle-binary.entitlements", "notADictionary"), ("set-binary.entitlements", "notADictionary"),
            ("nested-groups.entitlements", "wrongType"),
            ("entities.entitlements", "notPropertyList"),
          ])
    func hostileEntitlements(file: String, code: String) throws {
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.parseEntitlements(try Self.data(file), path: "/bundles/\(file)")
        }
        #expect(error.code == code, "\(error)")
        #expect(error.description.contains("/bundles/\(file)"))
    }

    @Test("Deep XML nesting is refused before parsing, not recursed into without bound")
    func deepXML() throws {
        let depth = 15_000  // within the size limit
        let text = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(text.utf8.count <= BundleInfoFiles.maximumBytes)
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.parseEntitlements(Data(text.utf8), path: "deep.entitlements")
        }
        #expect(error.code == "tooDeep", "\(error)")
        // Unclosed, and hidden from a naive count behind comments: still counted.
        let hidden = "<plist>" + String(repeating: "<dict><!--</dict>-->", count: 2_000)
        let unclosed = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.parseEntitlements(Data(hidden.utf8), path: "hidden.entitlements")
        }
        #expect(unclosed.code == "tooDeep")
    }

    @Test("A set in a binary plist is a typed error (Foundation's PropertyListSerialization crashes on it)")
    func binarySet() throws {
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.parseEntitlements(try Self.data("set-binary.entitlements"), path: "set.entitlements")
        }
        #expect(error.description.contains("a set"), "\(error)")
    }

    @Test("Nesting up to the limit parses on a stack of its own: a caller with a small stack survives",
          arguments: ["xml", "binary", "text"])
    func smallCallerStack(format: String) async throws {
        // About 1,000 levels, which the decoder reads but a 128 KiB stack cannot hold.
        let depth = 1_000
        let bytes: Data = switch format {
        case "xml":
            Data(("<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>").utf8)
        case "text":
            Data((String(repeating: "(", count: depth) + String(repeating: ")", count: depth)).utf8)
        default:
            Self.nestedBinaryPlist(depth: depth)
        }
        let code = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let thread = Thread {
                do {
                    _ = try BundleInfoFiles.parseEntitlements(bytes, path: "nested")
                    continuation.resume(returning: "parsed")
                } catch let error as BundleFileError {
                    continuation.resume(returning: error.code)
                } catch {
                    continuation.resume(returning: "\(error)")
                }
            }
            thread.stackSize = 128 * 1024
            thread.start()
        }
        // The text format's reader stops earlier by itself.
        #expect(code == "notADictionary" || (format == "text" && code == "notPropertyList"), "\(code)")
    }

    /// Arrays nested `depth` deep, each holding the next, as a binary plist (two-byte references).
    private static func nestedBinaryPlist(depth: Int) -> Data {
        var body = Array("bplist00".utf8)
        var offsets: [Int] = []
        for index in 0..<depth {
            offsets.append(body.count)
            if index == depth - 1 { body.append(0xA0) } else { body += [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)] }
        }
        let table = body.count
        for offset in offsets { body += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        body += [0, 0, 0, 0, 0, 0, 2, 2]
        for value in [UInt64(depth), 0, UInt64(table)] { body += withUnsafeBytes(of: value.bigEndian, Array.init) }
        return Data(body)
    }

    @Test("Info.plist: the version and fonts; a version of the wrong type is refused")
    func infoPlist() throws {
        let (version, fonts) = try BundleInfoFiles.parseInfoPlist(try Self.data("versioned-Info.plist"), path: "x")
        #expect(version == "3.1.4")
        #expect(fonts == ["Fonts/Probe.ttf", "Missing.ttf"])
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.parseInfoPlist(try Self.data("wrong-version-Info.plist"), path: "x")
        }
        #expect(error.code == "wrongType")
        #expect(error.kind == .infoPlist)
        #expect(error.description.contains("not a string"), "\(error)")
        let huge = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.parseInfoPlist(try Self.data("huge-number.plist"), path: "x")
        }
        #expect(["wrongType", "notPropertyList"].contains(huge.code), "\(huge)")
    }

    @Test("An oversize file is refused before it is read whole")
    func oversize() throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        let file = folder.appendingPathComponent("Big.entitlements")
        // Sparse: a gigabyte that takes no room, refused from its size.
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.read(besideBundle: folder.appendingPathComponent("libBig.so"), assetFolder: nil)
        }
        #expect(error.code == "tooLarge")
        #expect(error.path.hasSuffix("Big.entitlements"))
    }

    @Test("A link out of the bundle's folder is refused; one inside it reads")
    func symlinks() throws {
        let outside = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files-outside")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("entitled.entitlements"), to: outside.appendingPathComponent("secret.entitlements"))
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Out.entitlements").path, withDestinationPath: outside.appendingPathComponent("secret.entitlements").path)
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.read(besideBundle: folder.appendingPathComponent("libOut.so"), assetFolder: nil)
        }
        #expect(error.code == "escapesFolder")

        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("entitled.entitlements"), to: folder.appendingPathComponent("real.entitlements"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("In.entitlements").path, withDestinationPath: "real.entitlements")
        let files = try BundleInfoFiles.read(besideBundle: folder.appendingPathComponent("libIn.so"), assetFolder: nil)
        #expect(files.appGroups == ["group.widgethost.entitled"])
    }

    @Test("A FIFO under the name is refused, not waited on")
    func fifo() throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        #expect(mkfifo(folder.appendingPathComponent("Pipe.entitlements").path, 0o600) == 0)
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.read(besideBundle: folder.appendingPathComponent("libPipe.so"), assetFolder: nil)
        }
        #expect(error.code == "notRegularFile")
    }

    @Test("Files both beside the .so and in the asset folder are ambiguous")
    func ambiguous() throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        let assets = folder.appendingPathComponent("libTwo.assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        for place in [folder, assets] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("entitled.entitlements"), to: place.appendingPathComponent("Two.entitlements"))
        }
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.read(besideBundle: folder.appendingPathComponent("libTwo.so"))
        }
        #expect(error.code == "ambiguous")
    }

    // MARK: SwiftPM's resource folder

    /// `files` (name: fixture name) copied into a folder `resources` made beside the probe.
    private static func addResources(_ folder: URL, _ resources: String, _ files: [String: String]) throws -> URL {
        let place = folder.appendingPathComponent(resources)
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        for (name, fixture) in files {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture), to: place.appendingPathComponent(name))
        }
        return place
    }

    private static func writeEntitlements(_ groups: [String], to file: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: [BundleInfoFiles.appGroupsKey: groups], format: .xml, options: 0).write(to: file)
    }

    @Test("Files only in X_<Name>.resources/ reach the host, in process and in a sandboxed worker that is told the folder",
          arguments: ["in process", "worker"])
    func resourceFolderBundle(mode: String) async throws {
        let folder = try await Self.probeFolder([:])
        let resources = try Self.addResources(
            folder, "widgethost_Probe.resources",
            ["Probe.entitlements": "entitled.entitlements", "Probe-Info.plist": "versioned-Info.plist"])
        let isolation: any BundleIsolation = if mode == "worker" { WorkerIsolation.worker() } else { InProcessIsolation.inProcess }
        let host = Self.host(folder, isolation: isolation)
        defer { host.stopWorkers() }
        let report = try #require(host.bundles.reports.first)
        let bundle = try #require(report.bundle, "\(report.issues)")
        #expect(bundle.appGroups.map(\.rawValue) == ["group.widgethost.entitled"])
        #expect(bundle.version == "3.1.4")
        if mode == "worker" {
            // The worker's sandbox allows exactly the files it was told of.
            let readable = try #require(report.sandbox?.readable)
            let files = BundleInfoFiles.readablePaths(besideBundle: folder.appendingPathComponent("libProbe.so"))
            #expect(files.count == 2 && files.allSatisfy { $0.contains(resources.lastPathComponent + "/") }, "\(files)")
            #expect(Set(files).isSubset(of: readable), "\(readable)")
        }
        let widget = try host.widget(kind: "EntitlementsProbe")
        let timeline = try await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Date(timeIntervalSince1970: 1_767_225_600)))
        #expect(try #require(timeline.entries.first).content["setStatus"] == .integer(0))
    }

    @Test("A worker told of no resource folder does not look for one (it may not list its bundles folder)")
    func workerDoesNotList() async throws {
        let folder = try await Self.probeFolder([:])
        _ = try Self.addResources(folder, "widgethost_Probe.resources", ["Probe.entitlements": "entitled.entitlements"])
        let library = folder.appendingPathComponent("libProbe.so")
        #expect(try BundleInfoFiles.read(besideBundle: library, resourceFolder: .known(nil)).appGroups.isEmpty)
        #expect(try BundleInfoFiles.read(besideBundle: library).appGroups == ["group.widgethost.entitled"])
    }

    @Test("A warm bundle cache notices a changed entitlements file in the resource folder")
    func cacheNoticesResourceFolderChange() async throws {
        let folder = try await Self.probeFolder([:])
        let resources = try Self.addResources(folder, "widgethost_Probe.resources", ["Probe.entitlements": "entitled.entitlements"])
        let store = TestStore.temporaryLocation()
        let first = Self.host(folder, isolation: .worker(), store: store)
        #expect(first.bundles.reports.first?.bundle?.appGroups.map(\.rawValue) == ["group.widgethost.entitled"])
        first.stopWorkers()
        try Self.writeEntitlements(["group.widgethost.changed"], to: resources.appendingPathComponent("Probe.entitlements"))
        let second = Self.host(folder, isolation: .worker(), store: store)
        defer { second.stopWorkers() }
        #expect(second.bundles.reports.first?.bundle?.appGroups.map(\.rawValue) == ["group.widgethost.changed"])
    }

    @Test("Two resource folders for one name: the sorted first that is a real folder counts")
    func twoResourceFolders() throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        let library = folder.appendingPathComponent("libTwo.so")
        for (name, group) in [("b_Two.resources", "group.widgethost.b"), ("a_Two.resources", "group.widgethost.a")] {
            let place = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
            try Self.writeEntitlements([group], to: place.appendingPathComponent("Two.entitlements"))
        }
        // Sorted before both, but neither is a folder itself: a file, and a link to a folder.
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("0_Two.resources").path, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("1_Two.resources").path, withDestinationPath: "b_Two.resources")
        // Another target's folder whose name ends the same way is not this one's.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("x_OtherTwo.resources"), withIntermediateDirectories: true)
        #expect(BundleInfoFiles.resourceFolder(of: library)?.lastPathComponent == "a_Two.resources")
        #expect(try BundleInfoFiles.read(besideBundle: library).appGroups == ["group.widgethost.a"])
    }

    @Test("Files both beside the .so and in the resource folder are ambiguous", arguments: ["Two.entitlements", "Two-Info.plist"])
    func ambiguousWithResources(file: String) throws {
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        let resources = folder.appendingPathComponent("pkg_Two.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        let fixture = file.hasSuffix(".entitlements") ? "entitled.entitlements" : "versioned-Info.plist"
        for place in [folder, resources] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: place.appendingPathComponent(file))
        }
        let error = try #require(throws: BundleFileError.self) {
            try BundleInfoFiles.read(besideBundle: folder.appendingPathComponent("libTwo.so"))
        }
        #expect(error.code == "ambiguous")
        #expect(error.description.contains("pkg_Two.resources/\(file)"), "\(error)")
        // Typed: every copy and its place, the one beside the .so first (the one the host would read).
        #expect(error.copies?.map(\.place) == [.besideBundle, .resourceFolder])
        #expect(error.copies?.first?.path == error.path)
    }

    @Test("A link out of the resource folder is refused, and not made readable for a sandbox")
    func escapingResourceLink() throws {
        let outside = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files-outside")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("entitled.entitlements"), to: outside.appendingPathComponent("secret.entitlements"))
        let folder = try TestPaths.makeTemporaryDirectory("widgethost-bundle-files")
        let resources = folder.appendingPathComponent("pkg_Out.resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        // Into the bundles folder counts as out too: the file must stay in the resource folder.
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("versioned-Info.plist"), to: folder.appendingPathComponent("elsewhere.plist"))
        try FileManager.default.createSymbolicLink(
            atPath: resources.appendingPathComponent("Out.entitlements").path, withDestinationPath: outside.appendingPathComponent("secret.entitlements").path)
        try FileManager.default.createSymbolicLink(atPath: resources.appendingPathComponent("Out-Info.plist").path, withDestinationPath: "../elsewhere.plist")
        let library = folder.appendingPathComponent("libOut.so")
        let error = try #require(throws: BundleFileError.self) { try BundleInfoFiles.read(besideBundle: library) }
        #expect(error.code == "escapesFolder")
        #expect(error.path.hasSuffix("pkg_Out.resources/Out.entitlements"), "\(error)")
        #expect(BundleInfoFiles.readablePaths(besideBundle: library).isEmpty)
        #expect(BundleInfoFiles.signature(besideBundle: library).contains("pkg_Out.resources/Out.entitlements"))
    }

    @Test("The worker's configuration carries the resource folder; one encoded without it decodes as none")
    func configurationCarriesResourceFolder() throws {
        let configuration = WorkerConfiguration(
            bundlePath: "/b/libProbe.so", limits: CallLimits(), sandbox: nil, resourceLimits: .defaults,
            resourceFolder: "/b/pkg_Probe.resources")
        let json = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(WorkerConfiguration.self, from: json).resourceFolder == "/b/pkg_Probe.resources")
        var older = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        older["resourceFolder"] = nil
        let decoded = try JSONDecoder().decode(WorkerConfiguration.self, from: try JSONSerialization.data(withJSONObject: older))
        #expect(decoded.resourceFolder == nil)
        #expect(decoded.bundlePath == configuration.bundlePath)
    }
}
