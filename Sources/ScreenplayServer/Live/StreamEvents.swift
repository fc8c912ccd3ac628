import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The Server-Sent Events of a screen stream, for apps (screens and patches as JSON) or for web
/// pages (`?format=html`: rendered content, and the re-rendered nodes a patch touched).
///
/// ```text
/// event: screen
/// id: 3f9a…
/// data: {"body":…,"id":"cities",…}
///
/// event: patch
/// id: 81c0…
/// data: {"base":"3f9a…","patch":{"ops":[…]}}
/// ```
struct StreamEvents: Sendable {
    let format: ScreenFormat
    /// The web renderer (links and app components) for `?format=html`.
    let renderer: HTMLRenderer

    func screen(_ screen: Screen, version: String) -> ByteBuffer {
        switch format {
        case .json: return Self.buffer(StreamMessage.screen(screen, version: version).event)
        case .html: return Self.buffer(StreamMessage.event(.screen, version: version, data: JSONWriter.write(.object(content(of: screen)))))
        }
    }

    func patch(from old: Screen, baseVersion: String, to new: Screen, version: String) -> ByteBuffer {
        let patch = ScreenPatch(from: old, to: new)
        switch format {
        case .json:
            return Self.buffer(StreamMessage.patch(PatchEnvelope(base: baseVersion, patch: patch), version: version).event)
        case .html:
            // Re-render each node with an id that the patch touched; a change at the root sends everything.
            var anchors: [String] = []
            var whole = false
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
            if case .screen = patch.content { whole = true }
            var answer: [String: JSONValue] = ["base": .string(baseVersion)]
            if whole {
                answer.merge(content(of: new)) { $1 }
            } else {
                var changes: [JSONValue] = []
                var seen = Set<String>()
                for anchor in anchors where seen.insert(anchor).inserted {
                    guard let node = new.body.node(withID: anchor) else { continue }
                    var nodeRenderer = renderer
                    nodeRenderer.state = new.state
                    let html = nodeRenderer.render(node)
                    changes.append(["id": .string(anchor), "html": .string(html), "css": .string(nodeRenderer.css)])
                }
                answer["changes"] = .array(changes)
            }
            return Self.buffer(StreamMessage.event(.patch, version: version, data: JSONWriter.write(.object(answer))))
        }
    }

    private func content(of screen: Screen) -> [String: JSONValue] {
        let fragment = HTMLPage.fragment(for: screen, link: renderer.link, customRenderers: renderer.customRenderers)
        var content: [String: JSONValue] = [
            "content": .string(fragment.content), "css": .string(fragment.css), "screen": .string(screen.id),
        ]
        if let title = screen.title { content["title"] = .string(title) }
        return content
    }

    static func buffer(_ event: ServerSentEvent) -> ByteBuffer {
        ByteBuffer(bytes: event.encoded())
    }
}
