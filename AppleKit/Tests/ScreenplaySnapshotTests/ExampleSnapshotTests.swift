import ScreenplayAppleKit
import XCTest

/// Every example screen of the write-ups (Examples/screens), as ScreenView draws it (light and dark,
/// and on iOS at three Dynamic Type sizes).
final class ExampleSnapshotTests: XCTestCase {
    @MainActor
    func testExampleScreens() async throws {
        let fixtures = try SnapshotFixture.exampleScreens()
        for fixture in fixtures {
            await ScreenSnapshot.assertSnapshots(of: fixture)
        }
    }
}
