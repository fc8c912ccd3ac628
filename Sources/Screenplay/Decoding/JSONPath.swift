/// Where a value sits in a document, written the way people read it: `body.children[3].action`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document itself.
    public static let root = JSONPath()

    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    public func appending(key: String) -> JSONPath { appending(.key(key)) }
    public func appending(index: Int) -> JSONPath { appending(.index(index)) }

    /// `$` for the document itself, otherwise dotted keys and bracketed indices.
    public var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

extension JSONPath.Component {
    /// The step into a member the format defines, named by the type that writes it.
    static func member(_ key: MemberKey) -> Self { .key(key.name) }
}
