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
        /// Which paths used what, and their own node ids, as last built.
        var dependents = ScreenDependents()

        mutating func merge() { experiments = declared.merging(stored) { _, stored in stored } }
    }

    private let state = NIOLockedValueBox(State())
    private let observers = NIOLockedValueBox<[@Sendable (Set<String>?) -> Void]>([])
    /// Where users' sticky assignments are read from, when something stores them.
    private let store = NIOLockedValueBox<(any AssignmentStore)?>(nil)
    private let ledger = NIOLockedValueBox<(any SpentTokenLedger)?>(nil)
    private let verifier = NIOLockedValueBox<UserTokenVerifier?>(nil)
    private let counter = NIOLockedValueBox<(any CapabilityCounter)?>(nil)

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
        state.withLockedValue { $0.dependents.record(path: path, experiments: experiments, slots: slots, flags: flags) }
    }

    /// Remembers the ids a screen's own nodes have at `path` (at most ``ScreenDependents/maxTrackedPaths`` paths).
    func record(path: String, pageIDs ids: Set<String>) {
        state.withLockedValue { $0.dependents.record(path: path, pageIDs: ids) }
    }

    /// The screens that place `slot` and have a node of their own with one of `ids`: publishing
    /// content with those ids would give two elements of the page one id.
    ///
    /// ```swift
    /// configuration.pagesSharingIDs(withSlot: "home.promo", ids: ["services"])   // [("home", "services")]
    /// ```
    public func pagesSharingIDs(withSlot slot: String, ids: Set<String>) -> [(path: String, id: String)] {
        guard !ids.isEmpty else { return [] }
        return state.withLockedValue { $0.dependents.pagesSharingIDs(withSlot: slot, ids: ids) }
    }

    private func change(_ dependency: Dependency, _ body: (inout State) -> Void) {
        changeAll([dependency], body)
    }

    private func changeAll(_ dependencies: [Dependency], _ body: (inout State) -> Void) {
        let paths = state.withLockedValue { state -> Set<String>? in
            body(&state)
            state.merge()
            state.generation += 1
            return state.dependents.paths(touchedBy: dependencies)
        }
        if paths?.isEmpty == true { return }
        for observer in observers.withLockedValue({ $0 }) { observer(paths) }
    }
}
