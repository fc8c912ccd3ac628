/// Where a node is in a screen: the nearest node with an id at or above it (nil: the body), then
/// child positions from there (positions count a container's children in order; a list's sections
/// one after the other). Nodes with ids are addressed by their id alone, so moving them around
/// does not change how they are found.
///
/// ```swift
/// NodeAddress(anchor: "city.moscow.day3", path: [1])   // the day's bar, the second child of the day
/// ```
public struct NodeAddress: Sendable, Hashable {
    public var anchor: String?
    public var path: [Int]

    public init(anchor: String?, path: [Int] = []) {
        self.anchor = anchor
        self.path = path
    }

    func child(_ index: Int, _ child: Node) -> NodeAddress {
        child.id.map { NodeAddress(anchor: $0) } ?? NodeAddress(anchor: anchor, path: path + [index])
    }
}

/// One change to a screen, applied in order with the others of a patch.
public enum PatchOperation: Sendable, Hashable {
    /// The node at the address, and everything under it, becomes `node`.
    case replace(NodeAddress, Node)
    /// Members of the node change: those in `set` take the given values, those in `unset` go;
    /// its type, other members and children stay.
    case update(NodeAddress, set: [String: JSONValue], unset: [String])
    /// `node` is inserted among the children of the container at the address.
    case insert(parent: NodeAddress, index: Int, node: Node)
    /// The node at the address is removed from its container.
    case remove(NodeAddress)
    /// A child of the container at the address moves from one position to another.
    case move(parent: NodeAddress, from: Int, to: Int)
    /// The screen's own members (title, state, cache, intents, stream) become `screen`'s; its body stays.
    case header(Screen)
}

/// The smallest change that turns one screen into another: id-addressed operations, or the whole
/// screen when that is cheaper (or when the screens cannot be compared by id).
///
/// ```swift
/// let patch = ScreenPatch(from: yesterday, to: today)
/// let updated = try patch.apply(to: yesterday)          // == today
/// let bytes = patch.encoded()                           // what a stream sends
/// ```
public struct ScreenPatch: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case operations([PatchOperation])
        case screen(Screen)
    }

    public var content: Content

    public init(_ content: Content) {
        self.content = content
    }

    public var operations: [PatchOperation] {
        if case .operations(let operations) = content { operations } else { [] }
    }

    public var isEmpty: Bool { operations.isEmpty && { if case .operations = content { true } else { false } }() }
}

/// Why a patch could not be applied; a client then loads the whole screen again.
public struct PatchError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
