extension Component {
    /// A vertical list of rows grouped in titled sections. Wire type `"list"`.
    ///
    /// ```swift
    /// List {
    ///     Section("Today") { for request in today { requestItem(request) } }
    ///     Section("Earlier") { for request in earlier { requestItem(request) } }
    /// }
    /// ```
    public struct List: Sendable, Hashable, ComponentBody, NodeConvertible {
        public var sections: [Section]

        public init(@SectionBuilder sections: () -> [Section]) {
            self.init(sections: sections())
        }

        /// A list of one untitled section.
        public init(@NodeBuilder rows: () -> [Node]) {
            self.init(sections: [Section(children: rows())])
        }

        public init(sections: [Section]) {
            self.sections = sections
        }

        public var node: Node { Node(.list(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            guard let json = reader.raw(.sections) else {
                throw reader.context.failure(.missingField, "\"list\" is missing its required \"sections\"")
            }
            let context = reader.context
            let sections = try context.at(.member(.sections)) { () throws(DecodingFailure) -> [Section] in
                guard json.kind == .array else {
                    throw context.failure(.invalidValue, "expected an array of sections, found \(json.kindDescription)")
                }
                var sections: [Section] = []
                for (index, element) in json.elements.prefix(context.options.limits.maxChildren).enumerated() {
                    context.at(.index(index)) {
                        do throws(DecodingFailure) {
                            sections.append(try Section(json: element, context: context))
                        } catch {
                            context.report(
                                DecodingFailure(code: .droppedNode, message: "\(error.message); section dropped", path: error.path))
                        }
                    }
                }
                return sections
            }
            self.init(sections: sections)
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.sections, sections)
        }
    }

    /// One group of rows in a ``List``, with an optional title.
    public struct Section: Sendable, Hashable {
        public var id: String?
        public var title: String?
        public var children: [Node]

        public init(_ title: String? = nil, id: String? = nil, @NodeBuilder content: () -> [Node]) {
            self.init(title, id: id, children: content())
        }

        public init(_ title: String? = nil, id: String? = nil, children: [Node]) {
            self.id = id
            self.title = title
            self.children = children
        }

        init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
            guard json.kind == .object else {
                throw context.failure(.invalidValue, "expected a section object, found \(json.kindDescription)")
            }
            var reader = ObjectReader(json, context: copy context, describedAs: "a section")
            self.init(reader.optional(.title), id: reader.optional(.id), children: try reader.nodes(.children))
            reader.finish()
        }

    }
}
extension Section: JSONEncodable {
    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.children, children)
        writer.member(.id, id)
        writer.member(.title, title)
        writer.endObject()
    }
}

/// Builds the sections of a ``Component/List``.
@resultBuilder
public enum SectionBuilder {
    public static func buildExpression(_ section: Component.Section) -> [Component.Section] { [section] }
    public static func buildExpression(_ sections: [Component.Section]) -> [Component.Section] { sections }
    public static func buildBlock(_ parts: [Component.Section]...) -> [Component.Section] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Component.Section]?) -> [Component.Section] { part ?? [] }
    public static func buildEither(first part: [Component.Section]) -> [Component.Section] { part }
    public static func buildEither(second part: [Component.Section]) -> [Component.Section] { part }
    public static func buildArray(_ parts: [[Component.Section]]) -> [Component.Section] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Component.Section]) -> [Component.Section] { part }
}
