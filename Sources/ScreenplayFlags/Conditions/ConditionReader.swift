import Screenplay

/// Compiles a GrowthBook condition into a ``ConditionNode`` tree, keeping every problem at its
/// path. What is refused becomes a node that never holds (GrowthBook's own answer for an unknown
/// operator or a broken pattern), so a condition read with errors still evaluates as GrowthBook
/// would; a payload with an error is refused as a whole all the same.
struct ConditionReader {
    let limits: FlagLimits
    var diagnostics: [Diagnostic] = []
    /// The saved groups the condition names.
    var groups: Set<String> = []
    private var nodes = 0
    private var overNodeLimit = false

    init(limits: FlagLimits) {
        self.limits = limits
    }

    /// The operators of an operator object, as GrowthBook's JavaScript SDK knows them.
    static let operators: Set<String> = [
        "$eq", "$ne", "$lt", "$lte", "$gt", "$gte", "$regex", "$regexi", "$in", "$nin", "$ini", "$nini", "$all", "$alli",
        "$elemMatch", "$size", "$exists", "$type", "$not", "$veq", "$vne", "$vgt", "$vgte", "$vlt", "$vlte", "$inGroup",
        "$notInGroup",
    ]

    /// The names `$type` compares with (`undefined` never matches: a missing attribute is null).
    static let typeNames: Set<String> = ["string", "number", "boolean", "array", "object", "null", "undefined"]

    private mutating func error(_ path: JSONPath, _ message: String, code: Diagnostic.Code = .invalidValue) {
        diagnostics.append(.error(at: path, message, code: code))
    }

    private mutating func warning(_ path: JSONPath, _ message: String) {
        diagnostics.append(.warning(at: path, message))
    }

    /// Counts one node; false (with one error) once the condition has too many.
    private mutating func count(_ path: JSONPath) -> Bool {
        nodes += 1
        if nodes > limits.maxConditionNodes {
            if !overNodeLimit {
                overNodeLimit = true
                error(path, "the condition has more than \(limits.maxConditionNodes) parts", code: .limitExceeded)
            }
            return false
        }
        return true
    }

    private mutating func deepEnough(_ depth: Int, _ path: JSONPath) -> Bool {
        if depth > limits.maxConditionDepth {
            error(path, "the condition is nested deeper than \(limits.maxConditionDepth) levels", code: .limitExceeded)
            return false
        }
        return true
    }

    // MARK: Conditions

