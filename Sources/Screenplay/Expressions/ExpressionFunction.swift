/// One overload of a built-in function or method: its parameter types, result type and body.
///
/// A method's first parameter is its receiver. With `isVariadic`, the last parameter repeats
/// (at least once). Integer arguments are promoted to number parameters.
///
/// ```swift
/// var functions = ExpressionFunctions.standard
/// functions.add(ExpressionFunction("twice", [.integer], .integer, "2 × x, overflow an error") { call in
///     let (value, overflow) = call.integer(0).multipliedReportingOverflow(by: 2)
///     if overflow { throw ExpressionFailure("Integer overflow.") }
///     return .integer(value)
/// })
/// ```
public struct ExpressionFunction: Sendable {
    /// What a body runs with: its arguments (already promoted to the parameter types) and the
    /// evaluation's surroundings.
    public typealias Body = @Sendable (inout ExpressionCall) throws -> ExpressionValue

    public var name: String
    public var parameters: [ExpressionType]
    public var isVariadic: Bool
    /// Whether integer arguments may be promoted to this overload's number parameters (DivKit
    /// refuses `toInteger(3)` rather than promote it).
    public var promotesIntegers: Bool
    public var result: ExpressionType
    /// The semantics in one line.
    public var summary: String
    public var body: Body

    /// - Parameters:
    ///   - name: the name calls use.
    ///   - parameters: the parameter types (for a method, the receiver first).
    ///   - result: the result type.
    ///   - isVariadic: whether the last parameter repeats.
    ///   - promotesIntegers: whether integer arguments may be promoted to number parameters.
    ///   - summary: the semantics in one line.
    ///   - body: computes the result; throws ``ExpressionFailure`` with DivKit's reason.
    public init(
        _ name: String, _ parameters: [ExpressionType], _ result: ExpressionType, isVariadic: Bool = false, promotesIntegers: Bool = true,
        _ summary: String, _ body: @escaping Body
    ) {
        self.name = name
        self.parameters = parameters
        self.result = result
        self.isVariadic = isVariadic
        self.promotesIntegers = promotesIntegers
        self.summary = summary
        self.body = body
    }

    /// How well `arguments` fit: exactly, after integer → number promotion, or not at all.
    func match(_ arguments: [ExpressionType]) -> Match {
        if isVariadic ? arguments.count < parameters.count : arguments.count != parameters.count {
            return arguments.count < parameters.count ? .tooFew : .tooMany
        }
        var promoted = false
        for (index, argument) in arguments.enumerated() {
            let parameter = parameters[min(index, parameters.count - 1)]
            if argument == parameter { continue }
            if argument == .integer && parameter == .number && promotesIntegers {
                promoted = true
                continue
            }
            return .mismatch
        }
        return promoted ? .promoted : .exact
    }

    enum Match { case exact, promoted, tooFew, tooMany, mismatch }
}

/// Why a function body failed, in DivKit's words; the evaluator adds
/// `Failed to evaluate [f(args)].` in front.
///
/// ```swift
/// throw ExpressionFailure("Indexes are out of bounds.")
/// ```
public struct ExpressionFailure: Error, Sendable, Hashable {
    public var reason: String
    /// Set for failures that break an ``EvaluationLimits`` bound (never caught by `!:`).
    public var isLimit: Bool
    /// Set for the few reasons DivKit gives without the `Failed to evaluate […].` prefix
    /// (`z/Z not supported in [HH:mm z]`).
    public var standsAlone: Bool

    /// - Parameters:
    ///   - reason: the message after the `Failed to evaluate […].` prefix.
    ///   - isLimit: whether a limit was broken.
    ///   - standsAlone: whether the reason is the whole message.
    public init(_ reason: String, isLimit: Bool = false, standsAlone: Bool = false) {
        self.reason = reason
        self.isLimit = isLimit
        self.standsAlone = standsAlone
    }
}

/// A call in progress, as a function body sees it.
///
/// ```swift
/// let text = call.string(0), count = call.integer(1)
/// ```
public struct ExpressionCall {
    /// The arguments, promoted to the overload's parameter types (a method's receiver first).
    public var arguments: [ExpressionValue]
    /// The evaluation's variables.
    public let variables: any ExpressionVariables
    /// The locale formatting functions use.
    public let localeIdentifier: String
    /// The current time, milliseconds since 1970 UTC.
    public let now: @Sendable () -> Int64
    /// The longest string the call may make.
    public let maxStringLength: Int
    /// Warnings the call adds (DivKit's `String for padding is empty.`).
    public var warnings: [String] = []

    /// The string (or url) at `index`; "" when the argument is something else.
    public func string(_ index: Int) -> String {
        switch arguments[index] {
        case .string(let value), .url(let value): value
        default: ""
        }
    }

    /// The integer at `index`; 0 when it is something else.
    public func integer(_ index: Int) -> Int64 {
        if case .integer(let value) = arguments[index] { return value }
        return 0
    }

    /// The number at `index` (an integer converted); 0 when it is something else.
    public func number(_ index: Int) -> Double {
        switch arguments[index] {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: 0
        }
    }

    /// The boolean at `index`; false when it is something else.
    public func boolean(_ index: Int) -> Bool {
        if case .boolean(let value) = arguments[index] { return value }
        return false
    }

    /// The color at `index`; transparent black when it is something else.
    public func color(_ index: Int) -> ExpressionColor {
        if case .color(let value) = arguments[index] { return value }
        return ExpressionColor(argb: 0)
    }

    /// The datetime at `index`, in milliseconds; 0 when it is something else.
    public func datetime(_ index: Int) -> Int64 {
        if case .datetime(let value) = arguments[index] { return value }
        return 0
    }

    /// The array at `index`; empty when it is something else.
    public func array(_ index: Int) -> [JSONValue] {
        if case .array(let value) = arguments[index] { return value }
        return []
    }

    /// The dict at `index`; empty when it is something else.
    public func dict(_ index: Int) -> [String: JSONValue] {
        if case .dict(let value) = arguments[index] { return value }
        return [:]
    }

    /// Throws a limit failure when `length` scalars would be too long a string.
    /// - Parameter length: the length of the string about to be made.
    public func checkLength(_ length: Int) throws {
        if length > maxStringLength {
            throw ExpressionFailure("The result would be longer than \(maxStringLength) characters.", isLimit: true)
        }
    }
}
