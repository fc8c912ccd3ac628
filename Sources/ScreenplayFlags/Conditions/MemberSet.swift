import Screenplay

/// Values a value may be one of, compared with JavaScript's `===` (so arrays and objects in the
/// list never match, and are left out), in a hash set: a saved group of 10,000 ids costs one
/// lookup.
struct MemberSet: Sendable {
    var members: Set<FlagScalar>
    /// Strings compared lowercased (`$ini`, `$nini`).
    var ignoringCase: Bool

    init(_ values: [JSONValue], ignoringCase: Bool) {
        self.ignoringCase = ignoringCase
        members = Set(values.compactMap { FlagScalar($0, ignoringCase: ignoringCase) })
    }

    /// GrowthBook's `isIn`: for an array, whether any element is a member.
    func holds(_ value: JSONValue) -> Bool {
        if case .array(let items) = value {
            return items.contains { item in FlagScalar(item, ignoringCase: ignoringCase).map(members.contains) ?? false }
        }
        return FlagScalar(value, ignoringCase: ignoringCase).map(members.contains) ?? false
    }
}
