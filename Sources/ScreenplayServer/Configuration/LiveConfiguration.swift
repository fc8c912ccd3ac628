import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayFlags

/// What may change while the server runs, without a deploy: experiments (declared in code as
/// defaults, replaced by stored ones) and the content published into slots. Every request reads
/// one consistent snapshot; a change bumps the ``generation`` (which keys the render cache), and
/// the screens that used what changed are invalidated for their live subscribers.
///
/// The control plane (`ScreenplayControl`) keeps it in step with the database; without one, it
/// holds what the code declared.
///
/// ```swift
/// routes.configuration.store(Experiment("homeOrder", variants: [("servicesFirst", 20), ("paymentsFirst", 80)]))
/// routes.configuration.publish(PublishedContent(version: 3, content: Text("Sale").node), to: "home.promo")
/// ```
public final class LiveConfiguration: Sendable {
    /// Something a screen used that can change at run time.
    public enum Dependency: Sendable, Hashable {
        case experiment(String)
        case slot(String)
        case flag(String)
    }

    private struct State {
        var declared: [String: Experiment] = [:]
        var stored: [String: Experiment] = [:]
        var experiments: [String: Experiment] = [:]
        var slots: [String: PublishedContent] = [:]
        /// The feature flags in force, and what names their version (nil: none).
        var flags: (evaluator: FlagEvaluator, version: String)?
        var generation = 0
        var degradation: String?
        /// Which paths used what, as last rendered.
        var dependents: [Dependency: Set<String>] = [:]
        var pathCount = 0
        /// More paths than remembered were built since: a change may touch any of them.
        var overflowed = false
        /// The node ids of each path's screen that are its own (not a slot's content), as last built.
        var pageIDs: [String: Set<String>] = [:]

        mutating func merge() { experiments = declared.merging(stored) { _, stored in stored } }
    }

    private let state = NIOLockedValueBox(State())
    private let observers = NIOLockedValueBox<[@Sendable (Set<String>?) -> Void]>([])
    /// Where users' sticky assignments are read from, when something stores them.
    private let store = NIOLockedValueBox<(any AssignmentStore)?>(nil)
    private let ledger = NIOLockedValueBox<(any SpentTokenLedger)?>(nil)
    private let verifier = NIOLockedValueBox<UserTokenVerifier?>(nil)
    private let counter = NIOLockedValueBox<(any CapabilityCounter)?>(nil)
    /// The most paths whose dependencies are remembered; past it, a change invalidates every stream.
    let maxTrackedPaths = 20_000

    public init() {}

    // MARK: Reading

    /// Every experiment in force: the stored ones, and the declared ones nothing replaced.
    public var experiments: [String: Experiment] { state.withLockedValue { $0.experiments } }

    /// The feature flags in force (stored in the control plane, or a GrowthBook payload), nil
    /// when there are none: every flag then reads as unknown (off).
    public var flags: FlagEvaluator? { state.withLockedValue { $0.flags?.evaluator } }

    /// The version of the flags in force (what ``replace(flags:version:)`` was given).
    public var flagsVersion: String? { state.withLockedValue { $0.flags?.version } }

    /// The content published to `slot`, if any.
    public func content(of slot: String) -> PublishedContent? { state.withLockedValue { $0.slots[slot] } }

    /// Bumped by every change.
    public var generation: Int { state.withLockedValue { $0.generation } }

    /// Why the server is not fully itself (its database is unreachable …), or nil.
    public var degradation: String? { state.withLockedValue { $0.degradation } }

    /// Where sticky assignments come from.
    public var assignmentStore: (any AssignmentStore)? {
        get { store.withLockedValue { $0 } }
        set { store.withLockedValue { $0 = newValue } }
    }

    /// Where the ids of spent state tokens are shared with other instances (intents registered
    /// `once: true`), when something shares them; otherwise each process remembers its own.
    public var spentTokenLedger: (any SpentTokenLedger)? {
        get { ledger.withLockedValue { $0 } }
        set { ledger.withLockedValue { $0 = newValue } }
    }

    /// Who users are, verified: with a verifier, only the `sub` of a valid `Screenplay-User-Token`
    /// is a user (experiments count only them, events are stored only for them); without one,
    /// `Screenplay-User` is taken as said (``UserTokenVerifier``).
    public var userTokens: UserTokenVerifier? {
        get { verifier.withLockedValue { $0 } }
        set { verifier.withLockedValue { $0 = newValue } }
    }

    /// Where the capability sets of the screens sent are counted, when something counts them
    /// (the control plane's census).
    public var capabilityCounter: (any CapabilityCounter)? {
        get { counter.withLockedValue { $0 } }
        set { counter.withLockedValue { $0 = newValue } }
    }

    // MARK: Changing

    /// An experiment declared in code: in force unless a stored one of the same name replaces it.
    public func declare(_ experiment: Experiment) {
        change(.experiment(experiment.name)) {
            $0.declared[experiment.name] = experiment
        }
    }

    /// A stored experiment, replacing a declared one of the same name.
    public func store(_ experiment: Experiment) {
        change(.experiment(experiment.name)) { $0.stored[experiment.name] = experiment }
    }

    /// Drops the stored experiment `name`: the declared one, if any, is in force again.
    public func forgetExperiment(_ name: String) {
        change(.experiment(name)) { $0.stored[name] = nil }
    }

