import Benchmark
import Foundation
import WidgetHostCore
import WidgetIsolation

/// A worker's start, sandboxed (Landlock, the default) and not, in the same run: the first
/// timeline of the Counter sample (one App Group) from a warm bundle cache, so the worker starts
/// at the call with its sandbox known. Spawn, sandbox, load, call: the sandbox's cost is the
/// difference.
func sandboxBenchmarks() {
    let configuration = Benchmark.Configuration(
        timeUnits: .milliseconds, warmupIterations: 2, maxDuration: .seconds(10), maxIterations: 100)
    let counter = Box<(bundles: URL, data: URL)>()
    func firstTimeline(sandboxed: Bool) async -> Int {
        let (bundles, data) = counter.unwrapped
        let isolation = WorkerIsolation.worker(WorkerSettings(executable: Bench.workerExecutable, sandboxed: sandboxed))
        let host = BundleHost(Bench.configuration(bundles: bundles, data: data, isolation: isolation))
        defer { host.stopWorkers() }
        guard let widget = try? host.widget(kind: "CounterWidget"),
              let timeline = try? await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Bench.t0))
        else { preconditionFailure("the Counter sample did not answer") }
        return timeline.entries.count
    }
    let setup: Benchmark.BenchmarkSetupHook = {
        guard counter.value == nil else { return }
        let folder = Bench.temporaryFolder("sandbox")
        let library = Bench.products.appendingPathComponent("libCounterWidget.so")
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent("libCounterWidget.so"))
        counter.value = (folder, Bench.temporaryFolder("sandbox-data"))
        _ = await firstTimeline(sandboxed: true)  // writes bundle-cache.json
    }
    Benchmark("Worker start to first timeline, sandboxed (Landlock)", configuration: configuration.with(setup: setup)) { _ in
        blackHole(await firstTimeline(sandboxed: true))
    }
    Benchmark("Worker start to first timeline, reference unsandboxed", configuration: configuration.with(setup: setup)) { _ in
        blackHole(await firstTimeline(sandboxed: false))
    }
}
