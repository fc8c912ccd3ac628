/// How text looks; shared by ``Component/Text`` and ``Component/RichText`` and written flat into their node.
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
    public consuming func font(size: Double, weight: TextAttributes.Weight? = nil) -> Self {
        var styled = self
        styled.attributes.size = size
        if let weight { styled.attributes.weight = weight }
        return styled
    }

    public consuming func fontWeight(_ weight: TextAttributes.Weight) -> Self {
        var styled = self
        styled.attributes.weight = weight
        return styled
    }

    public consuming func bold() -> Self { fontWeight(.bold) }

    public consuming func foregroundColor(_ color: AdaptiveColor) -> Self {
        var styled = self
        styled.attributes.color = color
        return styled
    }

    public consuming func multilineTextAlignment(_ alignment: TextAttributes.TextAlignment) -> Self {
        var styled = self
        styled.attributes.alignment = alignment
        return styled
    }

    public consuming func lineLimit(_ lines: Int?) -> Self {
        var styled = self
        styled.attributes.lineLimit = lines
        return styled
    }
}
