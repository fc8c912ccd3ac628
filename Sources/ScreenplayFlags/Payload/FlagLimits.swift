import Screenplay

/// The bounds a features payload is read within, and that bound the work of evaluating it: a
/// payload past one of them is refused with the path of what is too large.
///
/// With the defaults, evaluating one flag visits at most ``maxRulesPerFlag`` rules, each with a
/// condition of at most ``maxConditionNodes`` nodes (a pattern costs at most about
/// 2 × its program × the text's length steps, both bounded by ``pattern``), and its prerequisites
/// are at most ``maxPrerequisiteDepth`` flags deep, each evaluated once per evaluation.
///
/// ```swift
/// var limits = FlagLimits.default
/// limits.maxFlags = 2_000
/// let result = FeaturesPayload.decode(from: bytes, limits: limits)
/// ```
public struct FlagLimits: Sendable, Hashable {
    /// The JSON parser's limits for the payload's bytes (default: 16 MiB, depth 128, strings of
    /// 64 KiB).
    public var document: DocumentLimits
    /// The most flags in a payload (default 10,000).
    public var maxFlags: Int
    /// The most rules of one flag (default 500).
    public var maxRulesPerFlag: Int
    /// The most nodes of one condition, counting every object, operator and plain value tested
    /// (default 1,000).
    public var maxConditionNodes: Int
    /// The deepest nesting of condition objects, operator objects and `$and`/`$or` lists
    /// (default 16).
    public var maxConditionDepth: Int
    /// The most values of one `$in`, `$nin`, `$all` … list (default 10,000).
    public var maxListLength: Int
    /// The most saved groups (default 10,000) and the most values of one (default 100,000).
    public var maxSavedGroups: Int
    public var maxSavedGroupValues: Int
    /// The most variations of one experiment rule (default 100).
    public var maxVariations: Int
    /// The most prerequisites of one rule (default 32), and the longest chain of flags that
    /// require one another (default 16).
    public var maxPrerequisites: Int
    public var maxPrerequisiteDepth: Int
    /// The most filters of one rule and ranges of one filter (default 32 each).
    public var maxFilters: Int
    /// The bounds of `$regex` and `$regexi` patterns and of the texts they test (default: 1,000
    /// characters, a program of 4,000 instructions, texts of 4,096 characters; a longer text does
    /// not match).
    public var pattern: TextPattern.Limits

    /// - Parameters:
    ///   - document: The JSON parser's limits.
    ///   - maxFlags: The most flags in a payload.
    ///   - maxRulesPerFlag: The most rules of one flag.
    ///   - maxConditionNodes: The most nodes of one condition.
    ///   - maxConditionDepth: The deepest nesting of a condition.
    ///   - maxListLength: The most values of one operator's list.
    ///   - maxSavedGroups: The most saved groups.
    ///   - maxSavedGroupValues: The most values of one saved group.
    ///   - maxVariations: The most variations of one experiment.
    ///   - maxPrerequisites: The most prerequisites of one rule.
    ///   - maxPrerequisiteDepth: The longest chain of prerequisites.
    ///   - maxFilters: The most filters of one rule, and ranges of one filter.
    ///   - pattern: The bounds of patterns and the texts they test.
    public init(
        document: DocumentLimits = DocumentLimits(maxDocumentBytes: 16 * 1024 * 1024), maxFlags: Int = 10_000,
        maxRulesPerFlag: Int = 500, maxConditionNodes: Int = 1_000, maxConditionDepth: Int = 16, maxListLength: Int = 10_000,
        maxSavedGroups: Int = 10_000, maxSavedGroupValues: Int = 100_000, maxVariations: Int = 100, maxPrerequisites: Int = 32,
        maxPrerequisiteDepth: Int = 16, maxFilters: Int = 32,
        pattern: TextPattern.Limits = TextPattern.Limits(maxPatternLength: 1_000, maxProgramSize: 4_000, maxInputLength: 4_096)
    ) {
        self.document = document
        self.maxFlags = maxFlags
        self.maxRulesPerFlag = maxRulesPerFlag
        self.maxConditionNodes = maxConditionNodes
        self.maxConditionDepth = maxConditionDepth
        self.maxListLength = maxListLength
        self.maxSavedGroups = maxSavedGroups
        self.maxSavedGroupValues = maxSavedGroupValues
        self.maxVariations = maxVariations
        self.maxPrerequisites = maxPrerequisites
        self.maxPrerequisiteDepth = maxPrerequisiteDepth
        self.maxFilters = maxFilters
        self.pattern = pattern
    }

    /// The limits Screenplay reads payloads with unless told otherwise.
    public static let `default` = FlagLimits()
}
