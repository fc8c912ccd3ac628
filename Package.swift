// swift-tools-version:6.0
import PackageDescription
import Foundation

let package = Package(
    name: "Screenplay",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Screenplay", targets: ["Screenplay"]),
        .executable(name: "screenplay", targets: ["screenplay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .target(name: "Screenplay"),
        .executableTarget(
            name: "screenplay",
            dependencies: [
                "Screenplay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ScreenplayTests", dependencies: ["Screenplay"]),
        .testTarget(name: "ScreenplayCLITests", dependencies: ["screenplay"]),
    ]
)

// Benchmarks are opt-in so that users of the library never resolve or build them:
// `SCREENPLAY_BENCHMARKS=1 swift run -c release screenplay-bench`.
if ProcessInfo.processInfo.environment["SCREENPLAY_BENCHMARKS"] != nil {
    package.targets.append(
        .executableTarget(name: "screenplay-bench", dependencies: ["Screenplay"], path: "Benchmarks/screenplay-bench")
    )
}
