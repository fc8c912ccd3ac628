/// One edit of a masked field, decided: the masked text and where the caret goes in it, so that a
/// rejected character never shows and the caret stays where the user is typing — after what they
/// typed or pasted in the middle of the text, before a separator they deleted, where it was when
/// nothing they typed was taken. While an input method composes (marked text: kana, pinyin, a
/// dictation draft) nothing is masked: the field keeps what it shows and the variable its value
/// until the composition ends.
///
/// Offsets are in UTF-16 code units, as UIKit (`UITextField`) and the DOM (`selectionStart`)
/// count them, and fall between Unicode scalars (masks read scalars). The web page's script answers the same (`ScreenplayInputs.edit`; the shared
/// cases are in `Tests/Conformance/inputs/edits.json`).
///
/// ```swift
/// // "4111 1111", the user types "2" after "41": the field shows "4121 1111 1", the caret after the 2.
/// let edit = InputMask.card.edit(from: "4111 1111", to: "41211 1111", caret: 3)
/// edit.text.display   // "4121 1111 1"
/// edit.caret          // 3
/// ```
public struct MaskedEdit: Sendable, Hashable {
    /// What the field shows and its variable holds after the edit.
    public var text: MaskedText
    /// Where the caret goes in `text.display`, in UTF-16 code units.
    public var caret: Int
    /// The edit was left unmasked because an input method is composing: the renderer changes
    /// neither the field nor its variable.
    public var isComposing: Bool

    /// - Parameters:
    ///   - text: the masked text.
    ///   - caret: the caret in the masked text, in UTF-16 code units.
    ///   - isComposing: whether masking waits for a composition to end.
    public init(text: MaskedText, caret: Int, isComposing: Bool = false) {
        self.text = text
        self.caret = caret
        self.isComposing = isComposing
    }
}

extension InputMask {
    /// What a field shows after one edit, and where its caret goes.
    ///
    /// The caret goes after as many of the raw value's characters as the edited text held before
    /// its caret (so a separator the mask adds or removes does not move the user's place); when the
    /// mask took nothing of the edit (a rejected character, a separator deleted), the text stays as
    /// it was and the caret where the edit began.
    ///
    /// ```swift
    /// InputMask.card.edit(from: "4111 1111", to: "41x11 1111", caret: 3)      // "4111 1111", caret 2
    /// InputMask.card.edit(from: "4111 1111", to: "41111111", caret: 4)        // "4111 1111", caret 4
    /// ```
    /// - Parameters:
    ///   - old: what the field showed before the edit (masked).
    ///   - new: what it holds after the user's edit, unmasked.
    ///   - caret: the caret in `new` after the edit, in UTF-16 code units.
    ///   - composing: whether an input method is composing (marked text): nothing is masked.
    ///   - localeIdentifier: the screen's locale, for a currency mask without its own.
    /// - Returns: the masked text and the caret in it.
    public func edit(from old: String, to new: String, caret: Int, composing: Bool = false, localeIdentifier: String = "en")
        -> MaskedEdit
    {
        let newUnits = Array(new.utf16)
        let caret = Self.boundary(in: new, atOrBefore: min(max(caret, 0), newUnits.count))
        if composing {
            let before = apply(to: old, localeIdentifier: localeIdentifier)
            return MaskedEdit(
                text: MaskedText(display: new, raw: before.raw, isComplete: before.isComplete), caret: caret, isComposing: true)
        }
        let masked = apply(to: new, localeIdentifier: localeIdentifier)
        if masked.display == old, old != new {
            // Nothing of the edit was taken: the caret stays where the edit began.
            let oldUnits = Array(old.utf16)
            let suffix = Self.commonSuffix(oldUnits, newUnits, limit: newUnits.count - caret)
            let prefix = Self.commonPrefix(oldUnits, newUnits, limit: min(caret, oldUnits.count - suffix))
            return MaskedEdit(text: masked, caret: Self.boundary(in: old, atOrBefore: prefix))
        }
        let typedBefore = String(new.utf16.prefix(caret)).map { apply(to: $0, localeIdentifier: localeIdentifier).raw } ?? ""
        return MaskedEdit(text: masked, caret: position(after: typedBefore.unicodeScalars.count, in: masked.display, localeIdentifier))
    }

    /// The first place in `display` that has `count` raw characters before it (the end when it has
    /// fewer): found by halving, as the raw characters before a place never decrease along a mask's text.
    private func position(after count: Int, in display: String, _ localeIdentifier: String) -> Int {
        guard count > 0 else { return 0 }
        var offsets: [Int] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            offset += scalar.utf16.count
            offsets.append(offset)
        }
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            let prefix = String(display.utf16.prefix(offsets[middle])) ?? ""
            if apply(to: prefix, localeIdentifier: localeIdentifier).raw.unicodeScalars.count >= count {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low < offsets.count ? offsets[low] : display.utf16.count
    }

    /// `offset`, or the scalar boundary before it when it falls inside a surrogate pair.
    private static func boundary(in text: String, atOrBefore offset: Int) -> Int {
        var last = 0
        var position = 0
        for scalar in text.unicodeScalars {
            position += scalar.utf16.count
            if position > offset { break }
            last = position
        }
        return last
    }

    private static func commonPrefix(_ lhs: [UInt16], _ rhs: [UInt16], limit: Int) -> Int {
        var count = 0
        while count < limit, count < lhs.count, count < rhs.count, lhs[count] == rhs[count] { count += 1 }
        return count
    }

    private static func commonSuffix(_ lhs: [UInt16], _ rhs: [UInt16], limit: Int) -> Int {
        var count = 0
        while count < limit, count < lhs.count, count < rhs.count, lhs[lhs.count - 1 - count] == rhs[rhs.count - 1 - count] { count += 1 }
        return count
    }
}
