/// A stretch of text with one style, parsed from markup. Line breaks are `"\n"` in ``text``.
public struct TextRun: Sendable, Hashable {
    public var text: String
    public var strong: Bool
    public var emphasis: Bool
    /// The link target, already checked against the URL policy.
    public var link: String?

    public init(_ text: String, strong: Bool = false, emphasis: Bool = false, link: String? = nil) {
        self.text = text
        self.strong = strong
        self.emphasis = emphasis
        self.link = link
    }
}
