/// Builds child nodes the way SwiftUI builds views: one expression a line, with `if`, `if let`,
/// `switch`, `for … in` and local `let`s.
///
/// ```swift
/// VStack {
///     Text(city.name).bold()
///     if let note = city.note { Text(note) }
///     for day in city.days { dayColumn(day) }
/// }
/// ```
@resultBuilder
public enum NodeBuilder {
    public static func buildExpression(_ expression: some NodeConvertible) -> [Node] { [expression.node] }
    public static func buildExpression(_ expression: [Node]) -> [Node] { expression }
    public static func buildExpression(_ expression: (some NodeConvertible)?) -> [Node] { expression.map { [$0.node] } ?? [] }
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    public static func buildEither(first part: [Node]) -> [Node] { part }
    public static func buildEither(second part: [Node]) -> [Node] { part }
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
}
