extension Component {
    /// A remote image. Wire type `"image"`. Give it an `accessibilityLabel` unless it is decorative.
    ///
    /// ```swift
    /// Image(city.imageURL, width: 100, height: 100).accessibilityLabel(city.name)
    /// ```
    public struct Image: Sendable, Hashable, ComponentBody, NodeConvertible {
        public enum ContentMode: String, Sendable, Hashable, CaseIterable, JSONEnum {
            /// Scale to fit inside the frame, keeping the aspect ratio.
            case fit
            /// Scale to fill the frame, keeping the aspect ratio, cropping what overflows.
            case fill
        }

        /// An http(s) URL or a path relative to the server.
        public var url: String
        public var width: Length?
        public var height: Length?
        public var contentMode: ContentMode
        /// Shown while the image loads or when it fails.
        public var placeholderColor: AdaptiveColor?

        public init(
            _ url: String, width: Length? = nil, height: Length? = nil, contentMode: ContentMode = .fit,
            placeholderColor: AdaptiveColor? = nil
        ) {
            self.url = url
            self.width = width
            self.height = height
            self.contentMode = contentMode
            self.placeholderColor = placeholderColor
        }

        public var node: Node { Node(.image(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(
                try reader.required(.url, as: CheckedURL.self).value, width: reader.optional(.width), height: reader.optional(.height),
                contentMode: reader.optional(.contentMode) ?? .fit, placeholderColor: reader.optional(.placeholderColor))
        }

        func write(to writer: inout NodeWriter) {
            if contentMode != .fit { writer.member(.contentMode, contentMode) }
            writer.member(.height, height)
            writer.member(.placeholderColor, placeholderColor)
            writer.member(.url, url)
            writer.member(.width, width)
        }
    }
}
