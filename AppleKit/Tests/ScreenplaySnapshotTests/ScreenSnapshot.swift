import ScreenplayAppleKit
import SnapshotTesting
import SwiftUI
import XCTest

#if os(iOS)
    import UIKit
#endif

/// Asserts a fixture's snapshots in every ``SnapshotVariant``: on iOS, `ScreenView` in a
/// `UIHostingController` on an iPhone 13-sized screen (390 × 844 points, its safe areas) at 2×; on
/// macOS, in an `NSHostingView` of the same size, at 2× (``WindowSnapshot``).
///
/// The references are `__Snapshots__/<test file>/<test>.<fixture>-<variant>.png` beside the test
/// file; a missing one is recorded (and the test fails, saying so), and `SNAPSHOT_TESTING_RECORD=all`
/// re-records them all (AppleKit/check --record).
@MainActor
enum ScreenSnapshot {
    /// A pixel matches when it is within 2% of the reference's (ΔE: what an eye tells apart), so
    /// that anti-aliasing differences between Macs do not fail a test; every pixel must match.
    static let perceptualPrecision: Float = 0.98

    static func assertSnapshots(
        of fixture: SnapshotFixture, fileID: StaticString = #fileID, file: StaticString = #filePath,
        testName: String = #function, line: UInt = #line
    ) async {
        let screen: FixtureScreen
        do {
            screen = try await FixtureScreen.open(fixture)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return
        }
        for variant in SnapshotVariant.all {
            let name = "\(fixture.name)-\(variant.name)"
            #if os(iOS)
                let controller: UIViewController = UIHostingController(rootView: screen.view)
                assertSnapshot(
                    of: controller,
                    as: .image(on: .iPhone13, perceptualPrecision: perceptualPrecision, traits: variant.traits),
                    named: name, fileID: fileID, file: file, testName: testName, line: line)
            #elseif os(macOS)
                do {
                    let image = try await WindowSnapshot.image(of: screen.view, style: variant.style)
                    assertSnapshot(
                        of: image, as: .image(perceptualPrecision: perceptualPrecision),
                        named: name, fileID: fileID, file: file, testName: testName, line: line)
                } catch {
                    XCTFail("\(name): \(error)", file: file, line: line)
                }
            #endif
        }
    }
}

#if os(iOS)
    extension SnapshotVariant {
        /// The variant's traits, at a fixed scale so that the images do not depend on the simulator.
        @MainActor var traits: UITraitCollection {
            UITraitCollection { traits in
                traits.userInterfaceStyle = style == .dark ? .dark : .light
                traits.preferredContentSizeCategory = size.category
                traits.displayScale = 2
            }
        }
    }
#endif
