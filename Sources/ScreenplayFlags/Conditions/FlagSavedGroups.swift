import Screenplay

/// GrowthBook's saved groups (ID lists): named lists of values that `$inGroup` and `$notInGroup`
/// test membership in, each held as a hash set. A group a condition names but the payload does
/// not hold is empty, as in GrowthBook.
///
/// ```swift
/// let groups = FlagSavedGroups(["beta-testers": ["u1", "u2", 3]])
/// let condition = FlagCondition.read(["id": ["$inGroup": "beta-testers"]]).value!
/// condition.matches(["id": "u2"], savedGroups: groups)   // true
/// ```
public struct FlagSavedGroups: Sendable {
    var sets: [String: MemberSet]

    /// No groups.
    public static let none = FlagSavedGroups([:])

    /// - Parameter groups: Each group's name and values (strings, numbers, booleans or null;
    ///   arrays and objects never match, as JavaScript's `===` never finds them equal).
    public init(_ groups: [String: [JSONValue]]) {
        sets = groups.mapValues { MemberSet($0, ignoringCase: false) }
    }

    /// The names of the groups.
    public var names: Set<String> { Set(sets.keys) }

    /// Whether `value` (or, for an array, one of its elements) is in the group named `name`.
    /// - Parameters:
    ///   - value: An attribute's value.
    ///   - name: The group's name.
    /// - Returns: Whether it is a member; false for a group that does not exist.
    public func contains(_ value: JSONValue, inGroup name: String) -> Bool {
        sets[name]?.holds(value) ?? false
    }
}
