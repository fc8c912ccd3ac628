#if canImport(SwiftUI)
    import Foundation
    import ScreenplayClient
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// `image`: the placeholder colour at the presented size until the image arrives — fetched,
    /// decoded off the main actor and downsampled to the pixels its frame needs, by the shared
    /// image store within its budget of decoded bytes — and for good when it cannot (unreachable,
    /// not an image). A labelled image is read by VoiceOver with its label, loaded or not (an
    /// `Image` made with its label, its placeholder one element with it); a decorative one is not in
    /// the accessibility tree at all (`Image(decorative:)`, which no later `accessibilityLabel` names).
    struct RemoteImageView: View {
        let image: PresentedImage
        /// What VoiceOver reads for the image; nil for a decorative one.
        let label: String?
        @Environment(\.screenplay) private var context
        @Environment(\.colorScheme) private var scheme
        @Environment(\.displayScale) private var displayScale
        @State private var loaded: Image?

        /// What the image is loaded for: its URL at the pixel size its frame needs on this screen.
        private struct Request: Equatable {
            let url: String?
            let pixels: Int
        }

        var body: some View {
            let request = Request(url: image.url, pixels: image.decodedPixelSize(scale: Double(displayScale)))
            framed
                .task(id: request) { @MainActor in loaded = await load(request) }
        }

        @ViewBuilder private var framed: some View {
            if image.isCircular {
                picture.modifier(LengthFrame(width: image.width, height: image.height)).clipShape(Circle())
            } else {
                picture.modifier(LengthFrame(width: image.width, height: image.height)).clipped()
            }
        }

        @ViewBuilder private var picture: some View {
            if let loaded {
                loaded.resizable().aspectRatio(contentMode: image.contentMode == .fill ? .fill : .fit)
            } else if let label {
                placeholder
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel(Text(verbatim: label))
                    .accessibilityAddTraits(.isImage)
            } else {
                placeholder
            }
        }

        private var placeholder: some View {
            Rectangle().fill(image.placeholderColor.map { $0.color(in: scheme) } ?? Color.secondary.opacity(0.15))
        }

        private func load(_ request: Request) async -> Image? {
            guard let url = request.url.flatMap({ context?.resolve($0) }), let images = context?.images,
                let decoded = await images.image(for: url, maxPixelSize: request.pixels), let picture = Self.cgImage(decoded.image)
            else { return nil }
            if let label { return Image(picture, scale: displayScale, label: Text(verbatim: label)) }
            return Image(decorative: picture, scale: displayScale)
        }

        /// The decoder's image as a `CGImage`, or nil when it is something else. Not `as? CGImage`:
        /// a cast to a Core Foundation type always succeeds (Swift cannot check a CF type's class;
        /// the compiler says so, "conditional downcast to CoreFoundation type 'CGImage' will always
        /// succeed"), so an app decoder's `UIImage` or bytes would be drawn as a `CGImage`. Core
        /// Foundation's own type identifier tells.
        static func cgImage(_ image: Any) -> CGImage? {
            let object = image as AnyObject
            guard CFGetTypeID(object) == CGImage.typeID else { return nil }
            return unsafeDowncast(object, to: CGImage.self)
        }
    }

    /// `rectangle`: a filled rounded rectangle.
    struct ShapeView: View {
        let shape: PresentedShape
        @Environment(\.colorScheme) private var scheme

        var body: some View {
            RoundedRectangle(cornerRadius: CGFloat(shape.cornerRadius ?? 0))
                .fill(shape.color.map { $0.color(in: scheme) } ?? Color.secondary.opacity(0.15))
                .modifier(LengthFrame(width: shape.width, height: shape.height))
        }
    }

    /// `divider`: the platform's separator, or a line of the presented colour and thickness.
    struct DividerView: View {
        let divider: PresentedDivider
        @Environment(\.colorScheme) private var scheme

        var body: some View {
            if divider.color == nil, divider.thickness == nil {
                Divider()
            } else {
                Rectangle()
                    .fill(divider.color.map { $0.color(in: scheme) } ?? Color.secondary.opacity(0.3))
                    .frame(height: CGFloat(divider.thickness ?? 1))
            }
        }
    }

    /// The Drivy write-up's generic item, in the presentation's fixed composition.
    struct ItemView: View {
        let item: PresentedItem

        var body: some View {
            HStack(alignment: .top, spacing: 12) {
                // The item is one element: its image is read with the item's words, so it says nothing itself.
                if let image = item.image { RemoteImageView(image: image, label: nil) }
                VStack(alignment: .leading, spacing: 2) {
                    HStack(alignment: .firstTextBaseline, spacing: 8) {
                        if let title = item.title { TextView(text: title) }
                        Spacer(minLength: 8)
                        if let topRight = item.topRight { TextView(text: topRight) }
                    }
                    if let subtitle = item.subtitle { TextView(text: subtitle) }
                    if let detail = item.detail { TextView(text: detail) }
                    if item.bottomLeft != nil || item.bottomRight != nil {
                        HStack(spacing: 8) {
                            if let bottomLeft = item.bottomLeft { TextView(text: bottomLeft) }
                            Spacer(minLength: 8)
                            if let bottomRight = item.bottomRight { TextView(text: bottomRight) }
                        }
                    }
                }
            }
            .padding(EdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16))
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }

    /// An app-defined component: the app's view, else (when that fails on these properties) the
    /// fallback.
    struct CustomView: View {
        let custom: CustomComponent
        let fallback: PresentedNode?
        @Environment(\.screenplay) private var context

        var body: some View {
            if let drawn = (try? context?.components.render(custom)) ?? nil {
                drawn
            } else if let fallback {
                NodeView(node: fallback)
            }
        }
    }
#endif
