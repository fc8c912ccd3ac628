import Screenplay

/// What a node draws. Containers carry their children already presented (or, when lazy, able to
/// present each one on demand); every other case is a leaf. The larger payloads are boxed
/// (`indirect`), so that a presented node stays small to copy.
public enum PresentedContent: Sendable, Hashable {
    /// Children along an axis: `vstack`, `hstack`, `scroll` and `carousel`.
    case stack(StackLayout, PresentedChildren)
    /// Children on top of each other (`zstack`).
    case overlay(Component.Alignment, PresentedChildren)
    case grid(GridArrangement, PresentedChildren)
    /// A list of sections, each a lazy column of rows.
    indirect case list([PresentedSection])
    case spacer(minLength: Double?)
    indirect case divider(PresentedDivider)
    case text(PresentedText)
    indirect case image(PresentedImage)
    indirect case shape(PresentedShape)
    indirect case badge(PresentedBadge)
    indirect case button(PresentedButton)
    indirect case textField(PresentedTextField)
    indirect case toggle(PresentedToggle)
    /// The generic item of the Drivy write-up as a fixed composition of slots.
    indirect case item(PresentedItem)
    /// An app-defined component the app registered a renderer for; `fallback` is what to draw when
    /// that renderer fails on these properties.
    indirect case custom(CustomComponent, fallback: PresentedNode?)
    /// A component nobody can draw and that has no fallback; only presented when
    /// ``PresentationOptions/missingComponents`` is ``PresentationOptions/MissingComponents/marker``
    /// (debug builds), so that the developer sees what the server sent and where.
    indirect case missing(type: String, path: JSONPath)
}

/// How a stack lays out its children.
public struct StackLayout: Sendable, Hashable {
    /// Where children line up across the axis.
    public enum CrossAlignment: String, Sendable, Hashable {
        case start, center, end
    }

    /// Whether and how the stack scrolls.
    public enum Scrolling: Sendable, Hashable {
        case none
        case scrolls
        /// A horizontal carousel of items, each `itemWidth` points wide when given.
        case carousel(itemWidth: Double?)
    }

    public var axis: Component.Axis
    public var alignment: CrossAlignment
    public var spacing: Double?
    /// Children are presented and drawn only when shown (long scrolling content).
    public var isLazy: Bool
    public var scrolling: Scrolling

    public init(
        axis: Component.Axis, alignment: CrossAlignment = .center, spacing: Double? = nil, isLazy: Bool = false,
        scrolling: Scrolling = .none
    ) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.isLazy = isLazy
        self.scrolling = scrolling
    }
}

/// How a grid lays out its children. (Not `GridLayout`: SwiftUI declares that name, and an app file
/// importing both would not compile.)
public struct GridArrangement: Sendable, Hashable {
    /// 1 to 12 columns of equal width.
    public var columns: Int
    public var spacing: Double?

    public init(columns: Int, spacing: Double? = nil) {
        self.columns = columns
        self.spacing = spacing
    }
}

public struct PresentedSection: Sendable, Hashable {
    public var sectionID: String?
    /// Shown as a header (role ``PresentedAccessibility/Role/header``).
    public var title: String?
    public var rows: PresentedChildren

    /// One identity per section, all different: its id (`#id`), else its position, a repeated id
    /// told apart by its position (as ``PresentedChildren/identities``).
    public static func identities(of sections: [PresentedSection]) -> [String] {
        PresentedChildren.distinct(
            sections.enumerated().map { position, section in section.sectionID.map { "#" + $0 } ?? String(position) })
    }
}

public struct PresentedDivider: Sendable, Hashable {
    public var color: AdaptiveColor?
    public var thickness: Double?
}

/// Text as runs of plain, strong, emphasised and linked characters, with one style.
public struct PresentedText: Sendable, Hashable {
    /// How prominent the text is when its style gives no colour: the platform's primary or
    /// secondary label colour.
    public enum Tone: String, Sendable, Hashable {
        case primary, secondary
    }

    /// The runs; a link is kept only when the URL policy allows it.
    public var runs: [TextRun]
    /// Size, weight, colour, alignment and line limit (1 to 1,000; nil for no limit).
    public var style: TextAttributes
    public var tone: Tone

    public init(runs: [TextRun], style: TextAttributes = TextAttributes(), tone: Tone = .primary) {
        self.runs = runs
        self.style = style
        self.tone = tone
    }

