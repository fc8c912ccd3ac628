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

    /// The node's box: padding, then background, then rounded corners.
    struct BoxModifier: ViewModifier {
        let box: Style?
        @Environment(\.colorScheme) private var scheme

        @ViewBuilder func body(content: Content) -> some View {
            if let box {
                content
                    .padding(box.padding.map(Self.insets) ?? EdgeInsets())
                    .background(box.background.map { $0.color(in: scheme) } ?? Color.clear)
                    .clipShape(RoundedRectangle(cornerRadius: CGFloat(box.cornerRadius ?? 0)))
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

    /// A tap on a node that is not a control performs its action.
    struct TapModifier: ViewModifier {
        let tap: Action?
        let context: RenderContext?

        @ViewBuilder func body(content: Content) -> some View {
            if let tap, let context {
                content.contentShape(Rectangle()).onTapGesture { context.perform(tap) }
            } else {
                content
            }
        }
    }

    /// What VoiceOver reads: the label, the role as a trait, or nothing for decoration.
    struct AccessibilityModifier: ViewModifier {
        let accessibility: PresentedAccessibility
        /// Read a composition (the generic item) as one element.
        let combines: Bool

        @ViewBuilder func body(content: Content) -> some View {
            if accessibility.isHidden {
                content.accessibilityHidden(true)
            } else if combines {
                described(content.accessibilityElement(children: .combine))
            } else {
                described(content)
            }
        }

        @ViewBuilder private func described(_ view: some View) -> some View {
            if let label = accessibility.label {
                view.accessibilityLabel(label).accessibilityAddTraits(Self.traits(accessibility.role))
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
