import ScreenplayTestHarness
import Testing

/// The "nothing happens" wait: a condition that keeps holding passes after the window, one that
/// stops holding fails at once and says which condition broke.
struct ConsistentlyTests {
    @Test func aConditionThatKeepsHoldingPassesAfterLookingMoreThanOnce() async throws {
        var looks = 0
        try await consistently(for: .milliseconds(100), pollingEvery: .milliseconds(10), "the sky stays grey") {
            looks += 1
            return true
        }
        #expect(looks >= 2, "it looked \(looks) times")
    }

    @Test func aConditionThatStopsHoldingMidWindowFailsNamingItself() async throws {
        var looks = 0
        do {
            try await consistently(for: .seconds(30), pollingEvery: .milliseconds(1), "the counter stays below 3") {
                looks += 1
                return looks < 3
            }
            Issue.record("a condition that stopped holding held")
        } catch let error as ConditionStoppedHolding {
            #expect(looks == 3, "it went on looking after the condition broke")
            #expect(error.what == "the counter stays below 3")
            #expect("\(error)".hasPrefix("the counter stays below 3: stopped holding after "))
            #expect(error.after < .seconds(30))
        }
    }
}
