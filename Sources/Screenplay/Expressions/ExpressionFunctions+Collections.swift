/// Array and dict functions and methods: typed getters (with DivKit's two spellings), their
/// fallback variants, keys, values and lengths. Elements are JSON; an integral number reads as an
/// integer and as a number, a string as a color or a url when it is one.
extension ExpressionFunctions {
    /// The element types the typed getters read.
    static let elementTypes: [ExpressionType] = [.string, .number, .integer, .boolean, .color, .url, .array, .dict]

    /// The JSON value's type name for messages.
    static func typeName(_ json: JSONValue) -> String {
        guard let value = ExpressionValue(json: json) else { return "Null" }
        return value.type.description
    }

    /// `json` read as `type`, or DivKit's `Incorrect value type` failure.
    static func element(_ json: JSONValue, as type: ExpressionType) throws -> ExpressionValue {
        let value = ExpressionValue(json: json)
        switch (type, value) {
        case (.number, .integer(let integer)?): return .number(Double(integer))
        case (.color, .string(let text)?):
            if let color = ExpressionColor(parsing: text) { return .color(color) }
        case (.url, .string(let text)?):
            if let url = url(text) { return .url(url) }
        case (_, let value?) where value.type == type:
            return value
        default: break
        }
        throw ExpressionFailure("Incorrect value type: expected \(type), got \(typeName(json)).")
    }

    static func item(_ array: [JSONValue], _ index: Int64) throws -> JSONValue {
        guard index >= 0, index < array.count else {
            throw ExpressionFailure("Requested index (\(index)) out of bounds array size (\(array.count)).")
        }
        return array[Int(index)]
    }

    /// The member at the end of `path` (the call's string arguments from `from`).
    static func member(_ dict: [String: JSONValue], _ call: ExpressionCall, from: Int) throws -> JSONValue {
        var current = JSONValue.object(dict)
        for index in from..<call.arguments.count {
            let key = call.string(index)
            guard case .object(let object) = current else {
                throw ExpressionFailure("Incorrect value type: expected Dict, got \(typeName(current)).")
            }
            guard let next = object[key] else { throw ExpressionFailure("Missing property \"\(key)\" in the dict.") }
            current = next
        }
        return current
    }

    /// DivKit's `avg` method: every element an integer or a number (each read as a double, as the
    /// page's script reads it), their sum divided by their count. When the sum overflows, it is
    /// taken again of the elements scaled by 2^-64 (exact for such large values) and scaled back,
    /// and a mean at the very edge that rounds past the largest double is that double: the mean of
    /// finite elements is finite. The same steps in the same order as the script, so both give
    /// the same bits.
    static func average(_ array: [JSONValue]) throws -> Double {
        guard !array.isEmpty else { throw ExpressionFailure("Non empty array is required for method 'avg'.") }
        var values: [Double] = []
        values.reserveCapacity(array.count)
        for (index, json) in array.enumerated() {
            switch ExpressionValue(json: json) {
            case .integer(let value)?: values.append(Double(value))
            case .number(let value)?: values.append(value)
            default:
                throw ExpressionFailure("Incorrect value type at index \(index): expected Integer or Number, got \(typeName(json)).")
            }
        }
        let count = Double(values.count)
        let sum = values.reduce(0, +)
        if sum.isFinite { return sum / count }
        let scale = 0x1p64
        let mean = values.reduce(0) { $0 + $1 / scale } / count * scale
        return mean.isFinite ? mean : Double(signOf: mean, magnitudeOf: .greatestFiniteMagnitude)
    }

    static func empty(_ type: ExpressionType) -> ExpressionValue {
        type == .array ? .array([]) : .dict([:])
    }

