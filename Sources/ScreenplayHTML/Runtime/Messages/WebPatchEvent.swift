import Screenplay

/// The data of an HTML stream's `patch` event: the nodes a patch touched, each re-rendered whole
/// under its id for the runtime to put in place of its element — or, when the change reaches the
/// screen's root or header, the whole content (``WebPageContent``). `base` names the version the
/// patch was made from (the runtime follows the event's id; the member is for tools).
///
/// ```swift
/// let event = WebPatchEvent(ScreenPatch(from: old, to: new), base: oldVersion, to: new, renderer: renderer)
/// // {"base":"3f9a…","changes":[{"css":"…","html":"<p id=\"sp-temp\" …>","id":"temp"}]}
/// ```
package struct WebPatchEvent: Sendable, Hashable {
    /// What the page replaces.
    package enum Change: Sendable, Hashable {
        /// The whole content, as a `screen` event would send it.
        case page(WebPageContent)
        /// Nodes, each in place of the element with its id.
        case nodes([NodeChange])
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
        case base, changes
    }

    package func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(Key.base, base)
        switch change {
        case .page(let content):
            content.writeMembers(to: &writer)
        case .nodes(let changes):
            // Each change is an object written by itself; the array of them is written as it is.
            var array: [UInt8] = [UInt8(ascii: "[")]
            for (index, change) in changes.enumerated() {
                if index > 0 { array.append(UInt8(ascii: ",")) }
                array += change.encoded()
            }
            array.append(UInt8(ascii: "]"))
            writer.member(Key.changes, encoded: array)
        }
        writer.endObject()
        return writer.bytes
    }
}
