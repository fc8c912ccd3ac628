import Foundation
import Screenplay
import ScreenplayProtocol

/// What a screen runs by itself in the app: its `onAppear` actions, its triggers after every
/// change of its variables (an action, typing, a timer, an intent's answer), and its timers on the
/// runtime's clock. The decisions are the shared ones (`TriggerEvaluator`, `ScreenTimers`);
/// this class only runs them: it queues the actions due and has the runtime perform them in order,
/// sleeps on the clock until the next tick, and stops every timer when the screen goes away.
///
/// ```swift
/// let store = runtime.current!
/// await runtime.perform(.timer("offer", .start))
/// store.behaviour.isIdle   // true once every action due has run
/// ```
@MainActor
public final class StoreBehaviour {
    /// The triggers of the screen shown, and which `once` triggers are spent.
    public private(set) var triggers = TriggerEvaluator(triggers: [])
    /// The timers of the screen shown.
    public private(set) var timers = ScreenTimers(timers: [])
    /// Whether no action is waiting to run.
    public var isIdle: Bool { pending.isEmpty && !draining }

    /// Performs an action for the store (the runtime's `perform(_:on:)`).
    var perform: (@MainActor (Action) async -> Void)?
    /// Reports what went wrong (a failing condition, the loop bound, a command ignored).
    var report: (@MainActor (String, String) -> Void)?

    private let clock: ScreenplayClock
    private let elapsed: @Sendable () -> Duration
    private var pending: [Action] = []
    private var draining = false
    private var screenID: String?
    private var ticking: Task<Void, Never>?
    private weak var store: ScreenStore?

    init(clock: ScreenplayClock, store: ScreenStore) {
        self.clock = clock
        elapsed = Self.stopwatch(clock.clock)
        self.store = store
    }

    /// Milliseconds on the clock since the store was made: the scale timers run on.
    var now: Int {
        let (seconds, attoseconds) = elapsed().components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// A screen was shown: another screen than before starts its triggers and timers afresh and
    /// queues its `onAppear`; the same screen again (an intent's answer, a live update) keeps them.
    func shown(_ screen: Screen, variables: ScreenVariables) {
        guard screen.id != screenID || triggers.triggers != screen.triggers || timers.timers != screen.timers else { return }
        let appeared = screen.id != screenID
        let held = triggers.heldFrom != nil || timers.isHeld
        stop()
        screenID = screen.id
        triggers = TriggerEvaluator(triggers: screen.triggers)
        timers = ScreenTimers(timers: screen.timers)
        // A screen off screen that gets new behaviour (an answer, a live update) keeps it held.
        if held { hold(variables: variables) }
        if appeared { enqueue(screen.onAppear) }
    }

    /// The variables went from `old` to the store's values: the triggers that fire queue their actions.
    func changed(from old: ScreenVariables, to new: ScreenVariables, evaluator: ExpressionEvaluator) {
        guard !triggers.triggers.isEmpty else { return }
        // A change made while actions run is part of the change that started them.
        if !draining { triggers.beginChange() }
        let outcome = triggers.evaluate(from: old, to: new, evaluator: evaluator)
        for problem in outcome.problems { report?("trigger", problem) }
        if outcome.limited {
            report?("trigger", "more than \(triggers.limits.maximumFiringsPerChange) triggers fired for one change; the rest were skipped")
        }
        enqueue(outcome.actions)
    }

    /// Holds the timers and triggers: the screen is not on screen. The actions already due still
    /// run (an intent's answer updates the screen); a navigation among them is the runtime's to refuse.
    func hold(variables: ScreenVariables) {
        triggers.hold(variables)
        timers.hold(at: now)
        schedule()
    }

    /// Releases them: the screen is on screen again. The timers go on from where they were; the
    /// triggers fire for what changed meanwhile, as one change.
    func release(variables: ScreenVariables, evaluator: ExpressionEvaluator) {
        timers.release(at: now)
        let outcome = triggers.release(variables, evaluator: evaluator)
        for problem in outcome.problems { report?("trigger", problem) }
        enqueue(outcome.actions)
        schedule()
    }

    /// Runs `command` on the timer `id` now.
    func command(_ command: TimerCommand, timer id: String, variables: ScreenVariables, evaluator: ExpressionEvaluator) async {
        let outcome = timers.perform(command, on: id, at: now, variables: variables, evaluator: evaluator)
        await apply(outcome)
        schedule()
    }

    /// Stops every timer and drops the actions not run yet: the screen went away.
    public func stop() {
        ticking?.cancel()
        ticking = nil
        timers.cancelAll()
        pending = []
    }

    private func enqueue(_ actions: [Action]) {
        guard !actions.isEmpty else { return }
        pending += actions
        if !draining { Task { await self.drain() } }
    }

    /// Performs the queued actions in order, those their changes queue included.
    func drain() async {
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while !pending.isEmpty {
            let action = pending.removeFirst()
            await perform?(action)
        }
    }

    private func apply(_ outcome: TimerOutcome) async {
        for problem in outcome.problems { report?("timer", problem) }
        for step in outcome.steps {
            if let name = step.valueVariable, let store {
                if !draining { triggers.beginChange() }
                if let problem = store.assign(name, json: .number(Double(step.value))) { report?("timer \(step.timer)", problem.message) }
            }
            enqueue(step.actions)
            await drain()
        }
    }

    /// Sleeps until the next tick or end, applies what is due, and again, while a timer runs.
    private func schedule() {
        ticking?.cancel()
        ticking = nil
        guard timers.nextDeadline != nil else { return }
        ticking = Task { [weak self, clock] in
            while let self, !Task.isCancelled, let deadline = self.timers.nextDeadline {
                let wait = deadline - self.now
                if wait > 0 {
                    do { try await clock.sleep(for: .milliseconds(wait)) } catch { return }
                }
                guard !Task.isCancelled else { return }
                await self.apply(self.timers.advance(to: self.now))
            }
        }
    }
}

extension ScreenStore {
    /// The screen left the app's navigation (popped, dismissed): its live stream and its timers stop.
    ///
    /// ```swift
    /// runtime.stack.last?.leave()
    /// ```
    public func leave() {
        stopFollowing()
        activity.left = true
        behaviour.stop()
    }
}
