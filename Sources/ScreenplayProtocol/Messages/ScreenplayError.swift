import HTTPTypes
import Screenplay

/// An error of the protocol: an HTTP status and a body that says what was wrong and where —
/// `{"error": {"code": "tamperedState", "message": "…", "path": "stateToken"}}`. The server answers
/// with it; the client reads it back from the answer.
///
/// ```swift
/// throw ScreenplayError(.notFound, code: "noSuchScreen", message: "no screen at /screens/nowhere")
/// let error = ScreenplayError(status: response.status, body: response.body)   // on the client
/// ```
public struct ScreenplayError: Error, Sendable, Hashable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    /// A stable, machine-readable name (`noSuchScreen`, `malformedIntent`, `tamperedState` …).
    public var code: String
    public var message: String
    /// Where in the request the problem is (`payload.city`, `stateToken`), when it is in one.
    public var path: String?
    /// Header fields the answer carries besides the body: `Retry-After` on a 503, `Allow` on a 405.
    public var headerFields: HTTPFields
    /// Every problem, when a document had several (a 422 for a slot's content or an experiment):
    /// each with its path in the document, its severity and its code.
    public var problems: [Diagnostic] = []

    public init(_ status: HTTPResponse.Status, code: String, message: String, path: String? = nil, headerFields: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.path = path
        self.headerFields = headerFields
    }

    /// A 422 for a refused document, with every problem: the first one's path and message lead.
    ///
    /// ```swift
    /// throw ScreenplayError.invalid(code: "invalidContent", "the content", [.error(at: "content", "required")])
    /// ```
    public static func invalid(code: String, _ subject: String, _ problems: [Diagnostic]) -> ScreenplayError {
        var error = ScreenplayError(
            .unprocessableContent, code: code,
            message: problems.count == 1 ? problems[0].message : "\(subject) has \(problems.count) problems",
            path: problems.first.map { "\($0.path)" })
        error.problems = problems
        return error
    }

    /// The most characters of what a client sent that an error message quotes: enough to
    /// recognise it, never a way to reflect a large or hostile input back.
    public static let maxQuotedCharacters = 64

    /// `text` as an error message quotes it: at most ``maxQuotedCharacters`` characters, with `…`
    /// when it was longer.
    ///
    /// ```swift
    /// ScreenplayError(.notFound, code: "noSuchScreen", message: "no screen at \(ScreenplayError.quoting(path))")
    /// ```
    public static func quoting(_ text: some StringProtocol) -> String {
        text.count <= maxQuotedCharacters ? String(text) : text.prefix(maxQuotedCharacters) + "…"
    }

    public var description: String { "\(status.code) \(code): \(message)" + (path.map { " at \($0)" } ?? "") }

    private enum Key: String, JSONKey {
        case error, code, message, path, problems, severity
    }

    /// The most problems an error's body lists (the rest are counted in one last problem).
    public static let maxListedProblems = 50
    /// The most characters of a message or a path in an error's body: whatever a problem quotes
    /// of a client's input, the answer stays small.
    public static let maxBodyTextCharacters = 300

    /// The error's body: bounded, whatever the problems quote (at most ``maxListedProblems`` of
    /// them, each message and path at most ``maxBodyTextCharacters``).
    public var encodedBody: [UInt8] {
        func bounded(_ text: String) -> JSONValue {
            .string(text.count <= Self.maxBodyTextCharacters ? text : text.prefix(Self.maxBodyTextCharacters) + "…")
        }
        var error: [String: JSONValue] = [:]
        error[Key.code] = .string(code)
        error[Key.message] = bounded(message)
        error[Key.path] = path.map(bounded)
        if !problems.isEmpty {
            var listed = problems.prefix(Self.maxListedProblems).map { problem -> JSONValue in
                .object([
                    Key.path.name: bounded(problem.path.description), Key.severity.name: .string(problem.severity.rawValue),
                    Key.code.name: bounded(problem.code.name), Key.message.name: bounded(problem.message),
                ])
            }
            if problems.count > Self.maxListedProblems {
                listed.append(
                    .object([
                        Key.path.name: .string(JSONPath.root.description), Key.severity.name: .string("error"),
                        Key.code.name: .string(Diagnostic.Code.limitExceeded.name),
                        Key.message.name: .string("and \(problems.count - Self.maxListedProblems) more problems"),
                    ]))
            }
            error[Key.problems] = .array(listed)
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(Key.error, .object(error))
        writer.endObject()
        return writer.bytes
    }

    /// The error an answer carries, or nil when its body is not an error body.
    public init?(status: HTTPResponse.Status, body: [UInt8]) {
        guard case .object(let members)? = try? JSONParser.parse(body, limits: .default),
            case .object(let error)? = members[Key.error],
            case .string(let code)? = error[Key.code], case .string(let message)? = error[Key.message]
        else { return nil }
        self.init(status, code: code, message: message, path: error[Key.path]?.stringValue)
        if case .array(let problems)? = error[Key.problems] {
            self.problems = problems.compactMap { problem in
                guard case .object(let members) = problem, let path = members[Key.path]?.stringValue,
                    let message = members[Key.message]?.stringValue
                else { return nil }
                return Diagnostic(
                    members[Key.severity]?.stringValue.flatMap { Diagnostic.Severity(rawValue: $0) } ?? .error,
                    members[Key.code]?.stringValue.map { Diagnostic.Code($0) } ?? .invalidValue, at: JSONPath(parsing: path), message)
            }
        }
    }
}
