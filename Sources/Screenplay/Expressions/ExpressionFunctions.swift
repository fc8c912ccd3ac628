/// The built-in functions and methods, by name, each with its overloads.
///
/// A call picks the first overload whose parameter types equal the argument types, then the
/// first that fits after promoting integer arguments to number parameters. Methods are a table
/// of their own: plain functions cannot be called as methods.
///
/// ```swift
/// let registry = ExpressionFunctions.standard
/// registry.functions["max"]?.count   // 2: integers and numbers
/// ```
public struct ExpressionFunctions: Sendable {
    /// Functions by name.
    public private(set) var functions: [String: [ExpressionFunction]] = [:]
    /// Methods by name; each overload's first parameter is the receiver.
    public private(set) var methods: [String: [ExpressionFunction]] = [:]

    /// An empty registry.
    public init() {}

    /// Adds a function overload.
    /// - Parameter function: the overload; later ones are tried after earlier ones.
    public mutating func add(_ function: ExpressionFunction) {
        functions[function.name, default: []].append(function)
    }

    /// Adds a method overload (its first parameter is the receiver).
    /// - Parameter method: the overload.
    public mutating func addMethod(_ method: ExpressionFunction) {
        methods[method.name, default: []].append(method)
    }

    /// Every function and method group this module implements.
    public static let standard: ExpressionFunctions = {
        var registry = ExpressionFunctions()
        registry.addConversions()
        registry.addStrings()
        registry.addPatterns()
        registry.addMath()
        registry.addTrigonometry()
        registry.addColors()
        registry.addDates()
        registry.addFormatting()
        registry.addCollections()
        registry.addVariables()
        registry.addMethods()
        return registry
    }()

    /// Shorthand for the group files: adds a function.
    mutating func define(
        _ name: String, _ parameters: [ExpressionType], _ result: ExpressionType, variadic: Bool = false, promotes: Bool = true,
        _ summary: String, _ body: @escaping ExpressionFunction.Body
    ) {
        add(ExpressionFunction(name, parameters, result, isVariadic: variadic, promotesIntegers: promotes, summary, body))
    }

    /// Shorthand for the group files: adds a method.
    mutating func defineMethod(
        _ name: String, _ parameters: [ExpressionType], _ result: ExpressionType, variadic: Bool = false, _ summary: String,
        _ body: @escaping ExpressionFunction.Body
    ) {
        addMethod(ExpressionFunction(name, parameters, result, isVariadic: variadic, summary, body))
    }

    /// The overload a call with `arguments` picks, or DivKit's reason why there is none.
    /// - Parameters:
    ///   - name: the function or method name.
    ///   - arguments: the argument types (a method's receiver first).
    ///   - isMethod: whether to look in the method table.
    func resolve(_ name: String, _ arguments: [ExpressionType], isMethod: Bool) -> Result<ExpressionFunction, ExpressionFailure> {
        let overloads = (isMethod ? methods[name] : functions[name]) ?? []
        guard !overloads.isEmpty else {
            return .failure(ExpressionFailure(isMethod ? "Unknown method name: \(name)." : "Unknown function name: \(name)."))
        }
        let matches = overloads.map { $0.match(arguments) }
        if let exact = matches.firstIndex(of: .exact) { return .success(overloads[exact]) }
        if let promoted = matches.firstIndex(of: .promoted) { return .success(overloads[promoted]) }
        if isMethod {
            let given = arguments.dropFirst()
            if given.isEmpty && matches.contains(.tooFew) {
                return .failure(ExpressionFailure("Method requires non empty argument list."))
            }
            return .failure(ExpressionFailure("Method has no matching overload for given argument types: \(Self.list(given))."))
        }
        if arguments.isEmpty && overloads.count > 1 {
            return .failure(ExpressionFailure("Function requires non empty argument list."))
        }
        if overloads.count > 1 {
            return .failure(ExpressionFailure("Function has no matching overload for given argument types: \(Self.list(arguments))."))
        }
        let only = overloads[0]
        switch matches[0] {
        case .tooFew, .tooMany:
            return .failure(
                ExpressionFailure(
                    only.isVariadic
                        ? "At least \(only.parameters.count) argument(s) expected."
                        : "Exactly \(only.parameters.count) argument(s) expected."
                ))
        default:
            return .failure(
                ExpressionFailure("Invalid argument type: expected \(Self.list(only.parameters)), got \(Self.list(arguments))."))
        }
    }

    static func list(_ types: some Sequence<ExpressionType>) -> String {
        types.map(\.description).joined(separator: ", ")
    }
}
