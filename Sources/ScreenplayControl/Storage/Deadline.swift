/// An operation took longer than it was given.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let deadline: Duration
    var description: String { "no answer within \(deadline)" }
}

/// Runs `operation`, cancelling it and throwing ``DeadlineExceeded`` when it outlasts `deadline`
/// on `clock` (a pool waiting for a database that is down would otherwise wait for ever).
///
/// A cancelled operation may still finish what it was doing (a transaction whose commit was
/// already sent): its outcome is awaited, and when it succeeded its value is returned, so that a
/// change that was made is never reported as "nothing was changed" (a client would retry it and
/// make it twice).
func withDeadline<Value: Sendable>(
    _ deadline: Duration, clock: any Clock<Duration> = ContinuousClock(), _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: DeadlineOutcome<Value>.self) { group in
        group.addTask { .value(try await operation()) }
        group.addTask {
            try await clock.sleep(for: deadline)
            return .deadline
        }
        defer { group.cancelAll() }
        switch try await group.next() {
        case .value(let value)?: return value
        case .deadline?, nil:
            group.cancelAll()
            if case .value(let value)? = try? await group.next() { return value }
            throw DeadlineExceeded(deadline: deadline)
        }
    }
}

/// What comes first in ``withDeadline(_:clock:_:)``: the operation's value or the deadline.
enum DeadlineOutcome<Value: Sendable>: Sendable {
    case value(Value)
    case deadline
}
