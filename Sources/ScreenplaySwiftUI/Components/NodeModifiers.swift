#if canImport(SwiftUI)
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// A presented width and height: points, or the whole of the space offered.
    struct LengthFrame: ViewModifier {
        let width: Length?
        let height: Length?

        func body(content: Content) -> some View {
            content
                .frame(width: Self.points(width), height: Self.points(height))
                .frame(maxWidth: width == .fill ? .infinity : nil, maxHeight: height == .fill ? .infinity : nil)
        }

        static func points(_ length: Length?) -> CGFloat? {
            if case .points(let value)? = length { CGFloat(value) } else { nil }
        }
    }

    /// The node's box: padding, then a background with rounded corners; the content is clipped to
    /// them only when the presentation says so (never around controls, whose focus rings and
    /// pressed states draw outside their frames).
    struct BoxModifier: ViewModifier {
        let box: Style?
        let clips: Bool
        @Environment(\.colorScheme) private var scheme

        @ViewBuilder func body(content: Content) -> some View {
            if let box {
                let shape = RoundedRectangle(cornerRadius: CGFloat(box.cornerRadius ?? 0))
                let boxed =
                    content
                    .padding(box.padding.map(Self.insets) ?? EdgeInsets())
                    .background(box.background.map { $0.color(in: scheme) } ?? Color.clear, in: shape)
                if clips { boxed.clipShape(shape) } else { boxed }
            } else {
                content
            }
        }

        static func insets(_ insets: Insets) -> EdgeInsets {
            EdgeInsets(
                top: CGFloat(insets.top), leading: CGFloat(insets.leading), bottom: CGFloat(insets.bottom),
                trailing: CGFloat(insets.trailing))
        }
    }

    /// A tap on a node that is not a control: the node becomes a real button (VoiceOver's button,
    /// the keyboard, Full Keyboard Access and Switch Control reach it) drawn as itself, with the
    /// press the presentation decided (dimmed by default, none when the server turned it off).
    struct TapModifier: ViewModifier {
        let tap: Action?
        let press: Motion.Press?
        let context: RenderContext?

        @ViewBuilder func body(content: Content) -> some View {
            if let tap, let context {
                Button {
                    context.perform(tap)
                } label: {
                    content
                }
                .buttonStyle(NodeButtonStyle(press: press))
            } else {
                content
            }
        }
    }

    /// What VoiceOver reads: the label, the role as a trait, or nothing for decoration; a container
    /// the presentation makes one element reads its children as one (or its label instead).
    struct AccessibilityModifier: ViewModifier {
        let accessibility: PresentedAccessibility
        /// Drawn as a button by ``TapModifier``: a link says so instead of "button".
        let isTappable: Bool

        @ViewBuilder func body(content: Content) -> some View {
            if accessibility.isHidden {
                content.accessibilityHidden(true)
            } else if accessibility.isElement {
                if accessibility.label != nil {
                    described(content.accessibilityElement(children: .ignore))
                } else {
                    described(content.accessibilityElement(children: .combine))
                }
            } else {
                described(content)
            }
        }

        @ViewBuilder private func described(_ view: some View) -> some View {
            if let label = accessibility.label {
                roled(view.accessibilityLabel(label))
            } else {
                roled(view)
            }
        }

        @ViewBuilder private func roled(_ view: some View) -> some View {
            if isTappable, accessibility.role == .link {
                view.accessibilityAddTraits(.isLink).accessibilityRemoveTraits(.isButton)
            } else {
                view.accessibilityAddTraits(Self.traits(accessibility.role))
            }
        }

        static func traits(_ role: PresentedAccessibility.Role?) -> AccessibilityTraits {
            switch role {
            case .button?: .isButton
            case .link?: .isLink
            case .header?: .isHeader
            case .image?: .isImage
            case nil: []
            }
        }
    }

    extension AdaptiveColor {
        /// The colour for the appearance the view is drawn in.
        func color(in scheme: ColorScheme) -> Color {
            let rgba = resolved(for: scheme == .dark ? .dark : .light)
            return Color(
                .sRGB, red: Double(rgba.red) / 255, green: Double(rgba.green) / 255, blue: Double(rgba.blue) / 255,
                opacity: Double(rgba.alpha) / 255)
        }
    }
#endif
