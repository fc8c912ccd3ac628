import Screenplay
import ScreenplayProtocol

/// A rollout that moves by itself: one force rule of a flag (by its id) steps its coverage on a
/// schedule, and is rolled back to no one — with an audit entry saying why — when a watched event
/// (failed intents, client errors, or a conversion that should not fall) is worse for the users it
/// includes than for those it holds back, beyond a threshold. ``RolloutGuard`` runs it.
///
/// ```json
/// "guardedRollout": {"rule": "ios-rollout", "steps": [0.05, 0.25, 1], "every": 86400,
///                    "watch": {"event": "client_error", "worseWhen": "higher", "threshold": 0.02, "minimumUsers": 200}}
/// ```
public struct GuardedRollout: Sendable, Hashable {
    /// Where it stands.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Stepping, and watching.
        case rolling
        /// At its last step: nothing more to do.
        case done
        /// Rolled back by the guard: the rule includes no one until someone changes the flag.
        case rolledBack
    }

    /// Whether more of the watched event is worse (errors) or less (a conversion).
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        case higher, lower
    }

    /// The id of the force rule whose coverage steps.
    public var rule: String
    /// The coverages, one after another (increasing, each 0 to 1, at most 20).
    public var steps: [Double]
    /// Seconds between two steps.
    public var every: Int
    /// The event watched (an event name apps send, like `client_error`).
    public var event: String
    public var worseWhen: Direction
    /// How much worse the included users' rate of the event may be than the held-back users'
    /// (an absolute difference of rates, 0 to 1) before the rollout is rolled back.
    public var threshold: Double
    /// The fewest users in each group before the rates are compared.
    public var minimumUsers: Int
    /// When the first step began (Unix milliseconds): set when the flag is saved without it.
    public var startedAt: Int64?
    public var state: State = .rolling
    /// Why it was rolled back.
    public var reason: String?

    /// - Parameters:
    ///   - rule: the id of the force rule whose coverage steps.
    ///   - steps: the coverages, one after another.
    ///   - every: seconds between two steps.
    ///   - event: the event watched.
    ///   - worseWhen: whether more of it is worse.
    ///   - threshold: how much worse the included users' rate may be.
    ///   - minimumUsers: the fewest users in each group before comparing.
    public init(
        rule: String, steps: [Double], every: Int, event: String, worseWhen: Direction = .higher, threshold: Double,
        minimumUsers: Int = 100
    ) {
        self.rule = rule
        self.steps = steps
        self.every = every
        self.event = event
        self.worseWhen = worseWhen
        self.threshold = threshold
        self.minimumUsers = minimumUsers
    }

    /// The coverage its schedule asks for at `now` (Unix milliseconds).
    func coverage(at now: Int64) -> Double {
        let elapsed = max(0, now - (startedAt ?? now))
        let step = Int(min(Int64(steps.count - 1), elapsed / (Int64(every) * 1_000)))
        return steps[step]
    }

    /// Whether the included users' rate is worse than the held-back users' beyond the threshold.
    func isWorse(included: Double, heldBack: Double) -> Bool {
        (worseWhen == .higher ? included - heldBack : heldBack - included) > threshold
    }

    // MARK: Document

    enum Key: String, JSONKey, CaseIterable {
        case rule, steps, every, watch, startedAt, state, reason
    }

    enum WatchKey: String, JSONKey, CaseIterable {
        case event, worseWhen, threshold, minimumUsers
    }

    var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.rule] = .string(rule)
        members[Key.steps] = .array(steps.map(JSONValue.number))
        members[Key.every] = .number(Double(every))
        var watch: [String: JSONValue] = [:]
        watch[WatchKey.event] = .string(event)
        watch[WatchKey.worseWhen] = .string(worseWhen.rawValue)
        watch[WatchKey.threshold] = .number(threshold)
        watch[WatchKey.minimumUsers] = .number(Double(minimumUsers))
        members[Key.watch] = .object(watch)
        members[Key.startedAt] = startedAt.map { .number(Double($0)) }
        members[Key.state] = .string(state.rawValue)
        members[Key.reason] = reason.map(JSONValue.string)
        return .object(members)
    }

    /// Reads a guarded rollout at `path`, each problem at its member's path.
    static func read(_ json: JSONValue, at path: JSONPath, problems: inout [Diagnostic]) -> GuardedRollout? {
        let before = problems.count
        func problem(_ keys: [String], _ message: String) {
            problems.append(.error(at: JSONPath(path.components + keys.map { .key($0) }), message))
        }
        guard case .object(let members) = json else {
            problems.append(.error(at: path, "a guarded rollout is {\"rule\", \"steps\", \"every\", \"watch\": {…}}"))
            return nil
        }
        for name in members.keys.sorted() where Key(rawValue: name) == nil {
            problem([ScreenplayError.quoting(name)], "a guarded rollout has no such member")
        }
        let rule = members[Key.rule]?.stringValue ?? ""
        if rule.isEmpty || rule.count > 128 { problem([Key.rule.rawValue], "the id of one of the flag's force rules, 1 to 128 characters") }
        let steps = members[Key.steps]?.arrayValue?.compactMap(\.doubleValue) ?? []
        if steps.isEmpty || steps.count > 20 || steps.count != members[Key.steps]?.arrayValue?.count
            || steps.contains(where: { !(0...1).contains($0) })
            || zip(steps, steps.dropFirst()).contains(where: { $0 >= $1 })
        {
            problem([Key.steps.rawValue], "1 to 20 coverages from 0 to 1, each more than the one before")
        }
        let every = members[Key.every]?.intValue ?? 0
        if !(1...31_536_000).contains(every) { problem([Key.every.rawValue], "seconds between two steps, 1 to 31,536,000") }
        let watch = members[Key.watch]?.objectValue ?? [:]
        if members[Key.watch]?.objectValue == nil {
            problem([Key.watch.rawValue], "{\"event\", \"worseWhen\", \"threshold\", \"minimumUsers\"}")
        }
        for name in watch.keys.sorted() where WatchKey(rawValue: name) == nil {
            problem([Key.watch.rawValue, ScreenplayError.quoting(name)], "a watch has no such member")
        }
        let event = watch[WatchKey.event]?.stringValue ?? ""
        if event.isEmpty || event.count > 128 {
            problem([Key.watch.rawValue, WatchKey.event.rawValue], "an event name, 1 to 128 characters")
        } else if let wrong = StoredText.name(maxLength: 128).problem(in: event) {
            problem([Key.watch.rawValue, WatchKey.event.rawValue], "an event name \(wrong)")
        }
        let direction = watch[WatchKey.worseWhen].map { $0.stringValue.flatMap(Direction.init(rawValue:)) } ?? .higher
        if direction == nil { problem([Key.watch.rawValue, WatchKey.worseWhen.rawValue], "higher or lower") }
        let threshold = watch[WatchKey.threshold]?.doubleValue ?? -1
        if !(0...1).contains(threshold) { problem([Key.watch.rawValue, WatchKey.threshold.rawValue], "a difference of rates from 0 to 1") }
        let minimum = watch[WatchKey.minimumUsers].map { $0.intValue ?? -1 } ?? 100
        if !(1...10_000_000).contains(minimum) { problem([Key.watch.rawValue, WatchKey.minimumUsers.rawValue], "1 to 10,000,000 users") }
        var rollout = GuardedRollout(
            rule: rule, steps: steps, every: every, event: event, worseWhen: direction ?? .higher, threshold: threshold,
            minimumUsers: minimum)
        switch members[Key.startedAt] {
        case nil, .null?: break
        case .number(let value)? where value >= 0 && value < 1e15: rollout.startedAt = Int64(value)
        default: problem([Key.startedAt.rawValue], "Unix milliseconds")
        }
        switch members[Key.state] {
        case nil, .null?: break
        case .string(let text)? where State(rawValue: text) != nil: rollout.state = State(rawValue: text) ?? .rolling
        default: problem([Key.state.rawValue], "rolling, done or rolledBack")
        }
        rollout.reason = members[Key.reason]?.stringValue.map { String($0.prefix(1_000)) }
        return problems.count == before ? rollout : nil
    }
}
