import Foundation
import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// Reads the members of one admin message, each named by its `Key`, keeping a diagnostic with its
/// path for each that is missing or of the wrong kind.
struct MessageReader<Key: JSONKey> {
    let members: [String: JSONValue]
    let path: JSONPath
    private(set) var problems: [Diagnostic] = []

    /// The members of `json`; throws `notAnObject` when it is not an object.
    init(_ json: JSONValue, at path: JSONPath = .root, notAnObject: (String) -> ScreenplayError) throws(ScreenplayError) {
        guard case .object(let members) = json else { throw notAnObject(json.kindDescription) }
        self.members = members
        self.path = path
    }

    private mutating func problem(_ key: Key, _ message: String) {
        problems.append(.error(at: path.appending(key: key.name), message))
    }

    /// What `key` holds; nil when missing or null (a problem unless `optional`).
    mutating func value(_ key: Key, optional: Bool = false) -> JSONValue? {
        switch members[key] {
        case nil, .null?:
            if !optional { problem(key, "required") }
            return nil
        case let value?: return value
        }
    }

    mutating func string(_ key: Key, optional: Bool = false) -> String? {
        guard let value = value(key, optional: optional) else { return nil }
        guard case .string(let text) = value else {
            problem(key, "must be a string, not \(value.kindDescription)")
            return nil
        }
        return text
    }

    mutating func integer(_ key: Key, optional: Bool = false) -> Int? {
        guard let value = value(key, optional: optional) else { return nil }
        guard let number = value.intValue else {
            problem(key, "must be a whole number, not \(value.kindDescription)")
            return nil
        }
        return number
    }

    /// A number; null is nil (what the API writes for a figure that cannot be estimated).
    mutating func number(_ key: Key, optional: Bool = false) -> Double? {
        guard let value = value(key, optional: optional) else { return nil }
        guard let number = value.doubleValue else {
            problem(key, "must be a number, not \(value.kindDescription)")
            return nil
        }
        return number
    }

    mutating func bool(_ key: Key, optional: Bool = false) -> Bool? {
        guard let value = value(key, optional: optional) else { return nil }
        guard case .bool(let flag) = value else {
            problem(key, "must be true or false, not \(value.kindDescription)")
            return nil
        }
        return flag
    }

    /// A time the API writes as ISO 8601, in Unix milliseconds.
    mutating func timestamp(_ key: Key, optional: Bool = false) -> Int64? {
        guard let text = string(key, optional: optional) else { return nil }
        guard let milliseconds = AdminTimestamp.milliseconds(text) else {
            problem(key, "\"\(ScreenplayError.quoting(text))\" is not an ISO 8601 time")
            return nil
        }
        return milliseconds
    }

    /// Each element of the array `key`, read by `element` (its problems' paths go on from the
    /// element's).
    mutating func array<Element>(_ key: Key, _ element: (JSONValue) throws(ScreenplayError) -> DecodeResult<Element>) -> [Element] {
        guard let value = value(key) else { return [] }
        guard case .array(let items) = value else {
            problem(key, "must be an array, not \(value.kindDescription)")
            return []
        }
        var elements: [Element] = []
        for (index, item) in items.enumerated() {
            let at = path.appending(key: key.name).appending(index: index)
            do {
                let result = try element(item)
                problems += result.diagnostics.map {
                    Diagnostic($0.severity, $0.code, at: JSONPath(at.components + $0.path.components), $0.message)
                }
                if let value = result.value { elements.append(value) }
            } catch {
                problems.append(.error(at: at, error.message))
            }
        }
        return elements
    }

    /// The result: `value` when nothing was wrong.
    func result<Value>(_ value: Value) -> DecodeResult<Value> {
        DecodeResult(value: problems.isEmpty ? value : nil, diagnostics: problems)
    }
}

/// Times as the admin API writes them: ISO 8601 (`2025-06-15T14:26:40Z`); stored as Unix
/// milliseconds.
enum AdminTimestamp {
    static func string(_ milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000).formatted(.iso8601)
    }

    static func milliseconds(_ text: String) -> Int64? {
        (try? Date(text, strategy: .iso8601)).map(ScreenplayClock.milliseconds)
    }
}
