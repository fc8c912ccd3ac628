/// The state of a screen's timers, driven by commands and by the time: the one decision of what
/// is due, for the app's runtime and (in `BehaviourScript`) the page alike. It never reads a
/// clock: the runtime passes the time, in milliseconds on any monotonic scale, and sleeps until
/// ``nextDeadline``.
///
/// A started timer counts from 0. With a tick interval it ticks each time it has counted another
/// interval (ticks missed while the app was suspended are not replayed: one tick, with the time
/// really counted); with a duration above 0 it ends when it has counted it (its value is then the
/// duration, and no tick falls on the end). `stop` ends it at once, `cancel` without its end
/// actions, `pause` and `resume` keep the time counted, `reset` is `cancel` then `start`. The
/// value variable is set at each tick, at the end, and by every command but `cancel`. A
/// command that does not fit the timer's state (starting a running timer) is ignored and reported.
///
/// While its screen is not on screen (covered, in a background tab, its app in the background)
/// the runtime holds the timers: they count no time, nothing falls due, and commands still apply
/// (a timer started while held starts counting on release); released, each goes on from where it
/// was.
///
/// ```swift
/// var timers = ScreenTimers(timers: screen.timers)
/// let started = timers.perform(.start, on: "offer", at: 0, variables: variables, evaluator: evaluator)
/// let due = timers.advance(to: 1_000)   // the tick at 1000 ms: set offerElapsed = 1000, run the tick actions
/// timers.nextDeadline                   // 2000
/// timers.hold(at: 1_500)                // the screen was covered: nothing is due …
/// timers.release(at: 9_500)             // … until it is shown again: the next tick is at 10 000
/// ```
public struct ScreenTimers: Sendable, Hashable {
    public let timers: [ScreenTimer]
    public var limits: BehaviourLimits
    private var runs: [String: Run] = [:]
    /// Since when the timers are held (their screen is not on screen), or nil.
    private var heldSince: Int?

    /// A started timer: what it counted before its last start or resume, since when it runs
    /// (nil while paused), its evaluated duration (0: no end) and interval, its next tick.
    private struct Run: Sendable, Hashable {
        var counted: Int
        var since: Int?
        var duration: Int
        var interval: Int?
        var nextTick: Int?

        func elapsed(at now: Int) -> Int { counted + max(0, now - (since ?? now)) }
    }

    public init(timers: [ScreenTimer], limits: BehaviourLimits = .default) {
        self.timers = Array(timers.prefix(limits.maximumTimers))
        self.limits = limits
    }

    /// Whether the timer `id` has started and not ended (it may be paused).
    public func isActive(_ id: String) -> Bool { runs[id] != nil }

    /// Whether the timer `id` is paused.
    public func isPaused(_ id: String) -> Bool { runs[id].map { $0.since == nil } ?? false }

    /// Whether the timers are held: their screen is not on screen.
    public var isHeld: Bool { heldSince != nil }

    /// Holds every timer at `now` (its screen left the screen): from now on no time counts and
    /// nothing falls due until ``release(at:)``. Holding held timers changes nothing.
    public mutating func hold(at now: Int) {
        guard heldSince == nil else { return }
        heldSince = now
    }

    /// Releases the timers at `now` (their screen is shown again): each goes on with the time it
    /// had counted when they were held; one started or resumed while held counts from `now`.
    public mutating func release(at now: Int) {
        guard let held = heldSince else { return }
        heldSince = nil
        for (id, run) in runs {
            guard let since = run.since else { continue }
            runs[id]?.since = now - max(0, held - since)
        }
    }

    /// The time a command counts to: `now`, or the moment the timers were held.
    private func counting(_ now: Int) -> Int { heldSince.map { min($0, now) } ?? now }

    /// When the next tick or end falls due, on the scale of the times given; nil when no timer
    /// runs (or the timers are held).
    public var nextDeadline: Int? {
        guard heldSince == nil else { return nil }
        return runs.values.compactMap { run -> Int? in
            guard let since = run.since else { return nil }
            var next: [Int] = []
            if let tick = run.nextTick { next.append(tick) }
            if run.duration > 0 { next.append(run.duration) }
            return next.min().map { since + $0 - run.counted }
        }.min()
    }

