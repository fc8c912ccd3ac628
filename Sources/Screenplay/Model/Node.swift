/// One element of a screen: a component plus what every node may carry (id, tap action, fallback,
/// accessibility label, visibility condition, box style).
///
/// On the wire a node is a flat object tagged by `"type"`:
///
/// ```json
/// {"type": "text", "id": "title", "text": "Paris", "size": 20, "weight": "bold",
///  "action": {"type": "navigate", "url": "/cities/paris"}}
/// ```
///
/// In Swift, build nodes with the DSL and its modifiers:
///
/// ```swift
/// let title: Node = Text("Paris").font(size: 20, weight: .bold).id("title").onTap(.navigate("/cities/paris"))
/// ```
public struct Node: Sendable, Hashable {
    /// A stable id, unique in the screen: the address of patches and the owner of state.
    public var id: String?
    /// What the node shows.
    public var component: Component
    /// The members most nodes leave out, boxed together so that a node is three words to copy.
    private(set) var extras: Extras?

    /// What a tap does.
    public var action: Action? {
        get { extras?.action }
        set { updateExtras { $0.action = newValue } }
    }

    /// What a screen reader says instead of (or in addition to) the content.
    public var accessibilityLabel: String? {
        get { extras?.accessibilityLabel }
        set { updateExtras { $0.accessibilityLabel = newValue } }
    }

    /// Show the node only while this condition on the client state holds.
    public var visibleWhen: StateCondition? {
        get { extras?.visibleWhen }
        set { updateExtras { $0.visibleWhen = newValue } }
    }

    /// Padding, background, corner radius.
    public var style: Style? {
        get { extras?.style }
        set { updateExtras { $0.style = newValue } }
    }

    /// Properties computed on the device from variables, by property name: `"text"`, `"color"`,
    /// `"enabled"`, `"style.background"` … and `"visible"` (the node is shown while it is true).
    /// The literal property beside a binding is its fallback: what a client that does not
    /// evaluate expressions shows, and what the property keeps when its expression fails.
    ///
    /// ```swift
    /// var badge = Text("0 items").node
    /// badge.bindings["text"] = try PropertyExpression("@{cartCount} items")
    /// badge.bindings["visible"] = try PropertyExpression("@{cartCount > 0}")
    /// ```
    public var bindings: [String: PropertyExpression] {
        get { extras?.bindings ?? [:] }
        set { updateExtras { $0.bindings = newValue } }
    }

    /// How the node enters, leaves, changes and answers a press (format 1.3); clients that do not
    /// declare 1.3 get the node without it.
    ///
    /// ```swift
    /// var toast = Text("Saved").node
    /// toast.motion = Motion(enter: Motion.Transition.fade.slide(from: .bottom, by: 24), exit: .fade)
    /// ```
    public var motion: Motion? {
        get { extras?.motion }
        set { updateExtras { $0.motion = newValue?.isEmpty == true ? nil : newValue } }
    }

    /// What a client shows when it cannot show ``component`` (an unknown or app-defined type, or a
    /// type the client did not declare).
    public var fallback: Node? {
        get { extras?.fallback }
        set { updateExtras { $0.fallback = newValue } }
    }

    public init(
        _ component: Component, id: String? = nil, action: Action? = nil, accessibilityLabel: String? = nil,
        visibleWhen: StateCondition? = nil, style: Style? = nil, fallback: Node? = nil
    ) {
        self.id = id
        self.component = component
        let values = Extras.Values(
            action: action, accessibilityLabel: accessibilityLabel, visibleWhen: visibleWhen, style: style, fallback: fallback)
        self.extras = values.isEmpty ? nil : Extras(values)
    }

    /// The optional members, immutable once boxed: a change makes a new box, so copies of a node
    /// never see each other's changes.
    final class Extras: Sendable, Hashable {
        struct Values: Hashable {
            var action: Action?
            var accessibilityLabel: String?
            var visibleWhen: StateCondition?
            var style: Style?
            var fallback: Node?
            var bindings: [String: PropertyExpression] = [:]
            var motion: Motion?

            var isEmpty: Bool {
                action == nil && accessibilityLabel == nil && visibleWhen == nil && style == nil && fallback == nil && bindings.isEmpty
                    && motion == nil
            }
        }

        let values: Values

        init(_ values: consuming Values) {
            self.values = values
        }

        var action: Action? { values.action }
        var accessibilityLabel: String? { values.accessibilityLabel }
        var visibleWhen: StateCondition? { values.visibleWhen }
        var style: Style? { values.style }
        var fallback: Node? { values.fallback }
        var bindings: [String: PropertyExpression] { values.bindings }
        var motion: Motion? { values.motion }

        static func == (lhs: Extras, rhs: Extras) -> Bool { lhs === rhs || lhs.values == rhs.values }
        func hash(into hasher: inout Hasher) { hasher.combine(values) }
    }

