import HTTPTypes
import Screenplay

/// What text may reach storage: no NUL or other control character (free text may hold line
/// breaks and tabs), no noncharacter (U+FFFE …), and no more than its documented length in characters. Every name, id and
/// string a client sends is checked against it at the edge, so that SQLite and PostgreSQL see the
/// same text, nothing is cut, and a database never refuses a row because of what a client wrote.
///
/// ```swift
/// if let problem = StoredText.name(maxLength: 64).problem(in: slot) { throw … 400 with problem }
/// ```
package struct StoredText: Sendable, Hashable {
    /// The longest text, in characters.
    package let maxLength: Int
    /// Whether line feeds, carriage returns and tabs are allowed (free text, not names).
    package let allowsLineBreaks: Bool

    /// An identifier or a name: one line, no control characters.
    package static func name(maxLength: Int) -> StoredText { StoredText(maxLength: maxLength, allowsLineBreaks: false) }
    /// Free text: no control characters but line breaks and tabs.
    package static func freeText(maxLength: Int) -> StoredText { StoredText(maxLength: maxLength, allowsLineBreaks: true) }

    /// What is wrong with `text`, said for a person; nil when it may be stored.
    package func problem(in text: String) -> String? {
        var count = 0
        for scalar in text.unicodeScalars {
            if Self.isControl(scalar), !(allowsLineBreaks && (scalar == "\n" || scalar == "\r" || scalar == "\t")) {
                return "holds the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)), "
                    + "which is not stored: send text without it"
            }
            if Self.isNoncharacter(scalar) {
                return "holds the noncharacter U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)), "
                    + "which is not stored: send text without it"
            }
            count += 1
        }
        // Characters, not scalars: counted only when the scalars could be too many.
        if count > maxLength, text.count > maxLength { return "is longer than \(maxLength) characters" }
        return nil
    }

    /// C0 and C1 controls and DEL; PostgreSQL refuses U+0000 outright and SQLite cuts text at it.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE …):
    /// never text, only ever a sign of bytes gone wrong or of a probe.
    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    /// The first problem of any string in `value` (keys included), with its path below `path`.
    ///
    /// ```swift
    /// StoredText.freeText(maxLength: 4_096).problem(in: properties, at: "events[0].properties")?.path   // events[0].properties.note
    /// ```
    package func problem(in value: JSONValue, at path: JSONPath) -> (path: JSONPath, message: String)? {
        switch value {
        case .string(let text): return problem(in: text).map { (path, $0) }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = problem(in: item, at: path.appending(index: index)) { return found }
            }
        case .object(let members):
            for key in members.keys.sorted() {
                if let message = StoredText.name(maxLength: maxLength).problem(in: key) {
                    return (path.appending(key: key.debugDescription), message)
                }
                if let member = members[key], let found = problem(in: member, at: path.appending(key: key)) { return found }
            }
        default: break
        }
        return nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension HTTPFields {
    /// The longest user id, in characters.
    public static let maxUserIDLength = 128

    /// The request's `Screenplay-User`, checked: nil when absent or empty, a 400 that says what is
    /// wrong when it holds a control character or is longer than ``maxUserIDLength`` (a user id is
    /// never cut: two users sharing a prefix would share their state).
    public func screenplayUser() throws(ScreenplayError) -> String? {
        guard let user = self[.screenplayUser], !user.isEmpty else { return nil }
        if let problem = StoredText.name(maxLength: Self.maxUserIDLength).problem(in: user) {
            throw ScreenplayError(
                .badRequest, code: "badUser", message: "\(HTTPField.Name.screenplayUser.rawName) \(problem)",
                path: HTTPField.Name.screenplayUser.rawName)
        }
        return user
    }
}
