/// Hard limits that every Screenplay document must stay within.
///
/// They protect servers and apps from hostile or broken documents: the byte size is checked before
/// parsing, depth and string length while parsing, children per node while decoding.
///
/// ```swift
/// var limits = DocumentLimits.default
/// limits.maxDocumentBytes = 512 * 1024
/// let result = Screen.decode(from: bytes, options: DecodingOptions(limits: limits))
/// ```
public struct DocumentLimits: Sendable, Hashable {
    /// Largest document accepted, in bytes (default 4 MiB).
    public var maxDocumentBytes: Int
    /// Deepest JSON nesting accepted, counting every object and array (default 128, which allows
    /// about 60 levels of nested nodes).
    public var maxDepth: Int
    /// Most children one node may hold (default 10,000); extra children are dropped with an error.
    public var maxChildren: Int
    /// Longest string accepted, in UTF-8 bytes (default 64 KiB).
    public var maxStringBytes: Int
    /// Most JSON values that a document's templates may unfold into, over all their instances
    /// (default 1,000,000: a 1 MB gallery of templated cards makes about 120,000). Instances past
    /// it are dropped with an error, so a small document cannot unfold into a huge one.
    public var maxExpandedValues: Int

    public init(
        maxDocumentBytes: Int = 4 * 1024 * 1024, maxDepth: Int = 128, maxChildren: Int = 10_000, maxStringBytes: Int = 64 * 1024,
        maxExpandedValues: Int = 1_000_000
    ) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxDepth = maxDepth
        self.maxChildren = maxChildren
        self.maxStringBytes = maxStringBytes
        self.maxExpandedValues = maxExpandedValues
    }

    /// The limits Screenplay applies unless told otherwise.
    public static let `default` = DocumentLimits()

    /// No practical limit: for re-reading bytes this library wrote itself.
    public static let unlimited = DocumentLimits(
        maxDocumentBytes: .max, maxDepth: .max, maxChildren: .max, maxStringBytes: .max, maxExpandedValues: .max)
}
