#if canImport(SwiftUI)
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// One presented node: picks the small view of its component and wraps it in the node's box,
    /// accessibility, tap and motion. Equatable on its presentation, so SwiftUI skips an unchanged subtree.
    struct NodeView: View, Equatable {
        let node: PresentedNode
        @Environment(\.screenplay) private var context

        nonisolated static func == (lhs: NodeView, rhs: NodeView) -> Bool { lhs.node == rhs.node }

        var body: some View {
            let drawn =
                component
                .modifier(BoxModifier(box: node.box, clips: node.clipsToBox))
                .modifier(TapModifier(tap: wrappedTap, press: node.motion?.press, context: context))
                .modifier(AccessibilityModifier(accessibility: node.accessibility, isTappable: wrappedTap != nil))
            if let motion = node.motion {
                drawn.modifier(MotionModifier(motion: motion, look: node.ownLook))
            } else {
                // No transition of SwiftUI's own either: a node without motion appears and goes at once.
                drawn.transition(.identity)
            }
        }

        /// What VoiceOver reads for an image node: its label, or nothing (decorative).
        private var imageLabel: String? {
            node.accessibility.isHidden ? nil : node.accessibility.label
        }

        /// The tap this view makes the node perform: none for a control, which performs its own.
        private var wrappedTap: Action? {
            node.handlesOwnTap ? nil : node.tap
        }

        @ViewBuilder private var component: some View {
            switch node.content {
            case .stack(let layout, let children): StackView(layout: layout, children: children)
            case .overlay(let alignment, let children): OverlayView(alignment: alignment, children: children)
            case .grid(let layout, let children): GridView(layout: layout, children: children)
            case .list(let sections): SectionsView(sections: sections)
            case .spacer(let minimum): Spacer(minLength: minimum.map { CGFloat($0) })
            case .divider(let divider): DividerView(divider: divider)
            case .text(let text): TextView(text: text)
            case .image(let image): RemoteImageView(image: image, label: imageLabel)
            case .shape(let shape): ShapeView(shape: shape)
            case .badge(let badge): BadgeView(badge: badge)
            case .button(let button): ButtonView(button: button, tap: node.tap, press: node.motion?.press)
            case .textField(let field): TextFieldView(field: field)
            case .toggle(let toggle): ToggleView(toggle: toggle, tap: node.tap)
            case .item(let item): ItemView(item: item)
            case .custom(let custom, let fallback): CustomView(custom: custom, fallback: fallback)
            case .missing(let type, let path): MissingView(type: type, path: path.description)
            }
        }
    }

    /// Children drawn in order under the presentation's distinct identities, each skipped by
    /// SwiftUI when its presentation did not change.
    struct ChildViews: View {
        let children: PresentedChildren
        var width: Double?

        var body: some View {
            ForEach(Array(zip(children.identities, children.indices)), id: \.0) { _, index in
                NodeView(node: children[index]).equatable()
                    .frame(width: width.map { CGFloat($0) })
            }
        }
    }
#endif