    /// Runs `command` on the timer `id` at `now`; durations and intervals written as expressions
    /// are evaluated with `variables` when it starts.
    public mutating func perform(
        _ command: TimerCommand, on id: String, at now: Int, variables: some ExpressionVariables, evaluator: ExpressionEvaluator
    ) -> TimerOutcome {
        var outcome = TimerOutcome()
        guard let timer = timers.first(where: { $0.id == id }) else {
            outcome.problems.append("the screen has no timer \"\(id)\"; \(command.rawValue) ignored")
            return outcome
        }
        func ignored(_ why: String) -> TimerOutcome {
            outcome.problems.append("timer \"\(id)\" \(why); \(command.rawValue) ignored")
            return outcome
        }
        switch command {
        case .start:
            guard runs[id] == nil else { return ignored("is already started") }
            start(timer, at: now, variables: variables, evaluator: evaluator, into: &outcome)
        case .reset:
            runs[id] = nil
            start(timer, at: now, variables: variables, evaluator: evaluator, into: &outcome)
        case .stop:
            guard let run = runs[id] else { return ignored("is not started") }
            runs[id] = nil
            outcome.steps.append(TimerStep(timer, .end, value: run.elapsed(at: counting(now))))
        case .cancel:
            guard runs[id] != nil else { return ignored("is not started") }
            runs[id] = nil
        case .pause:
            guard var run = runs[id], run.since != nil else { return ignored("is not running") }
            run.counted = run.elapsed(at: counting(now))
            run.since = nil
            runs[id] = run
            outcome.steps.append(TimerStep(timer, .value, value: run.counted))
        case .resume:
            guard var run = runs[id], run.since == nil else { return ignored("is not paused") }
            run.since = now
            runs[id] = run
            outcome.steps.append(TimerStep(timer, .value, value: run.counted))
        }
        return outcome
    }

    private mutating func start(
        _ timer: ScreenTimer, at now: Int, variables: some ExpressionVariables, evaluator: ExpressionEvaluator,
        into outcome: inout TimerOutcome
    ) {
        var duration = 0
        var interval: Int?
        do {
            duration = try timer.duration?.milliseconds(variables: variables, evaluator: evaluator) ?? 0
            interval = try timer.tickInterval?.milliseconds(variables: variables, evaluator: evaluator)
        } catch {
            outcome.problems.append("timer \"\(timer.id)\": \(error.message); start ignored")
            return
        }
        guard duration >= 0, duration <= limits.maximumDuration else {
            outcome.problems.append(
                "timer \"\(timer.id)\": a duration is 0 to \(limits.maximumDuration) ms, not \(duration); start ignored")
            return
        }
        if let value = interval, value < limits.minimumTickInterval {
            if value <= 0 {
                outcome.problems.append(
                    "timer \"\(timer.id)\": a tick interval of \(value) ms never ticks; it ticks every \(limits.minimumTickInterval) ms")
            }
            interval = limits.minimumTickInterval
        }
        runs[timer.id] = Run(counted: 0, since: now, duration: duration, interval: interval, nextTick: interval)
        outcome.steps.append(TimerStep(timer, .value, value: 0))
    }

    /// The ticks and ends due at `now`, in the order of the screen's timers: at most one step per
    /// timer, so a call costs at most ``BehaviourLimits/maximumTimers`` steps whatever the time.
    /// Nothing is due while the timers are held.
    public mutating func advance(to now: Int) -> TimerOutcome {
        var outcome = TimerOutcome()
        guard heldSince == nil else { return outcome }
        for timer in timers {
            guard var run = runs[timer.id], run.since != nil else { continue }
            let elapsed = run.elapsed(at: now)
            if run.duration > 0, elapsed >= run.duration {
                runs[timer.id] = nil
                outcome.steps.append(TimerStep(timer, .end, value: run.duration))
            } else if let tick = run.nextTick, let interval = run.interval, elapsed >= tick {
                run.nextTick = (elapsed / interval + 1) * interval
                runs[timer.id] = run
                outcome.steps.append(TimerStep(timer, .tick, value: elapsed))
            }
        }
        return outcome
    }

    /// Cancels every timer (the screen went away): nothing more is due, and no end actions run.
    public mutating func cancelAll() {
        runs = [:]
    }
}

/// What a timer command or the passing of time did.
public struct TimerOutcome: Sendable, Hashable {
    /// Each timer's value and actions, in order: set the value variable, then run the actions.
    public var steps: [TimerStep] = []
    /// Commands ignored, durations that could not be evaluated.
    public var problems: [String] = []

    public init() {}
}

/// One timer's step: its value (milliseconds counted), the variable that holds it, and the
/// actions to run (its tick or end actions; none for a command that only sets the value).
///
/// ```swift
/// for step in outcome.steps {
///     if let name = step.valueVariable { store.assign(name, json: .number(Double(step.value))) }
///     for action in step.actions { await runtime.perform(action, on: store) }
/// }
/// ```
public struct TimerStep: Sendable, Hashable {
    public enum Event: String, Sendable, Hashable, CaseIterable {
        /// A command set the value (start, pause, resume, reset).
        case value
        /// The timer ticked: its tick actions run.
        case tick
        /// The timer ended or was stopped: its end actions run.
        case end
    }

    public var timer: String
    public var event: Event
    public var value: Int
    public var valueVariable: String?
    public var actions: [Action]

    public init(timer: String, event: Event, value: Int, valueVariable: String?, actions: [Action]) {
        self.timer = timer
        self.event = event
        self.value = value
        self.valueVariable = valueVariable
        self.actions = actions
    }

    init(_ timer: ScreenTimer, _ event: Event, value: Int) {
        let actions: [Action] =
            switch event {
            case .value: []
            case .tick: timer.tickActions
            case .end: timer.endActions
            }
        self.init(timer: timer.id, event: event, value: value, valueVariable: timer.valueVariable, actions: actions)
    }
}
