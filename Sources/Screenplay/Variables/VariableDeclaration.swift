/// A variable a screen declares: its name, its type, its initial value and how long it lives.
///
/// On the wire, in the screen's `variables` array (DivKit's shape, plus a scope):
///
/// ```json
/// "variables": [
///   {"name": "cartCount", "type": "integer", "value": 0},
///   {"name": "theme", "type": "string", "value": "light", "scope": "app"}
/// ]
/// ```
///
/// The screen's `state` object declares variables too, typed by their values: `"state":
/// {"city": ""}` is a `string` variable `city`. Both live in the same store, are read by the same
/// expressions and are sent back with intents.
///
/// ```swift
/// let count = VariableDeclaration("cartCount", type: .integer, value: 0)
/// let theme = VariableDeclaration("theme", type: .string, value: "light", scope: .app)
/// ```
public struct VariableDeclaration: Sendable, Hashable {
    /// The name expressions read it by: letters, digits, `_` and `.`, not starting with a digit.
    public var name: String
    public var type: ExpressionType
    /// The initial value, as JSON: a number for `integer` and `number`, `"yyyy-MM-dd HH:mm:ss"`
    /// (UTC) for `datetime`, `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB` for `color`, a string for
    /// `string` and `url`, an array or object for `array` and `dict`.
    public var value: JSONValue
    public var scope: VariableScope

    public init(_ name: String, type: ExpressionType, value: JSONValue, scope: VariableScope = .screen) {
        self.name = name
        self.type = type
        self.value = value
        self.scope = scope
    }

    /// Whether `name` is a variable name the expression language can read.
    ///
    /// ```swift
    /// VariableDeclaration.isValidName("cart.count")   // true
    /// VariableDeclaration.isValidName("2fast")        // false
    /// ```
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_", name.unicodeScalars.count <= 256
        else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "." }
            && !name.hasSuffix(".") && !name.contains("..")
    }
}

/// How long a variable lives.
public enum VariableScope: String, Sendable, Hashable, CaseIterable, JSONEnum {
    /// As long as its screen: a new screen starts from its declared value.
    case screen
    /// As long as the app (the page's tab on the web): a screen that declares it again finds the
    /// value another screen left, and a change is seen by every screen that declares it.
    case app
}

extension VariableDeclaration: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a variable object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "a variable")
        let name = try reader.required(.name, as: String.self)
        guard Self.isValidName(name) else {
            throw context.at(.member(.name)) {
                context.failure(.invalidValue, "\"\(name)\" is not a variable name (letters, digits, _ and ., not starting with a digit)")
            }
        }
        let typeName = try reader.required(.type, as: String.self)
        guard let type = ExpressionType(rawValue: typeName) else {
            throw context.at(.member(.type)) {
                context.failure(
                    .invalidValue,
                    "unknown variable type \"\(typeName)\"; expected one of \(ExpressionType.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
        }
        let scope = reader.optional(.scope, as: VariableScope.self) ?? .screen
        var value = reader.raw(.value)?.value ?? .null
        if ScreenVariables.value(of: type, json: value) == nil {
            let found = value
            value = ScreenVariables.defaultValue(of: type)
            context.at(.member(.value)) {
                context.report(
                    .error, .invalidValue,
                    "\(found.kindDescription) is not a value of type \(type.rawValue); the variable starts at \(value.compactText)")
            }
        }
        if type == .boolean, case .number = value, case .boolean(let flag)? = ScreenVariables.value(of: type, json: value) {
            // DivKit's 0 and 1: kept as the boolean they mean, so every client (and the canonical form) reads true or false.
            value = .bool(flag)
        }
        self.init(name, type: type, value: value, scope: scope)
        reader.finish()
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.name, name)
        if scope != .screen { writer.member(.scope, scope) }
        writer.member(.type, type.rawValue)
        writer.member(.value, value)
        writer.endObject()
    }
}

extension ExpressionType: JSONEnum {}
