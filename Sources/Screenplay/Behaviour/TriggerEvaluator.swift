/// Decides which of a screen's triggers fire when its variables change: the one decision every
/// renderer takes, so the app, the server and the page's script (`BehaviourScript`, held to the
/// same answers by `Tests/Conformance/behaviour`) fire the same triggers.
///
/// A trigger is considered only when a variable its condition reads changed. An `onCondition`
/// trigger fires when its condition holds with the new values and did not with the old ones; an
/// `onVariable` trigger fires whenever its condition holds with the new values. A condition that
/// fails to evaluate (or is not boolean) does not hold. A `once` trigger fires at most once.
///
/// The actions of triggers change variables too, which may fire triggers again: one change and
/// all it causes fire at most ``BehaviourLimits/maximumFiringsPerChange`` triggers, so a trigger
/// that keeps setting its own variable stops there and is reported, never hangs the app.
///
/// While its screen is not on screen the runtime holds the triggers: changes fire nothing, and
/// when the screen is shown again the triggers judge one change, from the values they were held
/// with to the values then (a condition that became true meanwhile fires once; one that came and
/// went does not).
///
/// ```swift
/// var triggers = TriggerEvaluator(triggers: screen.triggers)
/// triggers.beginChange()                                  // the user typed, a timer ticked …
/// let outcome = triggers.evaluate(from: before, to: after, evaluator: ExpressionEvaluator())
/// for action in outcome.actions { await runtime.perform(action, on: store) }
/// triggers.hold(before)                                   // covered: what changes now waits …
/// triggers.release(after, evaluator: ExpressionEvaluator()).actions  // … shown again: one change
/// ```
public struct TriggerEvaluator: Sendable, Hashable {
    public let triggers: [ScreenTrigger]
    public var limits: BehaviourLimits
    /// The `once` triggers that fired, by index.
    public private(set) var spent: Set<Int> = []
    /// How many more triggers may fire for the current change.
    public private(set) var firingsLeft: Int
    /// The values the triggers were held with (their screen is not on screen), or nil.
    public private(set) var heldFrom: ScreenVariables?

    public init(triggers: [ScreenTrigger], limits: BehaviourLimits = .default) {
        self.triggers = triggers
        self.limits = limits
        firingsLeft = limits.maximumFiringsPerChange
    }

    /// Starts a new change from outside the triggers (an input, an action the user ran, a tick):
    /// the budget of firings is full again. Changes made by the actions of triggers do not call it.
    public mutating func beginChange() {
        firingsLeft = limits.maximumFiringsPerChange
    }

    /// Holds the triggers with the screen's `variables` now (the screen left the screen): changes
    /// fire nothing until ``release(_:evaluator:)``. Holding held triggers changes nothing.
    public mutating func hold(_ variables: ScreenVariables) {
        guard heldFrom == nil else { return }
        heldFrom = variables
    }

    /// Releases the triggers (the screen is shown again): what changed while they were held is one
    /// new change, from the values they were held with to `variables`.
    public mutating func release(_ variables: ScreenVariables, evaluator: ExpressionEvaluator) -> TriggerOutcome {
        guard let old = heldFrom else { return TriggerOutcome() }
        heldFrom = nil
        beginChange()
        return evaluate(from: old, to: variables, evaluator: evaluator)
    }

    /// The triggers that fire when the variables go from `old` to `new`, and their actions in
    /// trigger order; none while the triggers are held.
    public mutating func evaluate(from old: ScreenVariables, to new: ScreenVariables, evaluator: ExpressionEvaluator) -> TriggerOutcome {
        var outcome = TriggerOutcome()
        guard heldFrom == nil else { return outcome }
        let changed = Set(old.values.keys).union(new.values.keys).filter { old.values[$0] != new.values[$0] }
        guard !changed.isEmpty else { return outcome }
        for (index, trigger) in triggers.enumerated() where !spent.contains(index) {
            guard !trigger.condition.variableNames.isDisjoint(with: changed) else { continue }
            let holds: Bool
            do {
                holds = try evaluator.evaluate(trigger.condition.node, variables: new) == .boolean(true)
            } catch {
                outcome.problems.append("trigger \(index) (\(trigger.condition.source)): \(error.message)")
                continue
            }
            guard holds else { continue }
            if trigger.mode == .onCondition {
                let held = (try? evaluator.evaluate(trigger.condition.node, variables: old)) == .boolean(true)
                guard !held else { continue }
            }
            guard firingsLeft > 0 else {
                outcome.limited = true
                continue
            }
            firingsLeft -= 1
            if trigger.once { spent.insert(index) }
            outcome.fired.append(index)
            outcome.actions += trigger.actions
        }
        return outcome
    }
}

/// What a change fired: the triggers (by index) and their actions, in order, and what went wrong.
public struct TriggerOutcome: Sendable, Hashable {
    /// The indexes of the triggers that fired.
    public var fired: [Int] = []
    /// Their actions, in trigger order: what the runtime runs.
    public var actions: [Action] = []
    /// Conditions that failed to evaluate.
    public var problems: [String] = []
    /// Whether the bound on firings per change stopped a trigger (a trigger that changes what it
    /// reads, most likely): the runtime reports it.
    public var limited = false

    public init() {}
}