    /// The characters without their marks.
    public var plainText: String { runs.count == 1 ? runs[0].text : runs.map(\.text).joined() }
}

public struct PresentedImage: Sendable, Hashable {
    /// The image's URL, or nil when the URL policy refused it: the placeholder stays.
    public var url: String?
    public var width: Length?
    public var height: Length?
    public var contentMode: Component.Image.ContentMode
    /// Shown until the image loads, and instead of it when it cannot.
    public var placeholderColor: AdaptiveColor?
    /// Clipped to a circle (the generic item's avatar).
    public var isCircular: Bool

    /// The width an image is decoded for when its frame does not say (one that fills its
    /// container): the widest phone or tablet column, in points.
    public static let widestFrame = 1_024.0

    /// How many pixels the image's longer side needs at `scale` pixels a point: the frame's
    /// longer side (or ``widestFrame``), twice that when the image fills its frame (a cropped image
    /// up to twice as long as it is high still covers it). Renderers decode images no larger, so
    /// an image costs its frame's pixels, not its file's.
    ///
    /// ```swift
    /// images.image(for: url, maxPixelSize: image.decodedPixelSize(scale: 3))
    /// ```
    public func decodedPixelSize(scale: Double) -> Int {
        func points(_ length: Length?) -> Double? {
            if case .points(let value)? = length, value > 0 { value } else { nil }
        }
        let side = max(points(width) ?? 0, points(height) ?? 0)
        let frame = side > 0 && points(width) != nil ? side : max(side, Self.widestFrame)
        let crop = contentMode == .fill ? 2.0 : 1.0
        return Int((min(frame, 16_384) * crop * max(1, min(scale, 4))).rounded(.up))
    }
}

public struct PresentedShape: Sendable, Hashable {
    public var width: Length?
    public var height: Length?
    public var color: AdaptiveColor?
    public var cornerRadius: Double?
}

public struct PresentedBadge: Sendable, Hashable {
    public var text: String
    public var color: AdaptiveColor?
    public var background: AdaptiveColor?
}

public struct PresentedButton: Sendable, Hashable {
    public var title: String
    public var variant: Component.Button.Variant
    public var isEnabled: Bool
}

/// A text field bound to the client value `key`.
public struct PresentedTextField: Sendable, Hashable {
    public var key: String
    /// The visible label; when nil, ``accessibilityLabel`` names the field for screen readers only.
    public var label: String?
    public var accessibilityLabel: String
    public var placeholder: String?
    /// The client value as text ("" when absent or not text: see the node's diagnostics).
    public var value: String
    public var keyboard: Component.TextField.Keyboard
    /// What the platform may offer to fill in (nil: nothing).
    public var autofill: Component.TextField.Autofill?
    public var isSecure: Bool
    public var isEnabled: Bool
    /// The problem to show under the field and to announce (its first broken rule, or the
    /// server's word on it), once the field was left or a `validate` ran; nil when there is none
    /// to show.
    public var problem: String? = nil
    /// Whether a value is required (a renderer may mark the field and tell assistive technologies).
    public var isRequired = false
    /// The field's rules, for a renderer that checks them itself (the web page's script, as the
    /// user types); native renderers show ``problem``, decided here.
    public var rules: FieldRules = []
    /// How typing is shown; the variable holds the raw value.
    public var mask: InputMask? = nil
    /// The locale masks group numbers in.
    public var localeIdentifier = "en"

    /// What an edit of the field stores and shows: the raw value for the variable and the text
    /// for the field, masked. A renderer calls it with what the field holds after the user typed.
    ///
    /// ```swift
    /// let edit = field.edited("4242424242424242")   // display "4242 4242 4242 4242", raw the digits
    /// store.set(field.key, to: .string(edit.raw))
    /// ```
    public func edited(_ typed: String) -> MaskedText {
        mask?.apply(to: typed, localeIdentifier: localeIdentifier) ?? MaskedText(display: typed, raw: typed, isComplete: true)
    }
}

/// A switch bound to the boolean client value `key`.
public struct PresentedToggle: Sendable, Hashable {
    public var key: String
    public var title: String
    /// The client value (false when absent or not a boolean: see the node's diagnostics).
    public var isOn: Bool
    public var isEnabled: Bool
}
