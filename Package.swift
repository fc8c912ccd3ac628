// swift-tools-version:6.1
// The tools version is the first line, as SwiftPM and Xcode read it; the dependencies need Swift 6.2: Xcode 26.0 or later.
import Foundation
import PackageDescription

/// scripts/check-apple builds the Apple renderers against stand-in SwiftUI and UIKit modules.
let appleStandIns = ProcessInfo.processInfo.environment["SCREENPLAY_APPLE_STANDINS"] != nil
/// The client's transport on Linux, and the condition its file is compiled under
/// (`HTTP_CLIENT_TRANSPORT`: whether the module was given it, not whether some build left it
/// importable). The stand-in build is an Apple platform's, where these conditions leave it out, so
/// it does not build it either (nor NIO under it: half that build's time).
let linuxTransport: [Target.Dependency] =
    appleStandIns
    ? []
    : [
        .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux])),
    ]
let linuxTransportSettings: [SwiftSetting] = appleStandIns ? [] : [.define("HTTP_CLIENT_TRANSPORT", .when(platforms: [.linux]))]

let package = Package(
    name: "Screenplay",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Screenplay", targets: ["Screenplay"]),
        .library(name: "ScreenplayDSL", targets: ["ScreenplayDSL"]),
        .library(name: "ScreenplayPresentation", targets: ["ScreenplayPresentation"]),
        .library(name: "ScreenplayProtocol", targets: ["ScreenplayProtocol"]),
        .library(name: "ScreenplayServer", targets: ["ScreenplayServer"]),
        .library(name: "ScreenplayControl", targets: ["ScreenplayControl"]),
        .library(name: "ScreenplayClient", targets: ["ScreenplayClient"]),
        .library(name: "ScreenplayHTML", targets: ["ScreenplayHTML"]),
        .library(name: "ScreenplaySwiftUI", targets: ["ScreenplaySwiftUI"]),
        .library(name: "ScreenplayUIKit", targets: ["ScreenplayUIKit"]),
        .library(name: "ScreenplayFlags", targets: ["ScreenplayFlags"]),
        .executable(name: "screenplay", targets: ["screenplay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.86.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.8.0"),
        // The control plane's storage: SQLite embedded (no setup), PostgreSQL shared by instances.
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // `swift package generate-documentation`: every library module as DocC documentation (a
        // command plugin, never built into a product).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Screenplay"),
        // The SwiftUI-like names (`Text`, `VStack`, `Color` …) for code that builds screens; apps
        // that draw them with SwiftUI import the format without these names.
        .target(name: "ScreenplayDSL", dependencies: ["Screenplay"]),
        // What the server and the client both speak over HTTP: header names, the version rule,
        // weighted header lists, capability headers, and the intent, patch, stream and error messages.
        // What every renderer draws, decided once: layout, text styles, checked links and actions,
        // visibility, accessibility; rebuilt only where a change touches.
        .target(name: "ScreenplayPresentation", dependencies: ["Screenplay"]),
        // Feature flags evaluated exactly as GrowthBook's SDKs evaluate them: payloads, conditions,
        // hashing and bucketing, rules and prerequisites, and Screenplay's rule schedules.
        .target(name: "ScreenplayFlags", dependencies: ["Screenplay"]),
        .target(name: "ScreenplayProtocol", dependencies: ["Screenplay", .product(name: "HTTPTypes", package: "swift-http-types")]),
        .target(
            name: "ScreenplayServer",
            dependencies: [
                "Screenplay", "ScreenplayDSL",
                "ScreenplayProtocol",
                "ScreenplayHTML",
                "ScreenplayFlags",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // The connection guards are channel handlers around Hummingbird's HTTP/1.1 channel.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // Streams on connections of their own are set up as Hummingbird sets up HTTP/1.1.
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ]
        ),
        // What a product team changes without a deploy: stored experiments, published content, the
        // admin API, events and results, kept in SQLite or PostgreSQL and shared by every instance.
        .target(
            name: "ScreenplayControl",
            dependencies: [
                "ScreenplayFlags",
                "Screenplay", "ScreenplayDSL", "ScreenplayProtocol", "ScreenplayServer", "ScreenplayHTML", "ScreenplayPresentation",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedScripts"]
        ),
        .target(
            name: "ScreenplayDemo",
            dependencies: [
                "ScreenplayDSL", "ScreenplayServer", "ScreenplayControl",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Every screen as a web page: HTML, CSS and the small runtime script.
        .target(
            name: "ScreenplayHTML",
            dependencies: ["Screenplay", "ScreenplayDSL", "ScreenplayPresentation", .product(name: "Crypto", package: "swift-crypto")],
            plugins: ["EmbedScripts"]),
        // The page's and the studio's scripts are .js files (Sources/…/Scripts), embedded at build
        // time as Swift string literals by this plugin and its tool: nothing from outside.
        .executableTarget(name: "ScriptEmbedder", path: "Plugins/ScriptEmbedder"),
        .plugin(name: "EmbedScripts", capability: .buildTool(), dependencies: ["ScriptEmbedder"]),
        // The app runtime: platform-agnostic, so every renderer drives the same one. AsyncHTTPClient
        // is its transport on Linux; Apple platforms use URLSession and never build it.
        .target(
            name: "ScreenplayClient",
            dependencies: [
                "Screenplay",
                "ScreenplayPresentation",
                "ScreenplayProtocol",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ] + linuxTransport,
            swiftSettings: linuxTransportSettings
        ),
        .executableTarget(
            name: "screenplay",
            dependencies: [
                "Screenplay", "ScreenplayDSL",
                "ScreenplayClient",
                "ScreenplayControl",
                "ScreenplayPresentation",
                "ScreenplayProtocol",
                "ScreenplayServer",
                "ScreenplayDemo",
                "ScreenplayHTML",
                "ScreenplayFlags",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // Generators shared by the test targets; no product, so apps never see it.
        .target(name: "ScreenplayTestSupport", dependencies: ["Screenplay", "ScreenplayDSL", "ScreenplayPresentation"]),
        // A real PostgreSQL server for the tests of the control plane and of the studio in a browser.
        .target(name: "ScreenplayControlTestSupport", dependencies: ["ScreenplayControl"]),
        // Bounded waits, a child-process runner and the server fixture every test target shares
        // (docs/ARCHITECTURE.md, "Test harness"); no product.
        .target(
            name: "ScreenplayTestHarness",
            dependencies: [
                "ScreenplayControl", "ScreenplayDemo", "ScreenplayServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "ScreenplayTestHarnessTests",
            dependencies: [
                "ScreenplayTestHarness", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "ScreenplayTests",
            dependencies: ["Screenplay", "ScreenplayDSL", "ScreenplayPresentation", "ScreenplayHTML", "ScreenplayTestSupport"]),
        .testTarget(
            name: "ScreenplayPresentationTests",
            dependencies: ["ScreenplayPresentation", "ScreenplayDSL", "ScreenplayDemo", "ScreenplayHTML", "ScreenplayTestSupport"]
        ),
        .testTarget(
            name: "ScreenplayProtocolTests",
            dependencies: [
                "ScreenplayProtocol", "ScreenplayDSL", "ScreenplayTestSupport", .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "ScreenplayServerTests",
            dependencies: [
                "ScreenplayServer",
                "ScreenplayDSL",
                "ScreenplayDemo",
                "ScreenplayHTML",
                "ScreenplayPresentation",
                "ScreenplayTestSupport", "ScreenplayTestHarness",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CompressNIO", package: "compress-nio"),
                // The connection guards' timeouts, on an EmbeddedChannel whose clock the tests advance.
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "ScreenplayClientTests",
            dependencies: [
                "ScreenplayClient", "ScreenplayDSL", "ScreenplayDemo", "ScreenplayPresentation", "ScreenplayServer", "ScreenplayHTML",
                "ScreenplayTestSupport", "ScreenplayTestHarness", "ScreenplayControl", "ScreenplayControlTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
        // The suites that drive a headless Chromium (and the Nu HTML checker): a target of their
        // own, so that scripts/test runs them as one step (--filter ScreenplayBrowserTests).
        .testTarget(
            name: "ScreenplayBrowserTests",
            dependencies: [
                "ScreenplayClient", "ScreenplayDSL", "ScreenplayDemo", "ScreenplayPresentation", "ScreenplayServer", "ScreenplayHTML",
                "ScreenplayTestSupport", "ScreenplayTestHarness", "ScreenplayControl", "ScreenplayControlTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "ScreenplayCLITests", dependencies: ["screenplay", "ScreenplayTestHarness"]),
        .testTarget(name: "ScreenplayFlagsTests", dependencies: ["ScreenplayFlags", "Screenplay"]),
        .testTarget(
            name: "ScreenplayControlTests",
            dependencies: [
                "ScreenplayControl", "ScreenplayServer", "ScreenplayDSL", "ScreenplayDemo", "ScreenplayClient", "ScreenplayProtocol",
                "ScreenplayTestSupport", "ScreenplayTestHarness", "ScreenplayControlTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // The studio's tests read redirects and cookies as a browser receives them.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The native renderers: empty where SwiftUI and UIKit are missing (Linux), type-checked here
        // against the stand-ins by scripts/check-apple.
        .target(name: "ScreenplaySwiftUI", dependencies: ["Screenplay", "ScreenplayClient", "ScreenplayPresentation"]),
        .target(name: "ScreenplayUIKit", dependencies: ["Screenplay", "ScreenplaySwiftUI", "ScreenplayClient"]),
    ]
)

// The SwiftUI demo app: a Mac window on `screenplay serve` (`swift run screenplay-mac-demo`).
#if os(macOS)
    package.targets.append(
        .executableTarget(
            name: "screenplay-mac-demo", dependencies: ["ScreenplaySwiftUI", "ScreenplayClient"], path: "Sources/ScreenplayMacDemo"))
#endif

// scripts/check-apple: stand-in modules named SwiftUI and UIKit (Tests/AppleStandIns, never
// shipped) make `canImport(SwiftUI)` true on Linux, so the renderers are compiled and their views
// evaluated by the conformance suite here.
if appleStandIns {
    // Swift 5 mode, as Apple's own modules are built (their views are not main-actor isolated).
    package.targets.append(.target(name: "UIKit", path: "Tests/AppleStandIns/UIKit", swiftSettings: [.swiftLanguageMode(.v5)]))
    package.targets.append(
        .target(name: "SwiftUI", dependencies: ["UIKit"], path: "Tests/AppleStandIns/SwiftUI", swiftSettings: [.swiftLanguageMode(.v5)]))
    for target in package.targets where ["ScreenplaySwiftUI", "ScreenplayUIKit"].contains(target.name) {
        target.dependencies += ["SwiftUI", "UIKit"]
    }
    package.targets.append(
        .executableTarget(
            name: "screenplay-apple-check",
            dependencies: [
                "Screenplay", "ScreenplayClient", "ScreenplayPresentation", "ScreenplayProtocol", "ScreenplaySwiftUI", "ScreenplayUIKit",
                "ScreenplayTestSupport", "SwiftUI", "UIKit",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/AppleCheck"))
    #if !os(macOS)
        package.targets.append(
            .executableTarget(
                name: "screenplay-mac-demo", dependencies: ["ScreenplaySwiftUI", "ScreenplayClient", "SwiftUI"],
                path: "Sources/ScreenplayMacDemo"))
    #endif
}

// Benchmarks are opt-in so that users of the library never resolve or build them:
//   SCREENPLAY_BENCHMARKS=1 swift package benchmark            (ordo-one's package-benchmark suite)
//   SCREENPLAY_BENCHMARKS=1 swift run -c release screenplay-bench   (side-by-side ratios, peers)
if ProcessInfo.processInfo.environment["SCREENPLAY_BENCHMARKS"] != nil {
    // The runtime interposer trait needs a package this machine's mirror does not have; the malloc
    // interposer alone gives the allocation counts.
    package.dependencies.append(.package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]))
    // The documents every benchmark measures: the demo's screens, a 1,000-item gallery, a 1 MB screen.
    package.targets.append(
        .target(
            name: "BenchmarkScreens", dependencies: ["Screenplay", "ScreenplayDSL", "ScreenplayDemo", "ScreenplayTestSupport"],
            path: "Benchmarks/BenchmarkScreens")
    )
    package.targets.append(
        .executableTarget(
            name: "ScreenplayBenchmarks",
            dependencies: [
                "Screenplay", "ScreenplayDSL", "ScreenplayHTML", "BenchmarkScreens", .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScreenplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    )
    package.targets.append(
        .executableTarget(
            name: "screenplay-bench",
            dependencies: ["Screenplay", "ScreenplayDSL", "ScreenplayDemo", "ScreenplayPresentation", "BenchmarkScreens"],
            path: "Benchmarks/screenplay-bench"
        )
    )
    package.targets.append(.target(name: "CHeap", path: "Benchmarks/CHeap"))
    package.targets.append(
        .executableTarget(
            name: "screenplay-client-bench",
            dependencies: [
                "ScreenplayClient", "ScreenplayPresentation", "ScreenplayDemo", "ScreenplayServer", "CHeap",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/client-bench")
    )
}
