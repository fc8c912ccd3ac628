/// A problem found while decoding or validating a document: what, where, and how bad.
///
/// Errors mean the document breaks the format or a limit (a validator exits 1); warnings mean that
/// something was skipped or replaced, and the rest of the screen is intact.
///
/// ```swift
/// for diagnostic in result.diagnostics {
///     print(diagnostic)   // body.children[3].action: warning: unknown action type "teleport" ...
/// }
/// ```
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// A stable, machine-readable name for the kind of problem; new codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        public let name: String
        public init(_ name: String) { self.name = name }
        public init(stringLiteral value: String) { self.name = value }
        public var description: String { name }

        public static let malformedJSON: Code = "malformedJSON"
        public static let limitExceeded: Code = "limitExceeded"
        public static let missingField: Code = "missingField"
        public static let invalidValue: Code = "invalidValue"
        public static let unknownField: Code = "unknownField"
        public static let unknownAction: Code = "unknownAction"
        public static let droppedNode: Code = "droppedNode"
        public static let usedFallback: Code = "usedFallback"
        public static let unsupportedVersion: Code = "unsupportedVersion"
        public static let disallowedURL: Code = "disallowedURL"
        public static let markup: Code = "markup"
        public static let duplicateID: Code = "duplicateID"
        public static let appDefinedComponent: Code = "appDefinedComponent"
    }

    public var severity: Severity
    public var code: Code
    public var path: JSONPath
    public var message: String

    public init(_ severity: Severity, _ code: Code, at path: JSONPath, _ message: String) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
    }

    /// An error: the document is refused for it.
    ///
    /// ```swift
    /// problems.append(.error(at: "variants[0].weight", "a weight is a positive number"))
    /// ```
    public static func error(at path: JSONPath, _ message: String, code: Code = .invalidValue) -> Diagnostic {
        Diagnostic(.error, code, at: path, message)
    }

    /// A warning: something was skipped or replaced, the rest is kept.
    public static func warning(at path: JSONPath, _ message: String, code: Code = .invalidValue) -> Diagnostic {
        Diagnostic(.warning, code, at: path, message)
    }

    /// `PATH: severity: message`, the shape `screenplay validate` prints after the file name.
    public var description: String { "\(path): \(severity.rawValue): \(message)" }
}
