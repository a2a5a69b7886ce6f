import Benchmark
import BenchmarkViews
import Foundation
import WidgetHostCore
import WidgetPayload
import WidgetRender

/// The views issue's figures: the SDK's encoding of an entry's view, and drawing a
/// systemMedium MoviePlanner entry to PNG at 2× and to SVG, each beside its reference from the
/// same run: the same canvas filled by Cairo with nothing drawn, through the same output path.
func viewBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 10, maxDuration: .seconds(5), maxIterations: 5_000)

    Benchmark("View tree encoding, MoviePlanner systemMedium entry (SDK: evaluate + JSONValue)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BenchmarkViews.movieJSON(date: Bench.t0)) }
    }

    let assets = BundleAssets(assetFolder: BundleAssets.assetFolder(besideBundle: Bench.products.appendingPathComponent("libMoviePlannerWidget.so")))
    let renderer = WidgetRenderer(assets: assets)
    let face = WidgetFace(kind: "MoviePlannerWidget", content: .object([:]), view: BenchmarkViews.movieTree(date: Bench.t0), viewError: nil)
    let environment = LayoutEnvironment(family: .systemMedium, now: Bench.t0, timeZone: TimeZone(identifier: "UTC")!)
    let size = Size(width: 364, height: 170)
    let empty = DisplayList(size: size, commands: [.fill(.rectangle, Rect(origin: Point(x: 0, y: 0), size: size), .color(RGBA(red: 0, green: 0, blue: 0)))])

    Benchmark("Render MoviePlanner systemMedium to PNG 2x (layout + draw + encode)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? renderer.image(face, in: environment, format: .png, scale: 2)) }
    }
    Benchmark("Render MoviePlanner systemMedium to SVG (layout + draw)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? renderer.image(face, in: environment, format: .svg, scale: 1)) }
    }
    Benchmark("Render MoviePlanner systemMedium layout only", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(renderer.displayList(face, in: environment)) }
    }
    Benchmark("Render reference Cairo fills the canvas, PNG 2x", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? pngData(empty, scale: 2)) }
    }
    Benchmark("Render reference Cairo fills the canvas, SVG", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? svgData(empty)) }
    }
}
