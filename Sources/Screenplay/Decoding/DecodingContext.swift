/// Collects diagnostics and tracks the current JSON path while a document is decoded.
///
/// One context serves one document; it is not shared between threads.
final class DecodingContext {
    let options: DecodingOptions
    /// Built once per document from the options' allowed schemes.
    let urlPolicy: URLPolicy
    private(set) var diagnostics: [Diagnostic] = []
    /// The whole-screen checks, when a screen is decoded (not a lone node or patch).
    var screenChecks: ScreenChecks?
    private var components: [Step] = []
    /// The tapes being read: elements do not retain them.
    private var tapes: [JSONTape] = []

    init(options: DecodingOptions, at path: JSONPath = .root) {
        self.options = options
        self.urlPolicy = URLPolicy(allowedSchemes: options.allowedURLSchemes)
        self.components = path.components.map { component in
            switch component {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
        }
    }

    /// One step of the path, as the decoder takes it: a member of the format costs no string.
    enum Step {
        case member(MemberKey)
        case key(String)
        case index(Int)

        var component: JSONPath.Component {
            switch self {
            case .member(let key): .key(key.name)
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
        }
    }

    var path: JSONPath { JSONPath(components.map(\.component)) }

    /// Keeps `tape` alive while the document is decoded.
    func keep(_ tape: JSONTape) {
        tapes.append(tape)
    }

    func report(_ severity: Diagnostic.Severity, _ code: Diagnostic.Code, _ message: String) {
        diagnostics.append(Diagnostic(severity, code, at: path, message))
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    func report(_ failure: DecodingFailure, severity: Diagnostic.Severity = .warning) {
        diagnostics.append(Diagnostic(severity, failure.code, at: failure.path, failure.message))
    }

    /// Runs `body` with `component` appended to the path.
    func at<T, E: Error>(_ component: Step, _ body: () throws(E) -> T) throws(E) -> T {
        components.append(component)
        defer { components.removeLast() }
        return try body()
    }

    func failure(_ code: Diagnostic.Code, _ message: String) -> DecodingFailure {
        DecodingFailure(code: code, message: message, path: path)
    }
}

/// Why a value could not be read; caught by the nearest node (which is dropped or replaced by its
/// fallback) or optional field (which is ignored), and turned into a ``Diagnostic``.
struct DecodingFailure: Error {
    let code: Diagnostic.Code
    let message: String
    let path: JSONPath
}
