import Screenplay

extension ConditionNode {
    /// Whether `root` (the attributes, an array element, or a prerequisite's `{"value": …}`)
    /// matches, as GrowthBook's `evalCondition`.
    func matches(_ root: JSONValue, groups: FlagSavedGroups) -> Bool {
        switch self {
        case .all(let parts):
            for part in parts where !part.matches(root, groups: groups) { return false }
            return true
        case .any(let parts):
            return parts.isEmpty || parts.contains { $0.matches(root, groups: groups) }
        case .none(let parts):
            return !(parts.isEmpty || parts.contains { $0.matches(root, groups: groups) })
        case .not(let inner):
            return !inner.matches(root, groups: groups)
        case .attribute(let path, let test):
            return test.passes(Self.lookup(path, in: root), groups: groups)
        case .never:
            return false
        }
    }

    /// GrowthBook's `getPath`: each step into an object's member or an array's element (by a
    /// canonical index, or `length`); null as soon as a step is missing or the value is not an
    /// object or array.
    static func lookup(_ path: [String], in root: JSONValue) -> JSONValue {
        var current = root
        for part in path {
            switch current {
            case .object(let members):
                guard let next = members[part] else { return .null }
                current = next
            case .array(let items):
                if part == "length" {
                    current = .number(Double(items.count))
                } else if let index = arrayIndex(part), index < items.count {
                    current = items[index]
                } else {
                    return .null
                }
            default:
                return .null
            }
        }
        return current
    }

    /// `"0"`, `"12"` … (no sign, no leading zero): what JavaScript's `in` finds in an array.
    private static func arrayIndex(_ text: String) -> Int? {
        let bytes = text.utf8
        guard let first = bytes.first, bytes.count <= 9, first != UInt8(ascii: "0") || bytes.count == 1 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension ValueTest {
    /// Whether `value` passes, as GrowthBook's `evalConditionValue`.
    func passes(_ value: JSONValue, groups: FlagSavedGroups) -> Bool {
        switch self {
        case .text(let text):
            if case .string(let string) = value { return JavaScript.sameText(string, text) }
            return JavaScript.sameText(JavaScript.string(value), text)
        case .textIgnoringCase(let text):
            return JavaScript.sameText(JavaScript.string(value).lowercased(), text)
        case .number(let number):
            return JavaScript.number(value) == number
        case .bool(let flag):
            return value != .null && JavaScript.truthy(value) == flag
        case .null:
            return value == .null
        case .json(let json):
            return Self.sameJSON(value, json)
        case .operators(let tests):
            for test in tests where !test.passes(value, groups: groups) { return false }
            return true
        }
    }

    /// `JSON.stringify(a) === JSON.stringify(b)`, member order aside.
    static func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return JavaScript.sameText(x, y)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key], sameJSON(value, other) else { return false }
            }
            return true
        default: return false
        }
    }
}

extension OperatorTest {
    /// Whether `value` passes, as GrowthBook's `evalOperatorCondition`.
    func passes(_ value: JSONValue, groups: FlagSavedGroups) -> Bool {
        switch self {
        case .version(let comparison, let padded):
            return FlagVersion.comparePadded(FlagVersion.padded(value), comparison, padded)
        case .equal(let expected):
            return JavaScript.strictEquals(value, expected)
        case .notEqual(let expected):
            return !JavaScript.strictEquals(value, expected)
        case .relation(let relation, let expected):
            return JavaScript.compare(value, relation, expected)
        case .exists(let exists):
            return exists ? value != .null : value == .null
        case .member(let set, let negated):
            return set.holds(value) != negated
        case .group(let name, let negated):
            return groups.contains(value, inGroup: name) != negated
        case .not(let test):
            return !test.passes(value, groups: groups)
        case .size(let test):
            guard case .array(let items) = value else { return false }
            return test.passes(.number(Double(items.count)), groups: groups)
        case .elementPasses(let test):
            guard case .array(let items) = value else { return false }
            return items.contains { JavaScript.truthy($0) && test.passes($0, groups: groups) }
        case .elementMatches(let condition):
            guard case .array(let items) = value else { return false }
            return items.contains { JavaScript.truthy($0) && condition.matches($0, groups: groups) }
        case .all(let tests):
            guard case .array(let items) = value else { return false }
            return tests.allSatisfy { test in items.contains { test.passes($0, groups: groups) } }
        case .pattern(let pattern):
            return pattern.search(in: JavaScript.string(value))
        case .type(let name):
            return Self.typeName(value) == name
        case .never:
            return false
        }
    }

    /// GrowthBook's `getType`.
    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
