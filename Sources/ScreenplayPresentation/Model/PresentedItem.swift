import Screenplay

/// The Drivy write-up's generic item as a fixed composition: an optional round image on the
/// leading side, then a column of a title row (title, top-right detail), a subtitle, the marked-up
/// detail and a bottom row (bottom-left, bottom-right). Each slot's style is decided here, per
/// layout, so every renderer draws the same item.
///
/// ```
/// ┌──────┬──────────────────────────────┐
/// │ (img)│ title              top-right │
/// │      │ subtitle                     │
/// │      │ detail (marked up)           │
/// │      │ bottom-left     bottom-right │
/// └──────┴──────────────────────────────┘
/// ```
public struct PresentedItem: Sendable, Hashable {
    /// `request` or `message` (an unknown layout is drawn as `request`).
    public var layout: Component.GenericItem.Layout
    public var image: PresentedImage?
    public var title: PresentedText?
    public var topRight: PresentedText?
    public var subtitle: PresentedText?
    public var detail: PresentedText?
    public var bottomLeft: PresentedText?
    public var bottomRight: PresentedText?

    /// The size of the leading image, in points.
    public static let imageSize = 48.0
}
