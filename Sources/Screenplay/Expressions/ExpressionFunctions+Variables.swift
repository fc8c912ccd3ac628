/// Variable functions: `get<T>Value(name, fallback)` reads a variable by a name computed at run
/// time, and gives the fallback when it is missing or has another type (no integer → number
/// promotion here: DivKit's rule).
extension ExpressionFunctions {
    mutating func addVariables() {
        let readers: [(String, ExpressionType, [ExpressionType])] = [
            ("getIntegerValue", .integer, [.integer]), ("getNumberValue", .number, [.number]), ("getStringValue", .string, [.string]),
            ("getBooleanValue", .boolean, [.boolean]), ("getColorValue", .color, [.color, .string]),
            ("getUrlValue", .url, [.url, .string]),
        ]
        for (name, type, fallbacks) in readers {
            for fallback in fallbacks {
                define(name, [.string, fallback], type, "The variable when it exists with type \(type) (no promotion), else the fallback.")
                { call in
                    if let value = call.variables.value(named: call.string(0)), value.type == type { return value }
                    if fallback == .string && type != .string { return try Self.element(.string(call.string(1)), as: type) }
                    return call.arguments[1]
                }
            }
        }
    }
}
