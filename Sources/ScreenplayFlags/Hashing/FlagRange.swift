/// A range of points `[lower, upper)`: a variation's bucket, a rollout's range or a filter's.
///
/// ```swift
/// FlagRange(0, 0.5).contains(0.5)   // false: the upper bound is out
/// ```
public struct FlagRange: Sendable, Hashable, CustomStringConvertible {
    /// The first point in the range.
    public var lower: Double
    /// The first point past the range.
    public var upper: Double

    /// - Parameters:
    ///   - lower: The first point in the range.
    ///   - upper: The first point past the range.
    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether `point` is in `[lower, upper)`.
    /// - Parameter point: A user's point.
    /// - Returns: Whether the range holds it.
    public func contains(_ point: Double) -> Bool { point >= lower && point < upper }

    public var description: String { "[\(lower), \(upper))" }
}
