import Benchmark
import Foundation

/// The author's loop: from a build written (a new bundle file renamed into place, as a linker
/// finishes) to `widgethost preview` printing the new picture. The preview polls the file, copies
/// it aside, loads it in a fresh worker, calls placeholder, snapshot and timeline in each family
/// and draws them. Reference: the same load, calls and drawing as one cold
/// `widgethost render --output -` process. Goal: ≤ 2 s.
func previewBenchmarks() {
    let configuration = Benchmark.Configuration(
        timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 30)
    let executable = Bench.products.appendingPathComponent("widgethost").path
    let library = Bench.products.appendingPathComponent("libCounterWidget.so")
    let preview = Box<PreviewProcess>()
    var previewConfiguration = configuration.with {
        if preview.value == nil { preview.value = PreviewProcess(executable: executable, library: library) }
    }
    previewConfiguration.teardown = { preview.value?.stop() }
    Benchmark("Preview build written to picture (CounterWidget, 2 families)", configuration: previewConfiguration) { benchmark in
        preview.unwrapped.rebuildAndWaitForPicture()
        // The validation that follows the picture is not part of the figure, but the next build
        // must not race it.
        benchmark.stopMeasurement()
        preview.unwrapped.waitForValidation()
    }
    let render = Box<(bundles: URL, data: URL)>()
    let renderSetup: Benchmark.BenchmarkSetupHook = {
        guard render.value == nil else { return }
        let bundles = Bench.temporaryFolder("preview-render")
        try FileManager.default.copyItem(at: library, to: bundles.appendingPathComponent(library.lastPathComponent))
        render.value = (bundles, Bench.temporaryFolder("preview-render-data"))
    }
    Benchmark("Preview reference widgethost render --output - (cold process)", configuration: configuration.with(setup: renderSetup)) { _ in
        let (bundles, data) = render.unwrapped
        precondition(Bench.spawn(executable, [
            "render", "CounterWidget", "--bundles", bundles.path, "--no-default-bundles", "--data-dir", data.path, "--output", "-",
        ]) == 0, "widgethost render failed")
    }
}

/// A `widgethost preview` process watching a folder, its output read through a pipe.
final class PreviewProcess {
    private let library: URL
    private let folder = Bench.temporaryFolder("preview")
    private let pid: pid_t
    private let output: Int32
    private var pending = ""
    private var builds = 0

    init(executable: String, library: URL) {
        self.library = library
        var pipeEnds: [Int32] = [0, 0]
        precondition(pipe(&pipeEnds) == 0)
        output = pipeEnds[0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "preview", folder.path, "--family", "systemSmall", "--family", "systemMedium",
                         "--data-dir", Bench.temporaryFolder("preview-data").path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        precondition(posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0, "cannot start widgethost preview")
        self.pid = pid
        close(pipeEnds[1])
        rebuildAndWaitForPicture()
        waitForValidation()
    }

    /// Ends the preview (SIGTERM: it removes its copies) and waits for it.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Writes a new build and waits for its picture.
    func rebuildAndWaitForPicture() {
        builds += 1
        let temporary = folder.appendingPathComponent(".libCounterWidget.so.\(builds)")
        try? FileManager.default.removeItem(at: temporary)
        precondition((try? FileManager.default.copyItem(at: library, to: temporary)) != nil)
        precondition(rename(temporary.path, folder.appendingPathComponent("libCounterWidget.so").path) == 0)
        waitFor("drawn at")
    }

    /// Waits for the `validate` line that ends a build's output.
    func waitForValidation() {
        waitFor("validate libCounterWidget.so:")
    }

    private func waitFor(_ marker: String) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let range = pending.range(of: marker), let end = pending[range.upperBound...].firstIndex(of: "\n") {
                pending = String(pending[pending.index(after: end)...])
                return
            }
            let count = read(output, &buffer, buffer.count)
            precondition(count > 0, "widgethost preview ended")
            pending += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }
}
