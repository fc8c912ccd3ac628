/// What a masked field shows and holds after an edit: the text on screen, the raw value its
/// variable holds (and an intent sends), and whether the mask is filled.
///
/// ```swift
/// let card = InputMask.card.apply(to: "4111111111111111")
/// card.display      // "4111 1111 1111 1111"
/// card.raw          // "4111111111111111"
/// card.isComplete   // true
/// ```
public struct MaskedText: Sendable, Hashable {
    /// The formatted text the field shows.
    public var display: String
    /// The value without formatting: what the field's variable holds and what is sent.
    public var raw: String
    /// Whether everything the mask asks for is there (every slot of a fixed mask, a whole card
    /// number, a real date …). A hint for the renderer; rules decide validity.
    public var isComplete: Bool

    /// - Parameters:
    ///   - display: the formatted text.
    ///   - raw: the unformatted value.
    ///   - isComplete: whether the mask is filled.
    public init(display: String, raw: String, isComplete: Bool) {
        self.display = display
        self.raw = raw
        self.isComplete = isComplete
    }

    /// Nothing typed.
    static let empty = MaskedText(display: "", raw: "", isComplete: false)
}
