// swift-tools-version:6.1
// The Apple kit's snapshot tests (AppleKit/check runs them with xcodebuild): every conformance case
// of Tests/Conformance and every example screen of Examples/screens, drawn by ScreenplaySwiftUI on an
// iOS Simulator (light and dark, three Dynamic Type sizes) and on macOS (light and dark), compared
// with the reference images in Tests/ScreenplaySnapshotTests/__Snapshots__.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder: the repository's, whatever it was cloned as.
let screenplay = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ScreenplayAppleKit",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "ScreenplayAppleKit", targets: ["ScreenplayAppleKit"])
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // The same URL as the root package's, so that both resolve to one checkout.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // The repository's screens as fixtures, served to a real runtime and drawn by ScreenView.
        .target(
            name: "ScreenplayAppleKit",
            dependencies: [
                .product(name: "Screenplay", package: screenplay),
                .product(name: "ScreenplayClient", package: screenplay),
                .product(name: "ScreenplaySwiftUI", package: screenplay),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "ScreenplaySnapshotTests",
            dependencies: [
                "ScreenplayAppleKit",
                .product(name: "ScreenplaySwiftUI", package: screenplay),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The reference images are read by path, not bundled.
            exclude: ["__Snapshots__"]
        ),
    ]
)