    mutating func addCollections() {
        define("len", [.array], .integer, "The number of elements.") { call in .integer(Int64(call.array(0).count)) }
        define("len", [.dict], .integer, "The number of members.") { call in .integer(Int64(call.dict(0).count)) }
        define("getDictKeys", [.dict], .array, "The keys, sorted.") { call in .array(call.dict(0).keys.sorted().map { .string($0) }) }
        define("getDictValues", [.dict], .array, "The values, in sorted key order.") { call in
            let dict = call.dict(0)
            return .array(dict.keys.sorted().map { dict[$0]! })
        }
        for type in Self.elementTypes {
            let name = type.description
            for spelling in ["get\(name)FromArray", "getArray\(name)"] {
                define(spelling, [.array, .integer], type, "The element at the index as \(name); out of bounds or another type an error.") {
                    call in
                    try Self.element(Self.item(call.array(0), call.integer(1)), as: type)
                }
            }
            for spelling in ["get\(name)FromDict", "getDict\(name)"] {
                define(
                    spelling, [.dict, .string], type, variadic: true,
                    "The member at the key path as \(name); missing or another type an error."
                ) {
                    call in
                    try Self.element(Self.member(call.dict(0), call, from: 1), as: type)
                }
            }
            if type == .array || type == .dict {
                define("getOpt\(name)FromArray", [.array, .integer], type, "The element at the index as \(name), else empty.") { call in
                    (try? Self.element(Self.item(call.array(0), call.integer(1)), as: type)) ?? Self.empty(type)
                }
                for spelling in ["getOpt\(name)FromDict", "getDictOpt\(name)"] {
                    define(spelling, [.dict, .string], type, variadic: true, "The member at the key path as \(name), else empty.") { call in
                        (try? Self.element(Self.member(call.dict(0), call, from: 1), as: type)) ?? Self.empty(type)
                    }
                }
                continue
            }
            let fallbacks: [ExpressionType] = type == .color || type == .url ? [type, .string] : [type]
            for fallback in fallbacks {
                let convert: @Sendable (ExpressionValue) throws -> ExpressionValue = { value in
                    guard fallback == .string, type != .string, case .string(let text) = value else { return value }
                    return try Self.element(.string(text), as: type)
                }
                for spelling in ["getOpt\(name)FromArray", "getArrayOpt\(name)"] {
                    define(spelling, [.array, .integer, fallback], type, "The element at the index as \(name), else the fallback.") {
                        call in
                        if let value = try? Self.element(Self.item(call.array(0), call.integer(1)), as: type) { return value }
                        return try convert(call.arguments[2])
                    }
                }
                for spelling in ["getOpt\(name)FromDict", "getDictOpt\(name)"] {
                    define(
                        spelling, [fallback, .dict, .string], type, variadic: true,
                        "The member at the key path as \(name), else the fallback (first)."
                    ) { call in
                        if let value = try? Self.element(Self.member(call.dict(1), call, from: 2), as: type) { return value }
                        return try convert(call.arguments[0])
                    }
                }
            }
        }
    }

    mutating func addMethods() {
        for type in ExpressionType.allCases {
            defineMethod("toString", [type], .string, "The receiver as templates show it.") { call in
                let text = call.arguments[0].text
                try call.checkLength(text.unicodeScalars.count)
                return .string(text)
            }
        }
        for type in Self.elementTypes {
            let name = type.description
            defineMethod("get\(name)", [.array, .integer], type, "The element at the index as \(name).") { call in
                try Self.element(Self.item(call.array(0), call.integer(1)), as: type)
            }
            defineMethod("get\(name)", [.dict, .string], type, variadic: true, "The member at the key path as \(name).") { call in
                try Self.element(Self.member(call.dict(0), call, from: 1), as: type)
            }
        }
        defineMethod("isEmpty", [.array], .boolean, "Whether the array has no elements.") { call in .boolean(call.array(0).isEmpty) }
        defineMethod(
            "avg", [.array], .number,
            "The mean of the elements, integers and numbers alike, as a number; an empty array or an element of another type an error."
        ) { call in
            try .number(Self.average(call.array(0)))
        }
        defineMethod("isEmpty", [.dict], .boolean, "Whether the dict has no members.") { call in .boolean(call.dict(0).isEmpty) }
        defineMethod("containsKey", [.dict, .string], .boolean, "Whether the dict has the key.") { call in
            .boolean(call.dict(0)[call.string(1)] != nil)
        }
        defineMethod("getKeys", [.dict], .array, "The keys, sorted.") { call in .array(call.dict(0).keys.sorted().map { .string($0) }) }
        defineMethod("getValues", [.dict], .array, "The values, in sorted key order.") { call in
            let dict = call.dict(0)
            return .array(dict.keys.sorted().map { dict[$0]! })
        }
    }
}
