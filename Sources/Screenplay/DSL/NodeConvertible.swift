/// Anything the DSL can place in a tree: every component, and ``Node`` itself.
///
/// Write custom components as plain functions that return one:
///
/// ```swift
/// func priceRow(_ label: String, _ price: String) -> some NodeConvertible {
///     HStack { Text(label); Spacer(); Text(price).bold() }
/// }
/// ```
public protocol NodeConvertible: Sendable {
    var node: Node { get }
}

extension Node: NodeConvertible {
    public var node: Node { self }
}
