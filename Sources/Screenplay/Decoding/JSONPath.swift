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

extension JSONPath: ExpressibleByStringLiteral {
    /// Reads a path as ``description`` writes it: `$` is the document, `body.children[3].action` a
    /// member of an element of a member. A key is what runs up to the next `.` or `[`; a bracket that
    /// does not hold a whole number is part of its key.
    ///
    /// ```swift
    /// let path = JSONPath(parsing: "variants[0].name")   // [.key("variants"), .index(0), .key("name")]
    /// ```
    public init(parsing text: String) {
        guard text != "$" else {
            self.init()
            return
        }
        var components: [Component] = []
        var key = ""
        var rest = Substring(text)
        func endKey() {
            if !key.isEmpty { components.append(.key(key)) }
            key = ""
        }
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case ".":
                endKey()
            case "[":
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, rest.dropFirst(digits.count).first == "]", let index = Int(digits) {
                    endKey()
                    components.append(.index(index))
                    rest = rest.dropFirst(digits.count + 1)
                } else {
                    key.append(character)
                }
            default:
                key.append(character)
            }
        }
        endKey()
        self.init(components)
    }

    /// A path written as a literal: `let path: JSONPath = "targeting.minAppVersion"`.
    public init(stringLiteral value: String) {
        self.init(parsing: value)
    }

    /// The index of the first step when it is an index, or of the step after a leading key
    /// (`events[3].id` → 3 when `key` is `events`).
    ///
    /// ```swift
    /// JSONPath(parsing: "events[3].id").index(after: "events")   // 3
    /// ```
    public func index(after key: String) -> Int? {
        guard components.count >= 2, components[0] == .key(key), case .index(let index) = components[1] else { return nil }
        return index
    }
}

extension JSONPath.Component {
    /// The step into a member the format defines, named by the type that writes it.
    static func member(_ key: MemberKey) -> Self { .key(key.name) }
}
