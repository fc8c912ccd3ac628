/// A namespace an experiment runs in (GrowthBook's deprecated `namespace: [id, lower, upper]`,
/// still in payloads): the experiment takes only users whose namespace point is in `range`.
///
/// ```swift
/// let pricing = FlagNamespace(id: "pricing", range: FlagRange(0, 0.5))
/// ```
public struct FlagNamespace: Sendable, Hashable {
    /// The namespace's name.
    public var id: String
    /// The share of the namespace this experiment takes.
    public var range: FlagRange

    /// - Parameters:
    ///   - id: The namespace's name.
    ///   - range: The share of the namespace this experiment takes.
    public init(id: String, range: FlagRange) {
        self.id = id
        self.range = range
    }
}
