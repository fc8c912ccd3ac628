import Screenplay

/// The data of an HTML stream's `patch` event. A page whose runtime asks for addressed operations
/// (`patches=2` on the stream's URL) gets the patch's own operations, each at the node's address
/// (the nearest id at or above it, then child positions; no id: the body), with the HTML of what
/// it inserts or replaces — so only the smallest changed subtree is sent and everything else in the
/// page (focus, caret, typed text, scroll) stays as it is. Older runtimes get the nodes with an id
/// that the patch touched, each re-rendered whole — or, when the change reaches the screen's root
/// or header, the whole content (``WebPageContent``). `base` names the version the patch was made
/// from (the runtime follows the event's id; the member is for tools).
///
/// ```swift
/// let event = WebPatchEvent(ScreenPatch(from: old, to: new), from: old, base: oldVersion, to: new, renderer: renderer, addressed: true)
/// // {"base":"3f9a…","ops":[{"id":"city.moscow.day0","op":"remove"},{"css":"…","html":"<div …>","id":"city.moscow","index":6,"op":"insert","path":[1,2]}]}
/// ```
package struct WebPatchEvent: Sendable, Hashable {
    /// What the page replaces.
    package enum Change: Sendable, Hashable {
        /// The whole content, as a `screen` event would send it.
        case page(WebPageContent)
        /// Nodes, each in place of the element with its id.
        case nodes([NodeChange])
        /// The patch's operations, in order, each at a node's address (``NodeOperation``).
        case operations([NodeOperation])
    }

    /// One operation of a patch as the page applies it: `replace` (the node at the address becomes
    /// `html`), `remove`, `insert` (`html` as the container's child at `index`) or `move` (a child of
    /// the container from `from` to `to`). The address is the document patch's: `id` (absent: the
    /// body) and `path`, child positions from there.
    package struct NodeOperation: Sendable, Hashable {
        package enum Kind: String, Sendable {
            case replace, remove, insert, move
        }

        package var kind: Kind
        package var address: NodeAddress
        package var html: String?
        package var css: String?
        package var index: Int?
        package var from: Int?
        package var to: Int?

        package init(
            _ kind: Kind, _ address: NodeAddress, html: String? = nil, css: String? = nil, index: Int? = nil, from: Int? = nil,
            to: Int? = nil
        ) {
            self.kind = kind
            self.address = address
            self.html = html
            self.css = css
            self.index = index
            self.from = from
            self.to = to
        }

        private enum Key: String, JSONKey {
            case css, from, html, id, index, op, path, to
        }

        package func encoded() -> [UInt8] {
            var writer = JSONWriter()
            writer.beginObject()
            // Written in key order; members an operation does not have are left out.
            func number(_ key: Key, _ value: Int?) {
                if let value { writer.member(key, JSONValue.number(Double(value))) }
            }
            writer.member(Key.css, css)
            number(.from, from)
            writer.member(Key.html, html)
            writer.member(Key.id, address.anchor)
            number(.index, index)
            writer.member(Key.op, kind.rawValue)
            if !address.path.isEmpty { writer.member(Key.path, JSONValue.array(address.path.map { .number(Double($0)) })) }
            number(.to, to)
            writer.endObject()
            return writer.bytes
        }
    }

    /// One node re-rendered: its id, its HTML and the CSS classes the HTML uses.
    package struct NodeChange: Sendable, Hashable {
        package var id: String
        package var html: String
        package var css: String

        package init(id: String, html: String, css: String) {
            self.id = id
            self.html = html
            self.css = css
        }

        private enum Key: String, JSONKey {
            case css, html, id
        }

        package func encoded() -> [UInt8] {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member(Key.css, css)
            writer.member(Key.html, html)
            writer.member(Key.id, id)
            writer.endObject()
            return writer.bytes
        }
    }

    package var base: String
    package var change: Change

    package init(base: String, change: Change) {
        self.base = base
        self.change = change
    }

    /// The event for a runtime that applies addressed operations (`addressed`), else for one that
    /// replaces nodes by id; both fall back to the whole content when the patch cannot be applied
    /// that way (a header change, a whole screen, an address a page cannot follow).
    package init(_ patch: ScreenPatch, from old: Screen, base: String, to new: Screen, renderer: HTMLRenderer, addressed: Bool) {
        if addressed, let operations = Self.operations(patch, from: old, to: new, renderer: renderer) {
            self.init(base: base, change: .operations(operations))
        } else {
            self.init(patch, base: base, to: new, renderer: renderer)
        }
    }

    /// The patch's operations with the HTML of what they put in the page, rendered from the screen
    /// as it is after each; nil when one cannot be followed in a page (``followable(_:in:container:)``).
    static func operations(_ patch: ScreenPatch, from old: Screen, to new: Screen, renderer: HTMLRenderer) -> [NodeOperation]? {
        guard case .operations(let operations) = patch.content else { return nil }
        var screen = old
        var result: [NodeOperation] = []
        var nodeRenderer = renderer
        nodeRenderer.state = new.initialValues
        nodeRenderer.variableTypes = new.variableTypes
        // The rules the page has (those of the screen it shows): an operation sends only the rules
        // its HTML needs beyond them, most often none.
        var page = HTMLRenderer(state: old.initialValues, link: renderer.link, customRenderers: renderer.customRenderers)
        page.localeIdentifier = renderer.localeIdentifier
        _ = page.render(old)
        func rendered(_ node: Node) -> (html: String, css: String?) {
            var one = nodeRenderer
            let html = one.render(node)
            let css = one.sheet.css(beyond: page.sheet)
            return (html, css.isEmpty ? nil : css)
        }
        for operation in operations {
            switch operation {
            case .header: return nil
            case .replace(let address, _), .update(let address, _, _):
                guard Self.followable(address, in: screen.body, container: false) else { return nil }
                guard (try? ScreenPatch.apply(operation, to: &screen)) != nil,
                    let path = try? ScreenPatch.path(of: address, in: screen.body), let node = Self.node(at: path, in: screen.body)
                else { return nil }
                let (html, css) = rendered(node)
                result.append(NodeOperation(.replace, address, html: html, css: css))
            case .remove(let address):
                guard !address.path.isEmpty || address.anchor != nil, Self.followable(address, in: screen.body, container: false),
                    (try? ScreenPatch.apply(operation, to: &screen)) != nil
                else { return nil }
                result.append(NodeOperation(.remove, address))
            case .insert(let parent, let index, let node):
                guard Self.followable(parent, in: screen.body, container: true), (try? ScreenPatch.apply(operation, to: &screen)) != nil
                else { return nil }
                let (html, css) = rendered(node)
                result.append(NodeOperation(.insert, parent, html: html, css: css, index: index))
            case .move(let parent, let from, let to):
                guard Self.followable(parent, in: screen.body, container: true), (try? ScreenPatch.apply(operation, to: &screen)) != nil
                else { return nil }
                result.append(NodeOperation(.move, parent, from: from, to: to))
            }
        }
        return result
    }

    /// Whether a page finds the node at `address` by the same positions: every container on the way
    /// (and the node itself, when it is the container of an insert or a move) draws each of its
    /// children as one element of its own, in order — stacks, overlays, grids, scrolls and state
    /// switches; not lists (rows sit in sections), carousels (each child in a slot) or containers
    /// with app-defined components (one nobody draws leaves no element).
    static func followable(_ address: NodeAddress, in body: Node, container: Bool) -> Bool {
        func drawsChildrenOneByOne(_ node: Node) -> Bool {
            switch node.component {
            case .vstack, .hstack, .zstack, .scroll, .grid, .states:
                return !node.component.children.contains { if case .custom = $0.component { true } else { false } }
            default: return false
            }
        }
        var current: Node
        if let anchor = address.anchor {
            guard let found = body.node(withID: anchor) else { return false }
            current = found
        } else {
            current = body
        }
        for index in address.path {
            let children = current.component.children
            guard drawsChildrenOneByOne(current), children.indices.contains(index) else { return false }
            current = children[index]
        }
        return !container || drawsChildrenOneByOne(current)
    }

    static func node(at path: [Int], in body: Node) -> Node? {
        var current = body
        for index in path {
            let children = current.component.children
            guard children.indices.contains(index) else { return nil }
            current = children[index]
        }
        return current
    }

    /// The event that takes a page from the screen `patch` was made from to `new`: each node with
    /// an id that the patch touched, re-rendered; a change at the root or the header sends everything.
    package init(_ patch: ScreenPatch, base: String, to new: Screen, renderer: HTMLRenderer) {
        var anchors: [String] = []
        var whole = false
        if case .screen = patch.content { whole = true }
        for operation in patch.operations {
            switch operation {
            case .replace(let address, _), .update(let address, _, _), .remove(let address):
                // A removal changes its parent: the anchor's container holds it unless the node is the anchor.
                if case .remove = operation, address.path.isEmpty { whole = true }
                if let anchor = address.anchor { anchors.append(anchor) } else { whole = true }
            case .insert(let parent, _, _), .move(let parent, _, _):
                if let anchor = parent.anchor { anchors.append(anchor) } else { whole = true }
            case .header:
                whole = true
            }
        }
        guard !whole else {
            self.init(base: base, change: .page(WebPageContent(new, renderer: renderer)))
            return
        }
        var changes: [NodeChange] = []
        var seen = Set<String>()
        for anchor in anchors where seen.insert(anchor).inserted {
            guard let node = new.body.node(withID: anchor) else { continue }
            var nodeRenderer = renderer
            nodeRenderer.state = new.initialValues
            nodeRenderer.variableTypes = new.variableTypes
            let html = nodeRenderer.render(node)
            changes.append(NodeChange(id: anchor, html: html, css: nodeRenderer.css))
        }
        self.init(base: base, change: .nodes(changes))
    }

    private enum Key: String, JSONKey {
        case base, changes, ops
    }

    package func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(Key.base, base)
        switch change {
        case .page(let content):
            content.writeMembers(to: &writer)
        case .nodes(let changes):
            writer.member(Key.changes, encoded: Self.array(changes.map { $0.encoded() }))
        case .operations(let operations):
            writer.member(Key.ops, encoded: Self.array(operations.map { $0.encoded() }))
        }
        writer.endObject()
        return writer.bytes
    }

    /// Objects each written by itself, as one JSON array.
    private static func array(_ elements: [[UInt8]]) -> [UInt8] {
        var array: [UInt8] = [UInt8(ascii: "[")]
        for (index, element) in elements.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array += element
        }
        array.append(UInt8(ascii: "]"))
        return array
    }
}
