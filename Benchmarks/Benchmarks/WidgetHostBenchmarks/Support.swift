import Benchmark
import Foundation
import Glibc
import Logging
import Synchronization
import WidgetHostCore
import WidgetIsolation
import WidgetStore
import WidgetStoreModel

/// Paths and helpers shared by the benchmarks.
enum Bench {
    /// The widgethost checkout (two folders above Benchmarks/Benchmarks/WidgetHostBenchmarks).
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["WIDGETHOST_ROOT"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// Where this executable is: the build's products folder, holding widgethost,
    /// widgethost-worker, the samples and libTenEntryWidget.so (Benchmarks/run.sh builds them).
    static let products: URL = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }()

    static var workerExecutable: URL {
        if let path = ProcessInfo.processInfo.environment["WIDGETHOST_WORKER"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return products.appendingPathComponent("widgethost-worker")
    }

    static let quietLogger: Logger = {
        var logger = Logger(label: "widgethost-benchmarks")
        logger.logLevel = .critical
        return logger
    }()

    /// 2026-01-01T00:00:00Z.
    static let t0 = Date(timeIntervalSince1970: 1_767_225_600)

    static func temporaryFolder(_ name: String) -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgethost-bench-\(getpid())-\(name)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func configuration(
        bundles: URL, data: URL, isolation: any BundleIsolation, rescan: Bool = false, clock: any HostClock = SystemClock()
    ) -> HostConfiguration {
        let location = StoreLocation(directory: data)
        return HostConfiguration(
            searchPath: BundleSearchPath(locations: [SearchLocation(directory: bundles.path, origin: .commandLine)]),
            logger: quietLogger, clock: clock, storeLocation: location, store: LazySharedStore(location: location),
            isolation: isolation, rescan: rescan)
    }

    static var worker: any BundleIsolation { WorkerIsolation.worker(WorkerSettings(executable: workerExecutable)) }

    /// Runs a program to its end; returns its exit status.
    @discardableResult
    static func spawn(_ executable: String, _ arguments: [String], quiet: Bool = true) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        precondition(result == 0, "posix_spawn \(executable): \(result)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xff
    }

    /// Runs scripts/generate-bundles.sh N into `folder` (once per folder).
    static func generateBundles(_ count: Int, into folder: URL) {
        let status = spawn("/bin/bash", [root.appendingPathComponent("scripts/generate-bundles.sh").path, "\(count)", folder.path], quiet: false)
        precondition(status == 0, "generate-bundles.sh failed: \(status)")
    }

    /// Resident memory of a process, in KiB, from /proc/<pid>/status.
    static func residentKiB(pid: String = "self") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    /// The processes this one started that are still running and named `name` (comm, ≤ 15 chars).
    static func children(named name: String) -> [String] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard entry.allSatisfy(\.isNumber),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return false }
            let comm = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return comm == name.prefix(15) && fields.count > 1 && Int32(fields[1]) == me
        }
    }

    /// The generated bundles' folder (1,000 bundles): made once, then reused by every benchmark
    /// process (the benchmark tool runs each benchmark in a process of its own) until it is
    /// deleted. `$WIDGETHOST_BENCH_GENERATED` names another folder.
    static let generated: URL = {
        let path = ProcessInfo.processInfo.environment["WIDGETHOST_BENCH_GENERATED"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-bench-generated-1000").path
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        let marker = folder.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: marker.path) { return folder }
        try? FileManager.default.removeItem(at: folder)
        generateBundles(1000, into: folder)
        FileManager.default.createFile(atPath: marker.path, contents: Data())
        return folder
    }()

    /// A C bundle of `kinds` kinds (systemSmall), each with a timeline of `entries` entries a
    /// minute apart from context->now: for the registry benchmark.
    static func manyKindsBundle(kinds: Int, entries: Int) -> URL {
        let folder = temporaryFolder("manykinds")
        let source = folder.appendingPathComponent("many_kinds.c")
        try! """
        #include "fixture_support.h"
        #include <stdlib.h>
        #define KINDS \(kinds)
        #define ENTRIES \(entries)
        static char kind_names[KINDS][24];
        static wk_widget_t widgets[KINDS];
        static const wk_widget_t *widget_list[KINDS];
        FIXTURE_FAMILIES(families, "systemSmall");
        static void many_timeline(FIXTURE_PROVIDER_PARAMETERS) {
            static __thread char buffer[ENTRIES * 96 + 128];
            fixture_json_t json = fixture_json_start(buffer, sizeof buffer);
            long long now = (long long)context->now;
            fixture_json_text(&json, "{\\"version\\":1,\\"entries\\":[");
            for (int entry = 0; entry < ENTRIES; entry++) {
                if (entry > 0) fixture_json_text(&json, ",");
                fixture_json_text(&json, "{\\"date\\":");
                fixture_json_int(&json, now + 60LL * entry);
                fixture_json_text(&json, ",\\"relevance\\":null,\\"content\\":{\\"n\\":");
                fixture_json_int(&json, entry);
                fixture_json_text(&json, "}}");
            }
            fixture_json_text(&json, "],\\"policy\\":{\\"type\\":\\"never\\"}}");
            (void)widget;
            fixture_complete(completion, request_token, json.overflowed ? "{}" : json.text);
        }
        static wk_bundle_t bundle;
        WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version);
        WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
            (void)host_abi_version;
            for (int index = 0; index < KINDS; index++) {
                snprintf(kind_names[index], sizeof kind_names[index], "ManyKinds%05d", index);
                widgets[index] = (wk_widget_t){
                    .struct_size = sizeof(wk_widget_t), .kind = kind_names[index],
                    .display_name = kind_names[index], .description = "registry benchmark",
                    .supported_families = families, .supported_family_count = 1,
                    .placeholder = fixture_placeholder_ok, .snapshot = fixture_snapshot_ok,
                    .timeline = many_timeline,
                };
                widget_list[index] = &widgets[index];
            }
            bundle = (wk_bundle_t){
                .struct_size = sizeof(wk_bundle_t),
                .abi_version = {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH},
                .name = "ManyKinds", .version = "0.0.1", .init = fixture_init_ok,
                .widgets = widget_list, .widget_count = KINDS,
            };
            return &bundle;
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let status = spawn("/usr/bin/env", [
            "cc", "-std=c11", "-O2", "-Wall", "-Werror", "-shared", "-fPIC", "-pthread",
            "-I", root.appendingPathComponent("sdk/WidgetABI/include").path,
            "-I", root.appendingPathComponent("Tests/Fixtures/Bundles").path,
            "-o", folder.appendingPathComponent("many_kinds.so").path, source.path,
        ], quiet: false)
        precondition(status == 0, "cc many_kinds.c failed")
        try? FileManager.default.removeItem(at: source)
        return folder
    }
}

/// State a benchmark's setup makes and its body uses; the benchmarks run one at a time.
final class Box<Value>: @unchecked Sendable {
    var value: Value?
    init() {}
    var unwrapped: Value { value! }
}

extension Benchmark.Configuration {
    func with(setup: @escaping Benchmark.BenchmarkSetupHook) -> Benchmark.Configuration {
        var copy = self
        copy.setup = setup
        return copy
    }
}
