/// Checks that need the whole screen: ids unique in the screen (patches address nodes by id),
/// app-defined components without a fallback, buttons that do nothing. They run as each node is
/// decoded, so every finding has the node's path in the document as sent — not its position after
/// an earlier sibling was dropped. Nodes inside a `fallback` are stand-ins, not checked.
final class ScreenChecks {
    /// Where each id was first seen: the node's place on the tape the body is read from. Its
    /// path is worked out only if the id turns up again.
    @exclusivity(unchecked) private var seen: [String: Int] = [:]
    @exclusivity(unchecked) private var fallbackDepth = 0
    /// The body being read, and its path, for working out where an id was first seen.
    private var body: (element: JSONElement, path: JSONPath)?

    /// Notes that the body is read from `element`, at `path`.
    func readingBody(from element: JSONElement, at path: JSONPath) {
        body = (element, path)
    }

    /// Runs `body` while reading a fallback.
    func inFallback<T>(_ body: () -> T) -> T {
        fallbackDepth += 1
        defer { fallbackDepth -= 1 }
        return body()
    }

    /// Checks a node just decoded from `element`, at the context's path.
    func check(_ node: Node, readFrom element: JSONElement, in context: DecodingContext) {
        guard fallbackDepth == 0 else { return }
        var path: JSONPath { context.path }
        // One hash for an id seen first (the common case): the earlier place is put back if
        // there was one.
        if let id = node.id, let first = seen.updateValue(element.index, forKey: id) {
            seen[id] = first
            let firstPath = body.map { body in
                JSONPath(body.path.components + body.element.pathComponents(to: first))
            }
            context.report(
                Diagnostic(
                    .error, .duplicateID, at: path.appending(key: "id"),
                    "id \"\(id)\" is already used at \(firstPath ?? path); ids must be unique in a screen"))
        }
        switch node.component {
        case .custom(let custom) where node.fallback == nil:
            context.report(
                Diagnostic(
                    .warning, .appDefinedComponent, at: path,
                    "app-defined component \"\(custom.type)\" has no fallback; apps that do not register it show nothing here"))
        case .button where node.action == nil:
            context.report(Diagnostic(.warning, .missingField, at: path, "button has no action, so pressing it does nothing"))
        default: break
        }
    }
}

extension Screen {
    /// Checks a screen built in Swift exactly as a client would check it on decoding: limits, URL
    /// schemes, markup, duplicate ids … Use it in tests and debug builds of a server.
    ///
    /// ```swift
    /// #expect(homeScreen(for: user).validate().filter { $0.severity == .error }.isEmpty)
    /// ```
    public func validate(options: DecodingOptions = .default) -> [Diagnostic] {
        Screen.decode(from: encoded(), options: options).diagnostics
    }
}
