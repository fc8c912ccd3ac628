/// A screen's variables as expressions read them: the client values (JSON, as the app stores
/// them and intents send them) seen through the screen's declared types.
///
/// A declared variable always reads as its type: a value of another type (an old app's, a
/// server's mistake) reads as the type's default and is listed by ``problems``. A variable that
/// only the screen's `state` declares is typed by its value.
///
/// ```swift
/// var variables = ScreenVariables(screen: checkout, values: store.values)
/// let count = try ExpressionEvaluator().evaluate(property: "@{cartCount + 1}", variables: variables)
/// try variables.assign(count, to: "cartCount")
/// store.values = variables.values
/// ```
public struct ScreenVariables: ExpressionVariables, Sendable, Hashable {
    /// The declared type of each declared variable.
    public var types: [String: ExpressionType]
    /// The values, by name.
    public var values: [String: JSONValue]

    public init(types: [String: ExpressionType] = [:], values: [String: JSONValue] = [:]) {
        self.types = types
        self.values = values
    }

    /// The variables of `screen` holding `values` (the screen's initial values when nil).
    public init(screen: Screen, values: [String: JSONValue]? = nil) {
        self.init(types: screen.variableTypes, values: values ?? screen.initialValues)
    }

    public func value(named name: String) -> ExpressionValue? {
        let json = values[name] ?? .null
        guard let type = types[name] else { return ExpressionValue(inferring: json) }
        return Self.value(of: type, json: json) ?? Self.value(of: type, json: Self.defaultValue(of: type))
    }

    /// Sets `name` to `value`.
    /// - Throws: ``VariableError`` when `name` is declared with another type (an `integer` is
    ///   accepted by a `number` variable); the variable keeps its value.
    public mutating func assign(_ value: ExpressionValue, to name: String) throws(VariableError) {
        if let type = types[name], type != value.type {
            guard type == .number, case .integer(let whole) = value else {
                throw VariableError(
                    name: name, message: "\(name) is \(type.rawValue), and the value \(value.preview) is \(value.type.rawValue)")
            }
            values[name] = .number(Double(whole))
            return
        }
        values[name] = Self.json(for: value)
    }

    /// The declared variables whose value is not of their type: what a renderer reports.
    public var problems: [VariableError] {
        types.keys.sorted().compactMap { name in
            guard let json = values[name], let type = types[name], Self.value(of: type, json: json) == nil else { return nil }
            return VariableError(
                name: name,
                message:
                    "\(name) is \(type.rawValue), and holds \(json.kindDescription); it reads as \(Self.defaultValue(of: type).compactText)"
            )
        }
    }

    /// `json` as a value of `type`, or nil when it is not one.
    public static func value(of type: ExpressionType, json: JSONValue) -> ExpressionValue? {
        if type == .datetime {
            guard case .string(let text) = json, let milliseconds = CivilTime(parsing: text)?.milliseconds else { return nil }
            return .datetime(milliseconds)
        }
        return ExpressionValue(type, json: json)
    }

    /// What a variable of `type` holds when nothing else fits: `""`, `0`, `false`, transparent
    /// black, an empty URL, the epoch, `[]` or `{}`.
    public static func defaultValue(of type: ExpressionType) -> JSONValue {
        switch type {
        case .string, .url: ""
        case .integer, .number: 0
        case .datetime: "1970-01-01 00:00:00"
        case .boolean: false
        case .color: "#00000000"
        case .array: []
        case .dict: [:]
        }
    }

    /// How a variable stores `value`: colours as `#AARRGGBB`, datetimes as `yyyy-MM-dd HH:mm:ss`
    /// (UTC), as the page's script stores them too.
    public static func json(for value: ExpressionValue) -> JSONValue {
        value.json
    }
}

/// A value that does not fit its variable.
public struct VariableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The variable's name.
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { message }
}

extension Screen {
    /// The declared type of each variable the screen declares in ``variables``.
    public var variableTypes: [String: ExpressionType] {
        Dictionary(variables.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    }

    /// The value every variable starts with: the `state` object's, then the declared ones'.
    public var initialValues: [String: JSONValue] {
        var values = state
        for variable in variables { values[variable.name] = variable.value }
        return values
    }
}

extension JSONValue {
    /// The value as compact JSON, for messages.
    var compactText: String { String(decoding: JSONWriter.write(self), as: UTF8.self) }
}

extension Screen {
    /// Whether anything on the screen is computed on the device: a declared variable, a bound
    /// property or a `set` action (a web page then loads the expression evaluator).
    public var usesExpressions: Bool {
        !variables.isEmpty || hasBehaviour || body.usesExpressions
    }
}

extension Node {
    /// Whether the node or anything under it binds a property or sets a variable.
    public var usesExpressions: Bool {
        if !bindings.isEmpty || action?.setsVariable == true { return true }
        return component.childLists.contains { $0.nodes.contains { $0.usesExpressions } }
    }
}

extension Action {
    /// Whether the action, or one in its sequence, is a `set`.
    var setsVariable: Bool {
        switch self {
        case .set: true
        case .sequence(let actions): actions.contains { $0.setsVariable }
        default: false
        }
    }
}
