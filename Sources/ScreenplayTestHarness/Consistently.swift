/// The error ``consistently(for:pollingEvery:_:condition:)`` ends with: what should have kept
/// holding, when it stopped, and the window it had to hold for.
public struct ConditionStoppedHolding: Error, CustomStringConvertible, Sendable {
    /// The condition, in words ("the hidden page's timer holds still").
    public let what: String
    /// How far into the window it was first seen not to hold.
    public let after: Duration
    /// The whole window it had to hold for.
    public let window: Duration

    public var description: String { "\(what): stopped holding after \(after) of \(window)" }
}

/// Checks that `condition` holds for the whole of `window`, looking every `poll`, and throws
/// ``ConditionStoppedHolding`` naming `what` the moment it is seen not to hold. The partner of
/// ``eventually(within:pollingEvery:_:condition:)`` for "nothing happens": a second tap sends
/// nothing more, a hidden page's timer does not tick. It holds for the whole window, fails the
/// moment it stops holding, naming what.
///
///     try await consistently(for: .milliseconds(500), "the hidden page's timer holds still") {
///         try await ticks() == held
///     }
public func consistently(
    for window: Duration, pollingEvery poll: Duration = .milliseconds(20), _ what: String,
    condition: () async throws -> Bool
) async throws {
    let start = ContinuousClock.now
    let end = start + window
    repeat {
        if !(try await condition()) { throw ConditionStoppedHolding(what: what, after: start.duration(to: .now), window: window) }
        try await Task.sleep(for: min(poll, max(.zero, ContinuousClock.now.duration(to: end))))
    } while ContinuousClock.now < end
    if !(try await condition()) { throw ConditionStoppedHolding(what: what, after: start.duration(to: .now), window: window) }
}
