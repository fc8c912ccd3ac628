/// A path with named parameters: `requests/:id` matches `requests/42` with `id = "42"`.
/// Literal segments match exactly; a pattern with more literal segments wins over one with fewer.
/// The server routes screens with it and the client routes native screens with it.
///
/// ```swift
/// PathPattern("/cars/:id").match(path: "/cars/42")   // ["id": "42"]
/// ```
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    package enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    package let segments: [Segment]

    /// Parses `"requests/:id"` (leading and trailing slashes are ignored).
    public init(_ pattern: String) {
        segments = pattern.split(separator: "/").map { part in
            part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .literal(String(part))
        }
    }

    package var literalCount: Int { segments.filter { if case .literal = $0 { true } else { false } }.count }

    /// The parameters when `path` (slashes at either end ignored, no query) matches, nil otherwise.
    public func match(path: String) -> [String: String]? {
        match(path.split(separator: "/").map(String.init))
    }

    /// The parameters when `components` match, nil otherwise.
    public func match(_ components: [String]) -> [String: String]? {
        guard components.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, component) in zip(segments, components) {
            switch segment {
            case .literal(let literal): if literal != component { return nil }
            case .parameter(let name): parameters[name] = component
            }
        }
        return parameters
    }

    public var description: String {
        segments.map { segment in
            switch segment {
            case .literal(let literal): literal
            case .parameter(let name): ":" + name
            }
        }.joined(separator: "/")
    }
}
