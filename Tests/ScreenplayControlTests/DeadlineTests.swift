import Dispatch
import Testing

@testable import ScreenplayControl

/// The statement deadline: an operation that cannot stop in time is not reported lost when it
/// finished anyway (a publish whose commit was already sent), and one that stopped is.
@Suite struct DeadlineTests {
    /// Waits `milliseconds` on a dispatch timer, deaf to cancellation (as a commit already sent is).
    static func wait(milliseconds: Int) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { continuation.resume() }
        }
    }

    @Test func anOperationThatFinishedAfterTheDeadlineIsNotReportedLost() async throws {
        let value = try await withDeadline(.milliseconds(20)) {
            await Self.wait(milliseconds: 200)
            return 42
        }
        #expect(value == 42)
    }

    @Test func anOperationThatStoppedIsADeadlineExceeded() async {
        await #expect(throws: DeadlineExceeded.self) {
            try await withDeadline(.milliseconds(20)) {
                // Kept: the slow operation the deadline cuts short (cancelled after 20 ms).
                try await Task.sleep(for: .seconds(5))
                return 1
            }
        }
    }

    @Test func aFastOperationsValueAndErrorPassThrough() async throws {
        #expect(try await withDeadline(.seconds(5)) { 7 } == 7)
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await withDeadline(.seconds(5)) { () async throws -> Int in throw Refused() } }
    }
}
