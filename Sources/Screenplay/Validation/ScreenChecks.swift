/// Checks that need the whole decoded tree: ids unique in the screen (patches address nodes by
/// id), app-defined components without a fallback, buttons that do nothing.
enum ScreenChecks {
    static func run(on screen: Screen) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: [String: JSONPath] = [:]
        screen.body.walk(at: JSONPath([.member(.body)])) { node, path in
            if let id = node.id {
                if let first = seen[id] {
                    diagnostics.append(
                        Diagnostic(
                            .error, .duplicateID, at: path.appending(key: "id"),
                            "id \"\(id)\" is already used at \(first); ids must be unique in a screen"))
                } else {
                    seen[id] = path
                }
            }
            switch node.component {
            case .custom(let custom) where node.fallback == nil:
                diagnostics.append(
                    Diagnostic(
                        .warning, .appDefinedComponent, at: path,
                        "app-defined component \"\(custom.type)\" has no fallback; apps that do not register it show nothing here"))
            case .button where node.action == nil:
                diagnostics.append(Diagnostic(.warning, .missingField, at: path, "button has no action, so pressing it does nothing"))
            default: break
            }
        }
        return diagnostics
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