    /// Publishes `content` to `slot` (nil: nothing, so screens show their fallback).
    public func publish(_ content: PublishedContent?, to slot: String) {
        change(.slot(slot)) { $0.slots[slot] = content }
    }

    /// Replaces every stored experiment and all published content at once (a reload from storage),
    /// invalidating only what differs.
    public func replace(experiments: [Experiment], slots: [String: PublishedContent]) {
        let stored = Dictionary(experiments.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let changed: [Dependency] = state.withLockedValue { state in
            var changed: [Dependency] = []
            for name in Set(stored.keys).union(state.stored.keys) where stored[name] != state.stored[name] {
                changed.append(.experiment(name))
            }
            for name in Set(slots.keys).union(state.slots.keys) where slots[name] != state.slots[name] { changed.append(.slot(name)) }
            return changed
        }
        guard !changed.isEmpty else { return }
        changeAll(changed) { state in
            state.stored = stored
            state.slots = slots
        }
    }

    /// Puts `flags` in force, named by `version` (a payload's hash, say): the screens that read a
    /// flag are invalidated for their live subscribers; the same version again changes nothing.
    ///
    /// ```swift
    /// configuration.replace(flags: FlagEvaluator(payload: payload), version: payloadHash)
    /// ```
    ///
    /// - Parameters:
    ///   - flags: the flags, or nil for none.
    ///   - version: what names this set of flags.
    public func replace(flags: FlagEvaluator?, version: String) {
        let keys: [String]? = state.withLockedValue { state in
            guard state.flags?.version != version || (flags == nil) != (state.flags == nil) else { return nil }
            let before = Set(state.flags?.evaluator.payload.features.keys ?? [:].keys)
            return before.union(flags?.payload.features.keys ?? [:].keys).sorted()
        }
        guard let keys else { return }
        changeAll(keys.map(Dependency.flag)) { state in state.flags = flags.map { ($0, version) } }
    }

    /// Says why the server is degraded, or (nil) that it is itself again.
    public func setDegradation(_ reason: String?) {
        state.withLockedValue { $0.degradation = reason }
    }

    /// Calls `observer` with the paths of the screens a change touched, or nil when it may have
    /// touched any (the pipeline invalidates their live subscribers).
    public func onChange(_ observer: @escaping @Sendable (Set<String>?) -> Void) {
        observers.withLockedValue { $0.append(observer) }
    }

    // MARK: Dependencies

    /// Remembers what the screen at `path` used when it was last built.
    func record(path: String, experiments: [String], slots: [String], flags: [String] = []) {
        guard !experiments.isEmpty || !slots.isEmpty || !flags.isEmpty else { return }
        state.withLockedValue { state in
            for dependency in experiments.map(Dependency.experiment) + slots.map(Dependency.slot) + flags.map(Dependency.flag) {
                if state.dependents[dependency, default: []].insert(path).inserted { state.pathCount += 1 }
            }
            if state.pathCount > maxTrackedPaths {
                state.dependents = [:]
                state.pathCount = 0
                state.overflowed = true
            }
        }
    }

    /// Remembers the ids a screen's own nodes have at `path` (at most ``maxTrackedPaths`` paths).
    func record(path: String, pageIDs ids: Set<String>) {
        state.withLockedValue { state in
            if state.pageIDs.count >= maxTrackedPaths, state.pageIDs[path] == nil { state.pageIDs.removeAll() }
            state.pageIDs[path] = ids
        }
    }

    /// The screens that place `slot` and have a node of their own with one of `ids`: publishing
    /// content with those ids would give two elements of the page one id.
    ///
    /// ```swift
    /// configuration.pagesSharingIDs(withSlot: "home.promo", ids: ["services"])   // [("home", "services")]
    /// ```
    public func pagesSharingIDs(withSlot slot: String, ids: Set<String>) -> [(path: String, id: String)] {
        guard !ids.isEmpty else { return [] }
        return state.withLockedValue { state in
            (state.dependents[.slot(slot)] ?? []).sorted().flatMap { path in
                (state.pageIDs[path] ?? []).intersection(ids).sorted().map { (path, $0) }
            }
        }
    }

    private func change(_ dependency: Dependency, _ body: (inout State) -> Void) {
        changeAll([dependency], body)
    }

    private func changeAll(_ dependencies: [Dependency], _ body: (inout State) -> Void) {
        let paths = state.withLockedValue { state -> Set<String>? in
            body(&state)
            state.merge()
            state.generation += 1
            if state.overflowed { return nil }
            return dependencies.reduce(into: Set<String>()) { $0.formUnion(state.dependents[$1] ?? []) }
        }
        if paths?.isEmpty == true { return }
        for observer in observers.withLockedValue({ $0 }) { observer(paths) }
    }
}

/// Where users' assignments are kept so that they stay in their variant when the weights change.
public protocol AssignmentStore: Sendable {
    /// The variants stored for `user`, by ``ExperimentAssignments/stickyKey(_:bucketVersion:)``:
    /// quickly, or empty when they cannot be had now.
    func assignments(of user: String) async -> [String: String]
}

/// The spent state tokens of every instance: a token spent on one is refused on the others.
public protocol SpentTokenLedger: Sendable {
    /// Records the token's id as spent until `expires` (Unix seconds): true when it was not spent
    /// before; throws when the ledger cannot be reached (the intent is then refused, not run twice).
    func spend(id: String, expires: Int) async throws -> Bool
}
