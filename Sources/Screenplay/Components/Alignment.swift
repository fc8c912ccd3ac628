extension Component {
    /// How a vertical stack lines up its children across its width.
    public enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable, JSONEnum {
        case leading, center, trailing
    }

    /// How a horizontal stack lines up its children across its height (the Tutu write-up's bars sit on `bottom`).
    public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable, JSONEnum {
        case top, center, bottom
    }

    /// Where an overlay stack places its children.
    public enum Alignment: String, Sendable, Hashable, CaseIterable, JSONEnum {
        case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing
    }

    /// The direction a scroll view scrolls.
    public enum Axis: String, Sendable, Hashable, CaseIterable, JSONEnum {
        case vertical, horizontal
    }
}