    /// A condition object: `$and`, `$or`, `$nor`, `$not`, and attribute paths.
    mutating func condition(_ json: JSONValue, at path: JSONPath, depth: Int = 1) -> ConditionNode {
        guard count(path), deepEnough(depth, path) else { return .never }
        guard case .object(let members) = json else {
            error(path, "a condition is an object of attribute paths and $and, $or, $nor, $not; not \(json.kindDescription)")
            return .never
        }
        var parts: [ConditionNode] = []
        for key in members.keys.sorted() {
            let value = members[key] ?? .null
            let at = path.appending(key: key)
            switch key {
            case "$and", "$or", "$nor":
                guard case .array(let items) = value else {
                    error(at, "\(key) takes an array of conditions, not \(value.kindDescription)")
                    parts.append(.never)
                    continue
                }
                guard items.count <= limits.maxListLength else {
                    error(at, "\(key) has more than \(limits.maxListLength) conditions", code: .limitExceeded)
                    parts.append(.never)
                    continue
                }
                let inner = items.enumerated().map { condition($1, at: at.appending(index: $0), depth: depth + 1) }
                parts.append(key == "$and" ? .all(inner) : key == "$or" ? .any(inner) : .none(inner))
            case "$not":
                parts.append(.not(condition(value, at: at, depth: depth + 1)))
            default:
                if Self.operators.contains(key) {
                    warning(
                        at,
                        "\(key) is an operator, but here it names an attribute \"\(key)\" (an operator goes inside an attribute's object)")
                }
                let attributePath = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                parts.append(.attribute(attributePath, valueTest(value, at: at, depth: depth + 1)))
            }
        }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    // MARK: Values

    /// GrowthBook's `isOperatorObject`: a non-empty object whose keys all start with `$`.
    static func isOperatorObject(_ members: [String: JSONValue]) -> Bool {
        !members.isEmpty && members.keys.allSatisfy { $0.hasPrefix("$") }
    }

    /// What one attribute's value is tested with: a plain value, or an operator object.
    mutating func valueTest(_ json: JSONValue, at path: JSONPath, depth: Int, ignoringCase: Bool = false) -> ValueTest {
        guard count(path) else { return .operators([.never]) }
        switch json {
        case .string(let text): return ignoringCase ? .textIgnoringCase(text.lowercased()) : .text(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .array: return .json(json)
        case .object(let members):
            guard Self.isOperatorObject(members) else {
                if members.keys.contains(where: { $0.hasPrefix("$") }) {
                    warning(
                        path,
                        "an object that mixes operators with other members is compared as a whole value, as GrowthBook does; put operators alone in the object"
                    )
                }
                return .json(json)
            }
            guard deepEnough(depth, path) else { return .operators([.never]) }
            var tests: [OperatorTest] = []
            for key in members.keys.sorted() {
                tests.append(operatorTest(key, members[key] ?? .null, at: path.appending(key: key), depth: depth))
            }
            return .operators(tests)
        }
    }

    /// A list argument (`$in`, `$all` …), or nil with an error.
    private mutating func list(_ op: String, _ argument: JSONValue, at path: JSONPath) -> [JSONValue]? {
        guard case .array(let items) = argument else {
            error(path, "\(op) takes an array, not \(argument.kindDescription)")
            return nil
        }
        guard items.count <= limits.maxListLength else {
            error(path, "\(op) has more than \(limits.maxListLength) values", code: .limitExceeded)
            return nil
        }
        return items
    }

    private mutating func operatorTest(_ op: String, _ argument: JSONValue, at path: JSONPath, depth: Int) -> OperatorTest {
        guard count(path) else { return .never }
        switch op {
        case "$eq", "$ne":
            if case .array = argument {
                warning(path, "\(op) with an array: an attribute is never the same array (compare with the array itself, without \(op))")
            } else if case .object = argument {
                warning(path, "\(op) with an object: an attribute is never the same object")
            }
            return op == "$eq" ? .equal(argument) : .notEqual(argument)
        case "$lt", "$lte", "$gt", "$gte":
            let relation: JavaScript.Relation =
                switch op {
                case "$lt": .less
                case "$lte": .lessOrEqual
                case "$gt": .greater
                default: .greaterOrEqual
                }
            return .relation(relation, argument)
        case "$veq", "$vne", "$vlt", "$vlte", "$vgt", "$vgte":
            let comparison: FlagVersion.Comparison =
                switch op {
                case "$veq": .equal
                case "$vne": .notEqual
                case "$vlt": .less
                case "$vlte": .lessOrEqual
                case "$vgt": .greater
                default: .greaterOrEqual
                }
            switch argument {
            case .string, .number: break
            default: warning(path, "\(op) takes a version string; \(argument.kindDescription) compares as version \"0\"")
            }
            return .version(comparison, FlagVersion.padded(argument))
        case "$exists":
            if argument.boolValue == nil {
                warning(path, "$exists takes true or false; \(argument.kindDescription) counts as \(JavaScript.truthy(argument))")
            }
            return .exists(JavaScript.truthy(argument))
        case "$in", "$nin", "$ini", "$nini":
            guard let items = list(op, argument, at: path) else { return .never }
            return .member(MemberSet(items, ignoringCase: op.hasSuffix("i")), negated: op.hasPrefix("$n"))
        case "$all", "$alli":
            guard let items = list(op, argument, at: path) else { return .never }
            let ignoringCase = op == "$alli"
            return .all(
                items.enumerated().map { valueTest($1, at: path.appending(index: $0), depth: depth + 1, ignoringCase: ignoringCase) })
        case "$inGroup", "$notInGroup":
            guard case .string(let name) = argument else {
                error(path, "\(op) takes the name of a saved group, not \(argument.kindDescription)")
                return .never
            }
            groups.insert(name)
            return .group(name, negated: op == "$notInGroup")
        case "$not":
            return .not(valueTest(argument, at: path, depth: depth + 1))
        case "$size":
            return .size(valueTest(argument, at: path, depth: depth + 1))
        case "$elemMatch":
            guard case .object(let members) = argument else {
                error(path, "$elemMatch takes a condition or an operator object, not \(argument.kindDescription)")
                return .never
            }
            if Self.isOperatorObject(members) {
                return .elementPasses(valueTest(argument, at: path, depth: depth + 1))
            }
            return .elementMatches(condition(argument, at: path, depth: depth + 1))
        case "$regex", "$regexi":
            guard case .string(let source) = argument else {
                error(path, "\(op) takes a pattern string, not \(argument.kindDescription)")
                return .never
            }
            do throws(TextPattern.SyntaxError) {
                return .pattern(try FlagPattern.compile(source, ignoringCase: op == "$regexi", limits: limits.pattern))
            } catch {
                self.error(path, "the pattern is refused: \(error.message) (at character \(error.offset))")
                return .never
            }
        case "$type":
            guard case .string(let name) = argument else {
                error(path, "$type takes a type name, not \(argument.kindDescription)")
                return .never
            }
            if !Self.typeNames.contains(name) {
                warning(path, "$type \"\(name)\" is none of string, number, boolean, array, object, null: it never matches")
            }
            return .type(name)
        default:
            error(path, "\(op) is not an operator GrowthBook knows", code: .unknownField)
            return .never
        }
    }
}
