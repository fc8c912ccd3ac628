import Foundation

/// The error a wait with a time limit ends with when its operation has not finished in time:
/// it names what was awaited and the limit, so a failing test says what never happened.
public struct TimeLimitExceeded: Error, CustomStringConvertible, Sendable {
    /// What the test was waiting for ("the studio server to start").
    public let what: String
    /// How long it waited.
    public let limit: Duration

    public var description: String { "\(what) did not finish within \(limit)" }
}

/// Runs `operation` and returns its result, or throws ``TimeLimitExceeded`` naming `what` once
/// `limit` has passed, whichever comes first.
///
/// The operation runs in a task of its own that is cancelled when the limit passes, and the
/// caller is resumed at once, even if the operation does not react to cancellation (an
/// `await task.value`, a continuation nobody resumes): the wait is bounded whatever it awaits.
/// A task group racing a sleep would not be, since a group waits for all of its children.
///
///     let port = try await withTimeLimit(.seconds(30), "the server to listen") {
///         try await server.waitUntilListening()
///     }
public func withTimeLimit<Value: Sendable>(
    _ limit: Duration, _ what: String, operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = Race<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.begin(continuation)
            let work = Task {
                do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
            }
            let timer = Task {
                try? await Task.sleep(for: limit)
                if !Task.isCancelled { race.finish(.failure(TimeLimitExceeded(what: what, limit: limit))) }
                work.cancel()
            }
            race.onFinish {
                timer.cancel()
                work.cancel()
            }
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The first of the operation, the timer and the caller's cancellation to finish resumes the
/// caller; the others find it resumed.
private final class Race<Value: Sendable>: @unchecked Sendable {
    // Safe: every member is read and written with `lock` held.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var result: Result<Value, any Error>?
    private var cleanUp: (@Sendable () -> Void)?

    func begin(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = lock.withLock { () -> Result<Value, any Error>? in
            if result == nil { self.continuation = continuation }
            return result
        }
        if let early { continuation.resume(with: early) }
    }

    func onFinish(_ work: @escaping @Sendable () -> Void) {
        let finished = lock.withLock { () -> Bool in
            if result == nil { cleanUp = work }
            return result != nil
        }
        if finished { work() }
    }

    func finish(_ outcome: Result<Value, any Error>) {
        let (waiting, work) = lock.withLock { () -> (CheckedContinuation<Value, any Error>?, (@Sendable () -> Void)?) in
            guard result == nil else { return (nil, nil) }
            result = outcome
            defer {
                continuation = nil
                cleanUp = nil
            }
            return (continuation, cleanUp)
        }
        waiting?.resume(with: outcome)
        work?()
    }
}
