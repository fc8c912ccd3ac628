import ScreenplayAppleKit
import XCTest

/// Every conformance case of Tests/Conformance, as ScreenView draws it (light and dark, and on iOS
/// at three Dynamic Type sizes). The suite's facts say what each case must show; these pictures
/// show how it looks, so a layout, colour or size regression is seen.
final class ConformanceSnapshotTests: XCTestCase {
    @MainActor
    func testConformanceCases() async throws {
        let fixtures = try SnapshotFixture.conformanceCases()
        for fixture in fixtures {
            await ScreenSnapshot.assertSnapshots(of: fixture)
        }
    }
}
