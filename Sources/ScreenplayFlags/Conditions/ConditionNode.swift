import Screenplay

/// A condition compiled once when it is read: a tree of enums that evaluation walks without
/// looking at JSON keys again. Each case says which GrowthBook construct it stands for.
indirect enum ConditionNode: Sendable {
    /// Every part holds: the members of a condition object, and `$and`.
    case all([ConditionNode])
    /// `$or`: one part holds, or there are none.
    case any([ConditionNode])
    /// `$nor`: no part holds, and there is at least one (GrowthBook's `!evalOr`).
    case none([ConditionNode])
    /// `$not`.
    case not(ConditionNode)
    /// A dotted attribute path and the test its value must pass.
    case attribute([String], ValueTest)
    /// What was refused when the condition was read; never holds, as GrowthBook's unknown
    /// operators and broken patterns never do.
    case never
}

/// The test one value must pass: a plain value compared as GrowthBook compares it, or an
/// operator object, every operator of which must hold.
indirect enum ValueTest: Sendable {
    /// `value + "" === text`.
    case text(String)
    /// `String(value).toLowerCase() === text` (text lowercased when read): `$alli`'s strings.
    case textIgnoringCase(String)
    /// `value * 1 === number`.
    case number(Double)
    /// `value !== null && !!value === flag`.
    case bool(Bool)
    /// `value === null` (a missing attribute is null).
    case null
    /// `JSON.stringify(value) === JSON.stringify(json)`: arrays, and objects that are not all
    /// operators; compared member by member.
    case json(JSONValue)
    case operators([OperatorTest])
}

/// One operator of an operator object.
indirect enum OperatorTest: Sendable {
    /// `$veq` … `$vlte`, with the condition's version already padded.
    case version(FlagVersion.Comparison, String)
    /// `$eq` and `$ne`: JavaScript's `===` and `!==`.
    case equal(JSONValue)
    case notEqual(JSONValue)
    /// `$lt`, `$lte`, `$gt`, `$gte`: JavaScript's `<` … with its conversions.
    case relation(JavaScript.Relation, JSONValue)
    /// `$exists`: whether the value is not null.
    case exists(Bool)
    /// `$in`, `$nin`, `$ini`, `$nini`: membership (any element of an array attribute).
    case member(MemberSet, negated: Bool)
    /// `$inGroup` and `$notInGroup`: membership in a saved group, looked up when evaluated.
    case group(String, negated: Bool)
    /// `$not` inside an operator object.
    case not(ValueTest)
    /// `$size`: an array whose count passes the test.
    case size(ValueTest)
    /// `$elemMatch` with an operator object: an element (other than a falsy one) passes it.
    case elementPasses(ValueTest)
    /// `$elemMatch` with a condition: an element (other than a falsy one) matches it.
    case elementMatches(ConditionNode)
    /// `$all` and `$alli`: an array attribute in which each test is passed by some element.
    case all([ValueTest])
    /// `$regex` and `$regexi`: the pattern found in the value's text.
    case pattern(TextPattern)
    /// `$type`.
    case type(String)
    /// An unknown operator, or one whose argument was refused.
    case never
}
