extension Component {
    /// The Drivy write-up's generic item: a cell the server fills with already formatted text, so the app never
    /// needs to know whether it shows a car, a driver or a request. Every field is optional; the cell
    /// adapts its height. Tapping it opens `url` through the app's router. Wire type `"item"`.
    ///
    /// ```swift
    /// GenericItem(
    ///     layout: .request, imageURL: request.avatarURL, title: request.driverName, subtitle: request.carTitle,
    ///     topRightDetail: format(request.createdAt), detail: "from <strong>\(start)</strong> at 07:00",
    ///     bottomLeftDetail: "€69", bottomRightDetail: "Automatically cancelled", url: "/requests/1")
    /// ```
    public struct GenericItem: Sendable, Hashable, ComponentBody, NodeConvertible {
        /// Which cell layout to use. `request` and `message` are built in; apps may know more, and
        /// show the `request` layout for values they do not know.
        public struct Layout: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(stringLiteral value: String) { self.rawValue = value }

            /// Image on the left, title and subtitle, a date at the top right, details, price and state below.
            public static let request = Layout(rawValue: "request")
            /// A conversation row: image, title, last message, time at the top right.
            public static let message = Layout(rawValue: "message")
            static let known: [Layout] = [.request, .message]
        }

        public var layout: Layout?
        public var imageURL: String?
        public var title: String?
        public var subtitle: String?
        public var topRightDetail: String?
        /// Marked-up detail text (the closed subset of ``RichText``); see ``detailRuns(policy:)``.
        public var detail: String?
        public var bottomLeftDetail: String?
        public var bottomRightDetail: String?
        /// Where a tap leads: an app path (native screen or server screen) or an http(s) page.
        public var url: String?

        public init(
            layout: Layout? = nil, imageURL: String? = nil, title: String? = nil, subtitle: String? = nil,
            topRightDetail: String? = nil, detail: String? = nil, bottomLeftDetail: String? = nil,
            bottomRightDetail: String? = nil, url: String? = nil
        ) {
            self.layout = layout
            self.imageURL = imageURL
            self.title = title
            self.subtitle = subtitle
            self.topRightDetail = topRightDetail
            self.detail = detail
            self.bottomLeftDetail = bottomLeftDetail
            self.bottomRightDetail = bottomRightDetail
            self.url = url
        }

        public var node: Node { Node(.item(self)) }

        /// The detail markup parsed into runs, for renderers.
        public func detailRuns(policy: URLPolicy = URLPolicy()) -> [TextRun] {
            detail.map { Markup.parse($0, policy: policy).runs } ?? []
        }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            let context = reader.context
            if let raw = reader.optional(.layout, as: String.self) {
                layout = Layout(rawValue: raw)
                if !Layout.known.contains(Layout(rawValue: raw)) {
                    context.at(.member(.layout)) {
                        context.report(
                            .warning, .invalidValue,
                            "item layout \"\(raw)\" is not built in (request, message); apps that do not know it use \"request\"")
                    }
                }
            }
            imageURL = reader.optional(.imageURL, as: CheckedURL.self)?.value
            title = reader.optional(.title)
            subtitle = reader.optional(.subtitle)
            topRightDetail = reader.optional(.topRightDetail)
            detail = reader.optional(.detail, as: String.self)
            if let detail { context.at(.member(.detail)) { Markup.check(detail, context: context) } }
            bottomLeftDetail = reader.optional(.bottomLeftDetail)
            bottomRightDetail = reader.optional(.bottomRightDetail)
            url = reader.optional(.url, as: CheckedURL.self)?.value
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.bottomLeftDetail, bottomLeftDetail)
            writer.member(.bottomRightDetail, bottomRightDetail)
            writer.member(.detail, detail)
            writer.member(.imageURL, imageURL)
            writer.member(.layout, layout?.rawValue)
            writer.member(.subtitle, subtitle)
            writer.member(.title, title)
            writer.member(.topRightDetail, topRightDetail)
            writer.member(.url, url)
        }
    }
}
