import Screenplay

/// What a renderer draws for one node of a screen, every decision already taken: the layout, the
/// text style, the checked links and actions, the evaluated visibility, the box and the
/// accessibility. Web, terminal and native renderers map it onto their own widgets and decide
/// nothing else, so they agree by construction.
///
/// ```swift
/// let presenter = Presenter(options: PresentationOptions(customTypes: registry.typeNames))
/// let presentation = presenter.present(screen, values: store.values)
/// if case .text(let text) = presentation.root.content { print(text.plainText) }
/// ```
///
/// Presentations are values: an unchanged subtree compares equal to the one built before, so a
/// renderer can skip it.
public struct PresentedNode: Sendable, Hashable {
    /// The node's wire type (`"vstack"`, `"BANNER"` …), for markers, tools and debugging.
    public var type: String
    /// The format's id of the node, if it has one.
    public var nodeID: String?
    /// What to draw.
    public var content: PresentedContent
    /// What assistive technologies are told.
    public var accessibility: PresentedAccessibility
    /// What a tap performs, with every URL in it checked by the URL policy; nil when a tap does nothing.
    public var tap: Action?
    private var isVisible: Bool
    /// What most nodes lack, boxed together so that a node stays small to copy.
    private var extras: Extras?

    public init(
        type: String, nodeID: String? = nil, content: PresentedContent, box: Style? = nil,
        accessibility: PresentedAccessibility = PresentedAccessibility(), tap: Action? = nil, visibility: PresentedVisibility = .always,
        diagnostics: [Diagnostic] = []
    ) {
        self.type = type
        self.nodeID = nodeID
        self.content = content
        self.accessibility = accessibility
        self.tap = tap
        self.isVisible = visibility.isVisible
        self.extras = Extras.make(box: box, condition: visibility.condition, diagnostics: diagnostics)
    }

    /// How the node enters, leaves, changes and answers a press, decided: a node the renderer
    /// makes tappable has a `press` (`Motion.Press.standard` unless the server chose
    /// one); nil when nothing moves. Under Reduce Motion a renderer draws
    /// `Motion.reducingMotion()` of it.
    ///
    /// ```swift
    /// let motion = reduceMotion ? node.motion?.reducingMotion() : node.motion
    /// ```
    public var motion: Motion? {
        get { extras?.motion }
        set { extras = Extras.make(box: box, condition: extras?.condition, diagnostics: diagnostics, bindings: bindings, motion: newValue) }
    }

    /// Padding, background and corner radius around the content: the node's style as sent.
    public var box: Style? {
        get { extras?.box }
        set {
            extras = Extras.make(box: newValue, condition: extras?.condition, diagnostics: diagnostics, bindings: bindings, motion: motion)
        }
    }

    /// The node's bound properties (`Node.bindings`), already evaluated into this presentation,
    /// kept so that a renderer that re-evaluates them itself (the web page's script, as the user
    /// types) can: `"visible"` among them decides ``visibility``.
    public var bindings: [String: PropertyExpression] {
        get { extras?.bindings ?? [:] }
        set { extras = Extras.make(box: box, condition: extras?.condition, diagnostics: diagnostics, bindings: newValue, motion: motion) }
    }

    /// Whether the node is shown now, and the condition that decides it as the client state changes.
    public var visibility: PresentedVisibility {
        get { PresentedVisibility(condition: extras?.condition, isVisible: isVisible) }
        set {
            isVisible = newValue.isVisible
            extras = Extras.make(box: box, condition: newValue.condition, diagnostics: diagnostics, bindings: bindings, motion: motion)
        }
    }

    /// Whether the content is clipped to the box's rounded corners: yes for what draws itself
    /// (images, shapes, text, badges), no for containers and controls, which may hold something
    /// focusable whose focus ring or pressed state is drawn outside its frame.
    public var clipsToBox: Bool {
        switch content {
        case .image, .shape, .text, .badge, .divider, .spacer, .missing: true
        case .stack, .overlay, .grid, .list, .item, .button, .textField, .toggle, .custom: false
        }
    }

    /// Whether the node performs its ``tap`` itself — a button when pressed, a switch after each
    /// change, a text field not at all — rather than being made tappable by the renderer, which
    /// wraps any other node with a tap in a button or a link of its own.
    ///
    /// ```swift
    /// let wrapped = node.handlesOwnTap ? nil : node.tap   // what the renderer's own button performs
    /// ```
    public var handlesOwnTap: Bool {
        switch content {
        case .button, .toggle, .textField: true
        case .stack, .overlay, .grid, .list, .item, .image, .shape, .text, .badge, .divider, .spacer, .custom, .missing: false
        }
    }

    /// Problems found while presenting this node (a client value of the wrong type for a control).
    public var diagnostics: [Diagnostic] {
        get { extras?.diagnostics ?? [] }
        set { extras = Extras.make(box: box, condition: extras?.condition, diagnostics: newValue, bindings: bindings, motion: motion) }
    }

    /// The optional parts, immutable once boxed.
    final class Extras: Sendable, Hashable {
        let box: Style?
        let condition: StateCondition?
        let diagnostics: [Diagnostic]
        let bindings: [String: PropertyExpression]
        let motion: Motion?

        private init(
            box: Style?, condition: StateCondition?, diagnostics: [Diagnostic], bindings: [String: PropertyExpression], motion: Motion?
        ) {
            self.box = box
            self.condition = condition
            self.diagnostics = diagnostics
            self.bindings = bindings
            self.motion = motion
        }

        static func make(
            box: Style?, condition: StateCondition?, diagnostics: [Diagnostic], bindings: [String: PropertyExpression] = [:],
            motion: Motion? = nil
        ) -> Extras? {
            box == nil && condition == nil && diagnostics.isEmpty && bindings.isEmpty && motion == nil
                ? nil : Extras(box: box, condition: condition, diagnostics: diagnostics, bindings: bindings, motion: motion)
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs === rhs
                || (lhs.box == rhs.box && lhs.condition == rhs.condition && lhs.diagnostics == rhs.diagnostics
                    && lhs.bindings == rhs.bindings && lhs.motion == rhs.motion)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(box)
            hasher.combine(condition)
        }
    }
}

/// Whether a node is shown: always, or while a condition on the client state holds. (Not
/// `Visibility`: SwiftUI declares that name, and an app file importing both would not compile.)
public struct PresentedVisibility: Sendable, Hashable {
    /// The condition, kept so that a web page can re-evaluate it as the user types.
    public var condition: StateCondition?
    /// The condition evaluated against the client values the presentation was built with.
    public var isVisible: Bool

    public init(condition: StateCondition?, isVisible: Bool) {
        self.condition = condition
        self.isVisible = isVisible
    }

    public static let always = PresentedVisibility(condition: nil, isVisible: true)
}

/// What assistive technologies say about a node.
public struct PresentedAccessibility: Sendable, Hashable {
    /// What a node is, for a screen reader.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case button, link, header, image
    }

    /// The label to read instead of the visible content; nil reads the content.
    public var label: String?
    public var role: Role?
    /// Decorative: skipped by screen readers (spacers, shapes, images without a label).
    public var isHidden: Bool
    /// A container read as one element, its children's words combined (or replaced by `label`):
    /// a tappable or labelled container, and the generic item. A renderer makes it one focusable
    /// element and, when it has a tap, a real button.
    public var isElement: Bool

    public init(label: String? = nil, role: Role? = nil, isHidden: Bool = false, isElement: Bool = false) {
        self.label = label
        self.role = role
        self.isHidden = isHidden
        self.isElement = isElement
    }
}
