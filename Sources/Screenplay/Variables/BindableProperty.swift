/// Which properties of a node may be bound to an expression, and the types their expressions
/// may give: read off the format's schema once, so that a new component property is bindable
/// with no code here.
///
/// ```swift
/// BindableProperty.types(of: "text", in: .text)      // [.string]
/// BindableProperty.types(of: "visible", in: .image)  // [.boolean]
/// BindableProperty.types(of: "children", in: .vstack) // nil: not bindable
/// ```
enum BindableProperty {
    /// The property a node is shown by while it holds.
    static let visible = "visible"

    /// What every node may bind: its visibility, its accessibility label and its box style.
    static let common: [String: Set<ExpressionType>] = [
        visible: [.boolean], "accessibilityLabel": Set(ExpressionType.allCases),
        "style.background": [.color, .string], "style.cornerRadius": [.number, .integer], "style.padding": [.number, .integer],
    ]

    /// Each built-in component's bindable members: every member but children, sections and the
    /// key a control writes (a control's variable is its identity, not a value).
    static let byComponent: [ComponentKind: [String: Set<ExpressionType>]] = {
        var table: [ComponentKind: [String: Set<ExpressionType>]] = [:]
        for (kind, entry) in FormatSchema.componentProperties {
            var members: [String: Set<ExpressionType>] = [:]
            for (name, schema) in entry.properties where name != "key" {
                if let types = types(ofSchema: schema) { members[name] = types }
            }
            table[kind] = members
        }
        return table
    }()

    /// The types an expression bound to `property` of a `kind` node may give; nil when the
    /// property cannot be bound. Any property of an app-defined component may be (its renderer
    /// reads it), with any type.
    static func types(of property: String, in kind: ComponentKind?) -> Set<ExpressionType>? {
        if let common = common[property] { return common }
        guard let kind else { return property.contains(".") ? nil : Set(ExpressionType.allCases) }
        return byComponent[kind]?[property]
    }

    /// The members of each component that hold free text.
    static let textProperties: [ComponentKind: Set<String>] = byComponent.mapValues { members in
        Set(members.filter { $0.value.count == ExpressionType.allCases.count }.keys)
    }

    private static func types(ofSchema schema: JSONValue) -> Set<ExpressionType>? {
        guard case .object(let members) = schema else { return nil }
        if case .string(let reference)? = members["$ref"] {
            switch reference {
            case "#/$defs/color": return [.color, .string]
            case "#/$defs/url": return [.url, .string]
            case "#/$defs/length": return [.number, .integer, .string]
            default: return nil
            }
        }
        switch members["type"] {
        case .string("string")? where members["enum"] != nil: return [.string]
        // Free text shows any value as a template would (`@{count}` in a text).
        case .string("string")?: return Set(ExpressionType.allCases)
        case .string("number")?: return [.number, .integer]
        case .string("integer")?: return [.integer]
        case .string("boolean")?: return [.boolean]
        default: return nil
        }
    }

    /// A property's evaluated value as the document writes it: colours as `#rrggbbaa`, datetimes
    /// as their text, any value as its text for a property that holds free text, everything else
    /// as its JSON.
    static func json(for value: ExpressionValue, property: String, in kind: ComponentKind?) -> JSONValue {
        if value.type != .string, property == "accessibilityLabel" || kind.flatMap({ textProperties[$0] })?.contains(property) == true {
            return .string(value.text)
        }
        switch value {
        case .color(let color):
            return .string(AdaptiveColor.RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha).hex)
        default:
            return value.json
        }
    }
}

extension PropertyExpression {
    /// Reads a node's `bindings` object: a property that cannot be bound, an expression that
    /// does not parse, or one whose type cannot fit its property (checked against the screen's
    /// variables when the screen is known) costs that binding, with an error at its path.
    static func readBindings(_ json: JSONElement, of node: Node, context: DecodingContext) -> [String: PropertyExpression] {
        guard json.kind == .object else {
            context.report(.error, .invalidValue, "expected an object of property expressions, found \(json.kindDescription)")
            return [:]
        }
        let checker = context.variableTypes.map { ExpressionTypeChecker(variables: $0) }
        var bindings: [String: PropertyExpression] = [:]
        for member in json.members {
            let property = json.tape.string(at: member.name)
            let value = member.value
            context.at(.key(property)) {
                guard let allowed = BindableProperty.types(of: property, in: node.component.kind) else {
                    context.report(.error, .invalidValue, "\"\(property)\" cannot be bound on a \(node.type) node; binding dropped")
                    return
                }
                guard let source = value.string else {
                    context.report(
                        .error, .invalidValue, "a binding is an expression string, found \(value.kindDescription); binding dropped")
                    return
                }
                do throws(ExpressionError) {
                    let expression = try PropertyExpression(source)
                    if let checker {
                        let check = checker.check(expression.node)
                        if let error = check.errors.first { throw error }
                        if !check.types.isEmpty, check.types.isDisjoint(with: allowed) {
                            let gives = check.types.map(\.description).sorted().joined(separator: " or ")
                            let needs = allowed.map(\.description).sorted().joined(separator: " or ")
                            throw ExpressionError(
                                .type, "The expression gives \(gives); \"\(property)\" needs \(needs).", at: 0..<source.unicodeScalars.count
                            )
                        }
                    }
                    bindings[property] = expression
                } catch {
                    context.report(
                        .error, .invalidValue,
                        "\(error.message) (at \(error.range.lowerBound)..<\(error.range.upperBound) of \"\(source)\"); binding dropped")
                }
            }
        }
        return bindings
    }
}
