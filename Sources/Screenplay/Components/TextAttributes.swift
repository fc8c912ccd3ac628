/// How text looks; shared by ``Text`` and ``RichText`` and written flat into their node.
///
/// Wire fields: `size` (points), `weight`, `color`, `alignment`, `lineLimit`.
public struct TextAttributes: Sendable, Hashable {
    public enum Weight: String, Sendable, Hashable, CaseIterable, JSONEnum {
        case regular, medium, semibold, bold
    }

    public enum TextAlignment: String, Sendable, Hashable, CaseIterable, JSONEnum {
        case leading, center, trailing
    }

    public var size: Double?
    public var weight: Weight?
    public var color: AdaptiveColor?
    public var alignment: TextAlignment?
    /// Most lines shown before the text is truncated; nil for no limit.
    public var lineLimit: Int?

    public init(
        size: Double? = nil, weight: Weight? = nil, color: AdaptiveColor? = nil, alignment: TextAlignment? = nil, lineLimit: Int? = nil
    ) {
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.lineLimit = lineLimit
    }

    init(reading reader: inout ObjectReader) {
        self.init(
            size: reader.optional(.size), weight: reader.optional(.weight), color: reader.optional(.color),
            alignment: reader.optional(.alignment), lineLimit: reader.optional(.lineLimit))
    }

    /// Writes the attributes with the component's own text member (`text`, `markup`) in key
    /// order among them.
    func write(to writer: inout NodeWriter, with key: MemberKey, _ content: String) {
        assert(key.rawValue > MemberKey.lineLimit.rawValue && key.rawValue < MemberKey.weight.rawValue)
        writer.member(.alignment, alignment)
        writer.member(.color, color)
        writer.member(.lineLimit, lineLimit)
        if key.rawValue < MemberKey.size.rawValue { writer.member(key, content) }
        writer.member(.size, size)
        if key.rawValue > MemberKey.size.rawValue { writer.member(key, content) }
        writer.member(.weight, weight)
    }
}

/// A component whose text can be styled with the text modifiers.
public protocol TextStyled: NodeConvertible {
    var attributes: TextAttributes { get set }
}

extension TextStyled {
    /// Sets the point size and, optionally, the weight.
    public func font(size: Double, weight: TextAttributes.Weight? = nil) -> Self {
        var copy = self
        copy.attributes.size = size
        if let weight { copy.attributes.weight = weight }
        return copy
    }

    public func fontWeight(_ weight: TextAttributes.Weight) -> Self {
        var copy = self
        copy.attributes.weight = weight
        return copy
    }

    public func bold() -> Self { fontWeight(.bold) }

    public func foregroundColor(_ color: AdaptiveColor) -> Self {
        var copy = self
        copy.attributes.color = color
        return copy
    }

    public func multilineTextAlignment(_ alignment: TextAttributes.TextAlignment) -> Self {
        var copy = self
        copy.attributes.alignment = alignment
        return copy
    }

    public func lineLimit(_ lines: Int?) -> Self {
        var copy = self
        copy.attributes.lineLimit = lines
        return copy
    }
}