    private mutating func updateExtras(_ change: (inout Extras.Values) -> Void) {
        var values = extras?.values ?? Extras.Values()
        change(&values)
        extras = values.isEmpty ? nil : Extras(values)
    }

    /// The wire name of the node's type, such as `"vstack"` or an app-defined `"BANNER"`.
    public var type: String { component.type }

    /// The members every node may have, whatever its type.
    static let commonKeys: [String] = [
        "type", "id", "action", "fallback", "accessibilityLabel", "visibleWhen", "style", "bindings", "motion",
    ]
}

extension Node {
    /// Reads a node; on failure reports why and returns its fallback, or nil when it has none.
    static func read(_ json: JSONElement, context: DecodingContext) -> Node? {
        guard json.kind == .object else {
            context.report(.warning, .droppedNode, "expected a node object, found \(json.kindDescription); node dropped")
            return nil
        }
        var reader = ObjectReader(json, context: context, describedAs: "a node")
        let typeMember = reader.type
        guard let typeMember, typeMember.kind == .string else {
            let found = typeMember.map { "\"type\" is \($0.kindDescription)" } ?? "it has no \"type\""
            context.report(.warning, .droppedNode, "a node needs a string \"type\", but \(found); node dropped")
            return nil
        }
        // A built-in kind is read off the bytes, and its name is a literal: no string is made.
        let kind = typeMember.componentKind
        let type = kind?.rawValue ?? typeMember.string ?? ""
        reader.describe(as: .node(type: type, builtIn: kind != nil))
        reader.accept(.type)
        let fallback = reader.raw(.fallback).flatMap { json in
            context.at(.member(.fallback)) {
                context.screenChecks.map { checks in checks.inFallback { Node.read(json, context: context) } }
                    ?? Node.read(json, context: context)
            }
        }
        do throws(DecodingFailure) {
            let component = try Component.read(kind: kind, type: type, reader: &reader)
            if case .custom(let custom) = component, let check = context.options.customComponentCheck, let problem = check.problem(custom) {
                throw context.failure(.invalidValue, "the app cannot read app-defined \"\(type)\": \(problem)")
            }
            var node = Node(
                component, id: reader.optional(.id), action: reader.optional(.action),
                accessibilityLabel: reader.optional(.accessibilityLabel),
                visibleWhen: reader.optional(.visibleWhen), style: reader.optional(.style), fallback: fallback)
            if node.style?.isEmpty == true { node.style = nil }
            node.motion = reader.optional(.motion)
            if let bindings = reader.raw(.bindings) {
                node.bindings = context.at(.member(.bindings)) { PropertyExpression.readBindings(bindings, of: node, context: context) }
            }
            if kind != nil { reader.finish() }
            context.screenChecks?.check(node, readFrom: json, in: context)
            return node
        } catch {
            if let fallback {
                context.report(
                    DecodingFailure(code: .usedFallback, message: "\(error.message); its fallback is used instead", path: error.path))
                return fallback
            }
            context.report(DecodingFailure(code: .droppedNode, message: "\(error.message); node dropped", path: error.path))
            return nil
        }
    }

    /// The node as JSON bytes with sorted keys.
    public func encoded(layout: JSONWriter.Layout = .compact) -> [UInt8] {
        JSONWriter.encode(self, layout: layout)
    }

    /// The node as a JSON value (for inspection and tests; encoding does not go through it).
    public var json: JSONValue {
        (try? JSONParser.parse(encoded(), limits: .unlimited)) ?? .null
    }
}

extension ObjectReader {
    /// Reads an array of nodes: each bad element costs that element, never its siblings, and the
    /// array is cut at ``DocumentLimits/maxChildren`` with an error.
    mutating func nodes(_ key: MemberKey, required: Bool = true) throws(DecodingFailure) -> [Node] {
        guard let json = raw(key), !json.isNull else {
            if required { throw context.failure(.missingField, "\(describedAs) is missing its required \"\(key.name)\"") }
            return []
        }
        // Taken out of the reader once: read through `self` inside the loop, it was retained and
        // released for every element.
        let context = self.context
        return try context.at(.member(key)) { () throws(DecodingFailure) -> [Node] in
            guard json.kind == .array else {
                throw context.failure(.invalidValue, "expected an array of nodes, found \(json.kindDescription)")
            }
            let limit = context.options.limits.maxChildren
            if json.count > limit {
                context.report(.error, .limitExceeded, "\(json.count) children; the limit is \(limit), the rest are dropped")
            }
            var nodes: [Node] = []
            nodes.reserveCapacity(min(json.count, limit))
            for (index, element) in json.elements.prefix(limit).enumerated() {
                // The node is moved out of the step and into the array, not copied.
                let node = context.at(.index(index)) { Node.read(element, context: context) }
                if let node { nodes.append(node) }
            }
            return nodes
        }
    }
}
