// The format's costs with ordo-one's package-benchmark (wall clock, CPU, allocations):
//   SCREENPLAY_BENCHMARKS=1 swift package benchmark --target ScreenplayBenchmarks
// Each benchmark builds its inputs before measuring, so a figure is the operation alone.
import Benchmark
import BenchmarkScreens
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayHTML

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 3,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    Benchmark("DSL build + encode: 1,000-item gallery") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BenchmarkScreens.gallery().encoded()) }
    }

    Benchmark("DSL build + encode with templates: 1,000-item gallery") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BenchmarkScreens.gallery().encoded(templates: .automatic)) }
    }

    Benchmark("DSL build + encode: super-app home") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(DemoScreens.home().encoded()) }
    }

    Benchmark("DSL build + encode: 1,000 generic items") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BenchmarkScreens.requestList().encoded()) }
    }

    let megabyte = BenchmarkScreens.oneMegabyte().encoded()
    Benchmark("Decode: \(megabyte.count / 1024) KB screen (parse, resilient decode, checks)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Screen.decode(from: megabyte)) }
    }
    let templatedMegabyte = BenchmarkScreens.oneMegabyte().encoded(templates: .automatic)
    Benchmark("Decode: the same screen with templates (\(templatedMegabyte.count / 1024) KB, expanded)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Screen.decode(from: templatedMegabyte)) }
    }

    // A first-version client: no carousel, grid or badge, so the home's widgets fall back.
    let home = DemoScreens.home()
    let oldClient = ClientCapabilities(
        components: ClientCapabilities.full.components.subtracting(["carousel", "grid", "badge"]),
        actions: ClientCapabilities.full.actions)
    Benchmark("Adapt: super-app home to a client without carousel, grid and badge") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(home.adapted(to: oldClient)) }
    }
    let gallery = BenchmarkScreens.gallery()
    Benchmark("Adapt: 1,000-item gallery to a client without grid") { benchmark in
        let noGrid = ClientCapabilities(
            components: ClientCapabilities.full.components.subtracting(["grid"]), actions: ClientCapabilities.full.actions)
        for _ in benchmark.scaledIterations { blackHole(gallery.adapted(to: noGrid)) }
    }

    let feed = CityFeed()
    let citiesBefore = DemoScreens.cities(feed: feed)
    feed.newDay()
    let citiesAfter = DemoScreens.cities(feed: feed)
    Benchmark("Diff: cities after a new day for one city") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ScreenPatch(from: citiesBefore, to: citiesAfter)) }
    }
    let galleryAfter = BenchmarkScreens.galleryWithChanges(count: 1_000)
    Benchmark("Diff: 1,000-item gallery, 10 items changed, 1 moved") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ScreenPatch(from: gallery, to: galleryAfter)) }
    }

    Benchmark("HTML render: super-app home (page with CSS and policy)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(HTMLPage(screen: home, language: "en")) }
    }
    Benchmark("HTML render: 1,000-item gallery") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(HTMLPage(screen: gallery, language: "en")) }
    }
}
