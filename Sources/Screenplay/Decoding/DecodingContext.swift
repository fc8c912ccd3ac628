/// Collects diagnostics and tracks the current JSON path while a document is decoded.
///
/// One context serves one document; it is not shared between threads, and its state is only
/// touched by the decoder's own calls, one at a time: the exclusivity checks Swift would make on
/// every step of the path are left out (`@exclusivity(unchecked)`).
final class DecodingContext {
    let options: DecodingOptions
    /// Built once per document from the options' allowed schemes.
    let urlPolicy: URLPolicy
    @exclusivity(unchecked) private(set) var diagnostics: [Diagnostic] = []
    /// The whole-screen checks, when a screen is decoded (not a lone node or patch). A constant:
    /// every node reads it, and a variable would be retained for each read.
    let screenChecks: ScreenChecks?
    /// The path so far. Its steps hold no references, so taking one and going back cost a store
    /// each; the names of members the format does not define wait in `names`.
    @exclusivity(unchecked) private var components = GrowableBuffer<StoredStep>(capacity: 16)
    @exclusivity(unchecked) private var names: [String] = []
    /// The last markup checked, and what was found in it (see ``Markup/check(_:context:)``).
    @exclusivity(unchecked) var lastCheckedMarkup: (markup: String, problems: [String])?
    /// The types of the screen's variables, once its `state` and `variables` are read: what the
    /// expressions of its nodes are checked against (nil for a lone node or patch, whose
    /// expressions are only parsed).
    @exclusivity(unchecked) var variableTypes: [String: ExpressionType]?
    /// The tapes being read: elements do not retain them.
    @exclusivity(unchecked) private var tapes: [JSONTape] = []

    init(options: DecodingOptions, at path: JSONPath = .root, checkingScreen: Bool = false) {
        self.options = options
        screenChecks = checkingScreen ? ScreenChecks() : nil
        self.urlPolicy = URLPolicy(allowedSchemes: options.allowedURLSchemes)
        for component in path.components {
            switch component {
            case .key(let key): push(.key(key))
            case .index(let index): push(.index(index))
            }
        }
    }

    /// One step of the path, as the decoder takes it: a member of the format costs no string.
    enum Step {
        case member(MemberKey)
        case key(String)
        case index(Int)

    }

    fileprivate enum StoredStep {
        case member(MemberKey)
        case index(Int)
        /// The name at this index of `names`.
        case named(Int)
    }

    deinit {
        components.deallocate()
    }

    var path: JSONPath {
        JSONPath(
            components.elements.map { step in
                switch step {
                case .member(let key): .key(key.name)
                case .index(let index): .index(index)
                case .named(let index): .key(names[index])
                }
            })
    }

    private func push(_ step: Step) {
        switch step {
        case .member(let key): components.append(.member(key))
        case .index(let index): components.append(.index(index))
        case .key(let name):
            names.append(name)
            components.append(.named(names.count - 1))
        }
    }

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
        push(component)
        defer {
            if case .named = components.removeLast() { names.removeLast() }
        }
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
