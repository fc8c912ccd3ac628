import Screenplay

/// A variation's key (reported, and kept in sticky buckets; its index unless given), name, and
/// passthrough mark (a user in a passthrough variation is counted in the experiment but takes the
/// flag's next rule: GrowthBook's holdouts).
///
/// ```json
/// {"key": "control", "name": "List layout"}
/// ```
public struct FlagVariationMeta: Sendable, Hashable {
    /// The variation's key.
    public var key: String?
    /// The variation's name.
    public var name: String?
    /// Whether users in it pass to the next rule.
    public var passthrough: Bool

    /// - Parameters:
    ///   - key: The variation's key.
    ///   - name: The variation's name.
    ///   - passthrough: Whether users in it pass to the next rule.
    public init(key: String? = nil, name: String? = nil, passthrough: Bool = false) {
        self.key = key
        self.name = name
        self.passthrough = passthrough
    }
}

extension FlagVariationMeta {
    /// The members of a variation's meta: `{"key": "grid", "name": "Grid", "passthrough": true}`.
    package enum Key: String, JSONKey, CaseIterable {
        case key, name, passthrough
    }
}
