/// An operation took longer than it was given.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let deadline: Duration
    var description: String { "no answer within \(deadline)" }
}

/// Runs `operation`, cancelling it and throwing ``DeadlineExceeded`` when it outlasts `deadline`
/// on `clock` (a pool waiting for a database that is down would otherwise wait for ever).
func withDeadline<Value: Sendable>(
    _ deadline: Duration, clock: any Clock<Duration> = ContinuousClock(), _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await clock.sleep(for: deadline)
            throw DeadlineExceeded(deadline: deadline)
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw DeadlineExceeded(deadline: deadline) }
        return value
    }
}
