/// The error ``eventually(within:pollingEvery:_:condition:)`` ends with: what was awaited and how long.
public struct ConditionNotMet: Error, CustomStringConvertible, Sendable {
    /// The condition, in words ("the subscriber to be registered").
    public let what: String
    /// How long it was awaited.
    public let limit: Duration

    public var description: String { "\(what): not true within \(limit)" }
}

/// Waits until `condition` holds, looking every `poll`, and returns as soon as it does; throws
/// ``ConditionNotMet`` naming `what` when it still does not hold after `limit`. A wait on a
/// condition instead of a sleep: as fast as the condition allows, bounded when it never comes.
///
///     try await eventually(within: .seconds(5), "the count to reach 3") { await counter.value == 3 }
public func eventually(
    within limit: Duration = .seconds(20), pollingEvery poll: Duration = .milliseconds(20), _ what: String,
    condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: poll)
    }
    if try await condition() { return }
    throw ConditionNotMet(what: what, limit: limit)
}
