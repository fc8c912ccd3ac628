/// A screen path with named parameters: `requests/:id` matches `requests/42` with `id = "42"`.
/// Literal segments match exactly; a pattern with more literal segments wins over one with fewer.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]

    /// Parses `"requests/:id"` (leading and trailing slashes are ignored).
    public init(_ pattern: String) {
        segments = pattern.split(separator: "/").map { part in
            part.hasPrefix(":") ? .parameter(String(part.dropFirst())) : .literal(String(part))
        }
    }

    var literalCount: Int { segments.filter { if case .literal = $0 { true } else { false } }.count }

    /// The parameters when `components` match, nil otherwise.
    func match(_ components: [String]) -> [String: String]? {
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
