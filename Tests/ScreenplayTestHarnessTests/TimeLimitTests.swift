import ScreenplayTestHarness
import Testing

/// The bounded waits: a time limit ends a wait even on an operation that ignores cancellation,
/// and says what was awaited; a condition wait says which condition never held.
struct TimeLimitTests {
    @Test func aTimeLimitEndsAWaitThatIgnoresCancellation() async throws {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        // An unstructured task's value: its wait does not end when the waiter is cancelled.
        let stuck = Task { for await _ in gate {} }
        do {
            try await withTimeLimit(.milliseconds(100), "the stuck operation") { await stuck.value }
            Issue.record("the wait ended without its operation")
        } catch let error as TimeLimitExceeded {
            #expect(error.what == "the stuck operation")
            #expect("\(error)".contains("the stuck operation did not finish within"))
        }
        open.finish()
        await stuck.value
    }

    @Test func anOperationThatFinishesInTimeGivesItsResultAndItsError() async throws {
        #expect(try await withTimeLimit(.seconds(30), "adding") { 1 + 1 } == 2)
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await withTimeLimit(.seconds(30), "refusing") { throw Refused() } }
    }

    @Test func aConditionThatNeverHoldsNamesItself() async throws {
        do {
            try await eventually(within: .milliseconds(50), "the moon to turn blue") { false }
            Issue.record("a false condition held")
        } catch let error as ConditionNotMet {
            #expect("\(error)" == "the moon to turn blue: not true within 0.05 seconds")
        }
        var looks = 0
        try await eventually(within: .seconds(30), "the third look") {
            looks += 1
            return looks == 3
        }
        #expect(looks == 3)
    }
}
