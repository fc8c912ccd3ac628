/// A timer a screen declares (DivKit's `timers`): started, paused and stopped by `timer` actions,
/// it counts milliseconds into a variable, runs actions at each tick and when it ends, and stops
/// when its screen goes away.
///
/// On the wire, in the screen's `timers` array:
///
/// ```json
/// "timers": [
///   {"id": "offer", "duration": "@{offerSeconds * 1000}", "tickInterval": 1000,
///    "valueVariable": "offerElapsed", "endActions": [{"type": "setState", "key": "expired", "value": true}]}
/// ]
/// ```
///
/// ```swift
/// let offer = ScreenTimer(id: "offer", duration: 60_000, tickInterval: 1_000, valueVariable: "offerElapsed",
///                         endActions: [.setState("expired", true)])
/// ```
public struct ScreenTimer: Sendable, Hashable {
    /// What `timer` actions name it by; unique on its screen.
    public var id: String
    /// How long it runs, in milliseconds; nil or 0 runs until it is stopped.
    public var duration: TimerDuration?
    /// How often it ticks, in milliseconds; nil never ticks (it only ends).
    public var tickInterval: TimerDuration?
    /// An integer variable that holds the milliseconds counted, set at each tick and command.
    public var valueVariable: String?
    public var tickActions: [Action]
    public var endActions: [Action]

    public init(
        id: String, duration: TimerDuration? = nil, tickInterval: TimerDuration? = nil, valueVariable: String? = nil,
        tickActions: [Action] = [], endActions: [Action] = []
    ) {
        self.id = id
        self.duration = duration
        self.tickInterval = tickInterval
        self.valueVariable = valueVariable
        self.tickActions = tickActions
        self.endActions = endActions
    }
}

/// A timer's duration or tick interval: milliseconds, or an integer expression evaluated when the
/// timer starts.
///
/// ```swift
/// let fixed: TimerDuration = 5_000
/// let computed = TimerDuration.expression(try PropertyExpression("@{seconds * 1000}"))
/// ```
public enum TimerDuration: Sendable, Hashable, ExpressibleByIntegerLiteral {
    case milliseconds(Int)
    case expression(PropertyExpression)

    public init(integerLiteral value: Int) {
        self = .milliseconds(value)
    }

    /// The milliseconds, evaluating the expression with `variables`.
    /// - Throws: ``ExpressionError`` when the expression fails or is not an integer.
    public func milliseconds(variables: some ExpressionVariables, evaluator: ExpressionEvaluator) throws(ExpressionError) -> Int {
        switch self {
        case .milliseconds(let value): return value
        case .expression(let expression):
            let value = try evaluator.evaluate(expression.node, variables: variables)
            guard case .integer(let whole) = value, let milliseconds = Int(exactly: whole) else {
                throw ExpressionError(
                    .evaluation, "a timer's duration must be an integer, and \(expression.source) is \(value.type.rawValue)",
                    at: 0..<0)
            }
            return milliseconds
        }
    }
}

/// What a `timer` action does to its timer (DivKit's timer actions).
///
/// ```swift
/// Action.timer("offer", .start)
/// ```
public enum TimerCommand: String, Sendable, Hashable, CaseIterable, JSONEnum {
    /// Starts a stopped timer from 0.
    case start
    /// Stops a running or paused timer and runs its end actions.
    case stop
    /// Pauses a running timer, keeping the time counted.
    case pause
    /// Runs a paused timer on from where it was paused.
    case resume
    /// Cancels the timer (no end actions) and starts it again from 0.
    case reset
    /// Stops the timer without its end actions; its variable keeps its last value.
    case cancel
}

extension TimerDuration: JSONEncodable {
    static func read(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> TimerDuration {
        if json.kind == .number {
            guard let value = json.int, value >= 0 else {
                throw context.failure(.invalidValue, "expected a whole number of milliseconds, 0 or more")
            }
            return .milliseconds(value)
        }
        guard json.kind == .string else { throw typeMismatch("milliseconds or an integer property string", json, context) }
        let expression = try PropertyExpression.read(json, context: context)
        if let types = context.variableTypes {
            let found = ExpressionTypeChecker(variables: types).check(expression.node).types
            guard found.contains(.integer) else {
                throw context.failure(
                    .invalidValue,
                    "a duration must be an integer, and \"\(expression.source)\" is \(found.map(\.rawValue).sorted().joined(separator: " or "))"
                )
            }
        }
        return .expression(expression)
    }

    func encode(into writer: inout JSONWriter) {
        switch self {
        case .milliseconds(let value): value.encode(into: &writer)
        case .expression(let expression): expression.source.encode(into: &writer)
        }
    }

    private static func typeMismatch(_ expected: String, _ json: JSONElement, _ context: DecodingContext) -> DecodingFailure {
        context.failure(.invalidValue, "expected \(expected), found \(json.kindDescription)")
    }
}

extension ScreenTimer: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a timer object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "a timer")
        let id = try reader.required(.id, as: String.self)
        let limits = BehaviourLimits.default
        var duration: TimerDuration?
        if let durationJSON = reader.raw(.duration) {
            duration = try context.at(.member(.duration)) { () throws(DecodingFailure) in
                let read = try TimerDuration.read(durationJSON, context: context)
                if case .milliseconds(let value) = read, value > limits.maximumDuration {
                    throw context.failure(.limitExceeded, "a duration is at most \(limits.maximumDuration) ms (24 hours), found \(value)")
                }
                return read
            }
        }
        var interval: TimerDuration?
        if let intervalJSON = reader.raw(.tickInterval) {
            interval = try context.at(.member(.tickInterval)) { () throws(DecodingFailure) in
                var read = try TimerDuration.read(intervalJSON, context: context)
                if case .milliseconds(let value) = read, value < limits.minimumTickInterval {
                    context.report(
                        .warning, .limitExceeded, "a tick interval is at least \(limits.minimumTickInterval) ms; \(value) is raised to it")
                    read = .milliseconds(limits.minimumTickInterval)
                }
                return read
            }
        }
        var valueVariable: String? = reader.optional(.valueVariable, as: String.self)
        if let name = valueVariable, let types = context.variableTypes {
            context.at(.member(.valueVariable)) {
                if let type = types[name], type != .integer, type != .number {
                    context.report(
                        .error, .invalidValue, "\(name) is \(type.rawValue), and a timer's value is an integer; the timer sets no variable")
                    valueVariable = nil
                } else if types[name] == nil {
                    context.report(.error, .invalidValue, "the screen declares no variable \"\(name)\"; the timer sets no variable")
                    valueVariable = nil
                }
            }
        }
        var tickActions: [Action] = []
        if let json = reader.raw(.tickActions) {
            tickActions = try context.at(.member(.tickActions)) { () throws(DecodingFailure) in try Action.readList(json, context: context)
            }
        }
        var endActions: [Action] = []
        if let json = reader.raw(.endActions) {
            endActions = try context.at(.member(.endActions)) { () throws(DecodingFailure) in try Action.readList(json, context: context) }
        }
        self.init(
            id: id, duration: duration, tickInterval: interval, valueVariable: valueVariable, tickActions: tickActions,
            endActions: endActions)
        reader.finish()
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.duration, duration)
        if !endActions.isEmpty { writer.member(.endActions, endActions) }
        writer.member(.id, id)
        if !tickActions.isEmpty { writer.member(.tickActions, tickActions) }
        writer.member(.tickInterval, tickInterval)
        writer.member(.valueVariable, valueVariable)
        writer.endObject()
    }
}
