#if canImport(SwiftUI)
    import Foundation
    import ScreenplayClient
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// `image`: the placeholder colour at the presented size until the image arrives — fetched,
    /// decoded off the main actor and downsampled to the pixels its frame needs, by the shared
    /// image store within its budget of decoded bytes — and for good when it cannot (unreachable,
    /// not an image).
    struct RemoteImageView: View {
        let image: PresentedImage
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
            } else {
                Rectangle().fill(image.placeholderColor.map { $0.color(in: scheme) } ?? Color.secondary.opacity(0.15))
            }
        }

        private func load(_ request: Request) async -> Image? {
            guard let url = request.url.flatMap({ context?.resolve($0) }), let images = context?.images,
                let decoded = await images.image(for: url, maxPixelSize: request.pixels), let picture = decoded.image as? CGImage
            else { return nil }
            return Image(decorative: picture, scale: displayScale)
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
                if let image = item.image { RemoteImageView(image: image) }
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
