import Screenplay

/// A targeting condition in GrowthBook's syntax (MongoDB-like), compiled once when read and
/// evaluated exactly as GrowthBook's SDKs evaluate it.
///
/// A condition is an object whose members must all hold: `$and`, `$or`, `$nor` (arrays of
/// conditions), `$not` (a condition), and dotted attribute paths (`"address.country"`, `"tags.0"`)
/// whose value is either a plain value compared with the attribute (`"US"`, `10`, `true`, `null`,
/// an array or object compared whole) or an object of operators that must all hold: `$eq $ne $lt
/// $lte $gt $gte $regex $regexi $in $nin $ini $nini $all $alli $elemMatch $size $exists $type
/// $not $veq $vne $vgt $vgte $vlt $vlte $inGroup $notInGroup`. docs/FLAGS.md gives each one's
/// meaning.
///
/// A missing attribute is null, as in GrowthBook: it never raises an error, and most tests on it
/// are false; those GrowthBook answers true for null are true here too (`{"$exists": false}`,
/// `null`, `{"$ne": "x"}`, and comparisons JavaScript makes with null as 0, such as `{"$lt": 10}`).
///
/// ```swift
/// let read = FlagCondition.read(["country": ["$in": ["US", "CA"]], "appVersion": ["$vgte": "4.2.0"]])
/// let condition = read.value!
/// condition.matches(["country": "US", "appVersion": "4.10.1"])   // true
/// condition.matches(["country": "FR", "appVersion": "4.10.1"])   // false
/// ```
public struct FlagCondition: Sendable {
    let node: ConditionNode
    /// The condition as written.
    public let json: JSONValue
    /// The saved groups it names with `$inGroup` and `$notInGroup`.
    public let savedGroupNames: Set<String>

    /// A condition that always holds: `{}`.
    public static let always = FlagCondition(node: .all([]), json: .object([:]), savedGroupNames: [])

    init(node: ConditionNode, json: JSONValue, savedGroupNames: Set<String>) {
        self.node = node
        self.json = json
        self.savedGroupNames = savedGroupNames
    }

    /// Reads and compiles a condition, with every problem at its path under `path`.
    ///
    /// The value is there even when there are errors: what is refused (an unknown operator, a
    /// pattern `TextPattern` refuses, an argument of the wrong kind) never holds, which is what
    /// GrowthBook answers for it. A payload whose condition has an error is refused as a whole.
    ///
    /// ```swift
    /// let read = FlagCondition.read(["name": ["$regx": "x"]])
    /// read.errors.first?.description   // "name.$regx: error: $regx is not an operator GrowthBook knows"
    /// read.value?.matches(["name": "x"])   // false
    /// ```
    /// - Parameters:
    ///   - json: The condition object.
    ///   - path: Where it sits in its document, for the diagnostics.
    ///   - limits: The bounds on its size, depth, lists and patterns.
    /// - Returns: The condition and its problems.
    public static func read(_ json: JSONValue, at path: JSONPath = .root, limits: FlagLimits = .default) -> DecodeResult<FlagCondition> {
        var reader = ConditionReader(limits: limits)
        let node = reader.condition(json, at: path)
        return DecodeResult(value: FlagCondition(node: node, json: json, savedGroupNames: reader.groups), diagnostics: reader.diagnostics)
    }

    /// Whether the attributes match.
    ///
    /// ```swift
    /// condition.matches(["id": "u1", "plan": "pro"], savedGroups: payload.savedGroups)
    /// ```
    /// - Parameters:
    ///   - attributes: The user's attributes.
    ///   - savedGroups: The groups `$inGroup` and `$notInGroup` look in.
    /// - Returns: Whether every part of the condition holds.
    public func matches(_ attributes: [String: JSONValue], savedGroups: FlagSavedGroups = .none) -> Bool {
        node.matches(.object(attributes), groups: savedGroups)
    }

    /// Whether a value matches, whatever its kind (GrowthBook evaluates `$elemMatch` conditions on
    /// array elements, which need not be objects: a path into a string is null).
    /// - Parameters:
    ///   - value: The value the condition's paths start from.
    ///   - savedGroups: The groups `$inGroup` and `$notInGroup` look in.
    /// - Returns: Whether every part of the condition holds.
    public func matches(value: JSONValue, savedGroups: FlagSavedGroups = .none) -> Bool {
        node.matches(value, groups: savedGroups)
    }
}
