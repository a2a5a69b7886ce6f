import Benchmark
import Foundation
import TenEntryProvider
import WidgetHostCore
import WidgetDaemon
import WidgetIsolation

// Every figure is a pair run in the same invocation: the measured path and its reference.
// Benchmarks/run.sh prints the ratios; BENCHMARKS.md (root) records a run.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 1,
        maxDuration: .seconds(5), maxIterations: 1_000)

    viewBenchmarks()
    serverBenchmarks()
    sandboxBenchmarks()
    previewBenchmarks()
    jsonCodableBenchmarks()

    // MARK: 1. list over 1,000 generated bundles, worker mode: warm cache vs cold scan

    let list = Box<(bundles: URL, data: URL)>()
    func listHost(rescan: Bool) -> Int {
        let (bundles, data) = list.unwrapped
        let host = BundleHost(Bench.configuration(bundles: bundles, data: data, isolation: Bench.worker, rescan: rescan))
        let count = host.bundles.catalog.widgets.count
        host.stopWorkers()
        precondition(count == 2_000, "expected 2,000 kinds, found \(count)")
        return count
    }
    let listSetup: Benchmark.BenchmarkSetupHook = {
        guard list.value == nil else { return }
        list.value = (Bench.generated, Bench.temporaryFolder("list-data"))
        _ = listHost(rescan: true) // writes bundle-cache.json
    }
    Benchmark("List 1000 bundles (worker) warm cache", configuration: .init(
        timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 30, setup: listSetup
    )) { benchmark in
        blackHole(listHost(rescan: false))
    }
    Benchmark("List 1000 bundles (worker) cold scan (rescan)", configuration: .init(
        timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(30), maxIterations: 3, setup: listSetup
    )) { benchmark in
        blackHole(listHost(rescan: true))
    }

    // MARK: 2 and 3. One timeline of a 10-entry Swift provider

    let ten = Box<(inProcess: BundleHost, worker: BundleHost, widgetIn: WidgetDescriptor, widgetWorker: WidgetDescriptor)>()
    let tenSetup: Benchmark.BenchmarkSetupHook = {
        guard ten.value == nil else { return }
        let folder = Bench.temporaryFolder("ten")
        let library = Bench.products.appendingPathComponent("libTenEntryWidget.so")
        try FileManager.default.copyItem(at: library, to: folder.appendingPathComponent("libTenEntryWidget.so"))
        let data = Bench.temporaryFolder("ten-data")
        let inProcess = BundleHost(Bench.configuration(bundles: folder, data: data, isolation: InProcessIsolation()))
        let worker = BundleHost(Bench.configuration(bundles: folder, data: data, isolation: Bench.worker))
        let widgetIn = try inProcess.widget(kind: TenEntryWidget.kind)
        let widgetWorker = try worker.widget(kind: TenEntryWidget.kind)
        let context = CallContext(family: .systemSmall, now: Bench.t0)
        let inProcessCount = try await inProcess.timeline(for: widgetIn, in: context).entries.count
        let workerCount = try await worker.timeline(for: widgetWorker, in: context).entries.count
        precondition(inProcessCount == 10 && workerCount == 10)
        ten.value = (inProcess, worker, widgetIn, widgetWorker)
    }
    let callConfiguration = Benchmark.Configuration(
        timeUnits: .nanoseconds, warmupIterations: 100, maxDuration: .seconds(3), maxIterations: 20_000, setup: tenSetup)
    Benchmark("Timeline 10 entries direct Swift getTimeline", configuration: callConfiguration) { benchmark in
        blackHole(directTimelineEntryCount(now: Bench.t0))
    }
    Benchmark("Timeline 10 entries host path in-process", configuration: callConfiguration) { benchmark in
        let (host, _, widget, _) = ten.unwrapped
        blackHole(try? await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Bench.t0)))
    }
    Benchmark("Timeline 10 entries host path worker round trip", configuration: callConfiguration) { benchmark in
        let (_, host, _, widget) = ten.unwrapped
        blackHole(try? await host.timeline(for: widget, in: CallContext(family: .systemSmall, now: Bench.t0)))
    }
    // The host path's floor: the same reply (views included) encoded by the SDK and decoded by
    // the host on one thread; what a call that crosses the C ABI as JSON cannot avoid.
    let decoder = ReplyDecoder(limits: CallLimits())
    Benchmark("Timeline 10 entries floor SDK encoding + host decoding, one thread", configuration: callConfiguration) { benchmark in
        blackHole(try? decoder.timeline(from: timelineReplyBytes(now: Bench.t0)))
    }
    // The worker round trip's floor: two processes exchanging the same frames over a
    // socketpair, one blocking read each way.
    let echo = Box<SocketPairEcho>()
    var echoConfiguration = callConfiguration
    echoConfiguration.setup = {
        guard echo.value == nil else { return }
        let context = CallContext(family: .systemSmall, now: Bench.t0)
        let request = try FrameCodec.encode(HostMessage.call(WorkerCallRequest(id: 1, call: .timeline, kind: TenEntryWidget.kind, context: context)))
        let reply = try FrameCodec.encode(
            WorkerMessage.result(WorkerCallResult(id: 1, outcome: .completed, nanoseconds: 0)), body: timelineReplyBytes(now: Bench.t0))
        echo.value = SocketPairEcho(request: request, reply: reply, folder: Bench.temporaryFolder("echo"))
    }
    echoConfiguration.teardown = { echo.value?.stop(); echo.value = nil }
    Benchmark("Timeline 10 entries floor socketpair round trip of the same frames", configuration: echoConfiguration) { benchmark in
        echo.unwrapped.exchange()
    }

    // MARK: 4. Registry: the current entry of every kind, 10,000 kinds x 100 entries

    let registry = Box<(host: BundleHost, keys: [TimelineKey], plain: [TimelineKey: WidgetTimeline])>()
    let registrySetup: Benchmark.BenchmarkSetupHook = {
        guard registry.value == nil else { return }
        let folder = Bench.manyKindsBundle(kinds: 10_000, entries: 100)
        let host = BundleHost(Bench.configuration(bundles: folder, data: Bench.temporaryFolder("registry-data"), isolation: InProcessIsolation()))
        await host.refreshAllTimelines(now: Bench.t0)
        let records = host.registry.allRecords
        precondition(records.count == 10_000 && records.allSatisfy { $0.timeline?.entries.count == 100 }, "registry not filled")
        let plain = Dictionary(uniqueKeysWithValues: records.map { ($0.key, $0.timeline!) })
        registry.value = (host, records.map(\.key), plain)
    }
    let queryTime = Bench.t0.addingTimeInterval(60 * 50 + 30)
    Benchmark("Registry current entries at T, 10000 kinds (100 entries each)", configuration: .init(
        timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500, setup: registrySetup
    )) { benchmark in
        let (host, _, _) = registry.unwrapped
        blackHole(host.registry.currentEntries(at: queryTime))
    }
    // The same read with each answer's pairs made: what a screen drawing every widget does.
    Benchmark("Registry current entries at T, 10000 kinds, each (key, entry) read", configuration: .init(
        timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500, setup: registrySetup
    )) { benchmark in
        let (host, _, _) = registry.unwrapped
        for pair in host.registry.currentEntries(at: queryTime) { blackHole(pair) }
    }
    // Each read a minute after the last, or back: every key's current entry has changed, so
    // no remembered span holds and every timeline is searched.
    let flip = Box<Bool>()
    Benchmark("Registry current entries, 10000 kinds, the clock past an entry at each read", configuration: .init(
        timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500, setup: registrySetup
    )) { benchmark in
        let (host, _, _) = registry.unwrapped
        let later = flip.value ?? false
        flip.value = !later
        blackHole(host.registry.currentEntries(at: later ? queryTime.addingTimeInterval(60) : queryTime))
    }
    Benchmark("Registry current entry x 10000 kinds, one key at a time", configuration: .init(
        timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500, setup: registrySetup
    )) { benchmark in
        let (host, keys, _) = registry.unwrapped
        for key in keys { blackHole(host.registry.currentEntry(for: key, at: queryTime)) }
    }
    // The floor: a linear scan over a flat array of the same dates, each key's slice in turn.
    let flatDates = Box<(dates: [Double], perKey: Int)>()
    Benchmark("Registry floor linear scan of the same dates, flat array", configuration: .init(
        timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500, setup: {
            try await registrySetup()
            guard flatDates.value == nil else { return }
            let (_, keys, plain) = registry.unwrapped
            let dates = keys.flatMap { plain[$0]!.entries.map(\.date.timeIntervalSinceReferenceDate) }
            flatDates.value = (dates, 100)
        }
    )) { benchmark in
        let (dates, perKey) = flatDates.unwrapped
        let time = queryTime.timeIntervalSinceReferenceDate
        var current = 0
        dates.withUnsafeBufferPointer { dates in
            var start = 0
            while start < dates.count {
                var count = 0
                for index in start..<(start + perKey) where dates[index] <= time { count += 1 }
                current &+= count
                start += perKey
            }
        }
        blackHole(current)
    }
    Benchmark("Registry reference plain Dictionary x 10000 kinds", configuration: .init(
        timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500, setup: registrySetup
    )) { benchmark in
        let (_, keys, plain) = registry.unwrapped
        for key in keys { blackHole(plain[key]?.entry(at: queryTime)) }
    }

    // MARK: 5. Scheduler: a simulated day of 1,000 bundles (2,000 kinds x 2 families) in process

    let simulation = Box<(data: URL, calls: Int)>()
    func simulatedDay(_ benchmark: Benchmark?) async -> Int {
        let clock = VirtualClock(start: Bench.t0)
        let host = BundleHost(Bench.configuration(
            bundles: Bench.generated, data: simulation.value?.data ?? Bench.temporaryFolder("sim-data"),
            isolation: .inProcess, clock: clock))
        benchmark?.startMeasurement()
        let report = await Simulation.run(host: host, clock: clock, settings: SchedulerSettings(), duration: 24 * 3600)
        benchmark?.stopMeasurement()
        precondition(!report.stoppedEarly)
        return report.calls.count
    }
    let simulationSetup: Benchmark.BenchmarkSetupHook = {
        guard simulation.value == nil else { return }
        let data = Bench.temporaryFolder("sim-data")
        simulation.value = (data, 0)
        simulation.value = (data, await simulatedDay(nil))
    }
    Benchmark("Simulate 24 h of 1000 bundles in process", configuration: .init(
        timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(30), maxIterations: 5, setup: simulationSetup
    )) { benchmark in
        blackHole(await simulatedDay(benchmark))
    }
    Benchmark("Simulate reference the same number of timeline calls, direct", configuration: .init(
        timeUnits: .milliseconds, warmupIterations: 0, maxDuration: .seconds(30), maxIterations: 5, setup: simulationSetup
    )) { benchmark in
        let host = BundleHost(Bench.configuration(
            bundles: Bench.generated, data: simulation.unwrapped.data, isolation: InProcessIsolation()))
        let keys = host.bundles.catalog.widgets.flatMap { widget in widget.families.map { (widget, $0) } }
        let calls = simulation.unwrapped.calls
        benchmark.startMeasurement()
        for index in 0..<calls {
            let (widget, family) = keys[index % keys.count]
            blackHole(try? await host.timeline(for: widget, in: CallContext(family: family, now: Bench.t0)))
        }
        benchmark.stopMeasurement()
    }

    // MARK: 6. Cold start: `widgethost timeline KIND` processes, exec to exit

    let cli = Box<(executable: String, data: String)>()
    let cliSetup: Benchmark.BenchmarkSetupHook = {
        guard cli.value == nil else { return }
        let executable = ProcessInfo.processInfo.environment["WIDGETHOST_CLI"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Bench.products.appendingPathComponent("widgethost").path
        cli.value = (executable, Bench.temporaryFolder("cli-data").path)
    }
    let processConfiguration = Benchmark.Configuration(
        timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 40, setup: cliSetup)
    Benchmark("Process reference widgethost --version", configuration: processConfiguration) { benchmark in
        let (executable, _) = cli.unwrapped
        precondition(Bench.spawn(executable, ["--version"]) == 0)
    }
    for kind in ["CounterWidget", "MoviePlannerWidget", "PillarWidget"] {
        Benchmark("Process widgethost timeline \(kind)", configuration: processConfiguration) { benchmark in
            let (executable, data) = cli.unwrapped
            precondition(Bench.spawn(executable, ["timeline", kind, "--data-dir", data, "--now", "2026-01-01T00:00:00Z"]) == 0,
                         "widgethost timeline \(kind) failed")
        }
    }

    // MARK: Memory

    Benchmark("Memory in-process RSS per loaded bundle (KiB, 1000 bundles)", configuration: .init(
        metrics: [.custom("RSS per bundle KiB", useScalingFactor: false)], warmupIterations: 0, maxIterations: 1
    )) { benchmark in
        // A copy of the generated bundles, so that none of them is loaded yet in this process.
        let folder = Bench.temporaryFolder("memory-copy")
        for file in try! FileManager.default.contentsOfDirectory(atPath: Bench.generated.path) where file.hasSuffix(".so") {
            try! FileManager.default.copyItem(
                at: Bench.generated.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let data = Bench.temporaryFolder("memory-data")
        let before = Bench.residentKiB()
        let host = BundleHost(Bench.configuration(bundles: folder, data: data, isolation: InProcessIsolation()))
        precondition(host.bundles.catalog.widgets.count == 2_000)
        let after = Bench.residentKiB()
        benchmark.measurement(.custom("RSS per bundle KiB", useScalingFactor: false), (after - before) / 1000)
        print("in-process: RSS \(before) KiB -> \(after) KiB for 1000 bundles")
        blackHole(host)
    }
    Benchmark("Memory worker RSS per worker (KiB)", configuration: .init(
        metrics: [.custom("RSS per worker KiB", useScalingFactor: false)], warmupIterations: 0, maxIterations: 1
    )) { benchmark in
        let folder = Bench.temporaryFolder("memory-workers")
        for index in 1...10 {
            let file = String(format: "Generated%04d.so", index)
            try! FileManager.default.copyItem(
                at: Bench.generated.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        try! FileManager.default.copyItem(
            at: Bench.products.appendingPathComponent("libTenEntryWidget.so"), to: folder.appendingPathComponent("libTenEntryWidget.so"))
        let host = BundleHost(Bench.configuration(
            bundles: folder, data: Bench.temporaryFolder("memory-worker-data"), isolation: Bench.worker, rescan: true))
        await host.refreshAllTimelines(now: Bench.t0)
        let workers = Bench.children(named: "widgethost-worker")
        let sizes = workers.map { Bench.residentKiB(pid: $0) }
        host.stopWorkers()
        print("workers (10 C bundles + 1 Swift bundle): VmRSS KiB \(sizes.sorted())")
        benchmark.measurement(.custom("RSS per worker KiB", useScalingFactor: false), sizes.isEmpty ? 0 : sizes.reduce(0, +) / sizes.count)
    }
}
