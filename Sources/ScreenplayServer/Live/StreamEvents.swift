import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The Server-Sent Events of a screen stream, for apps (screens and patches as JSON) or for web
/// pages (`?format=html`: rendered content, ``WebPageContent``, and the re-rendered nodes a patch
/// touched, ``WebPatchEvent``).
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
    /// The page applies addressed operations (`patches=2`, what this version's runtime asks for);
    /// without it, patches re-render nodes by id, as older runtimes apply them.
    var addressed = false

    func screen(_ screen: Screen, version: String) -> ByteBuffer {
        switch format {
        case .json: return Self.buffer(StreamMessage.screen(screen, version: version).event)
        case .html:
            return Self.buffer(StreamMessage.event(.screen, version: version, data: WebPageContent(screen, renderer: renderer).encoded()))
        }
    }

    func patch(from old: Screen, baseVersion: String, to new: Screen, version: String) -> ByteBuffer {
        let patch = ScreenPatch(from: old, to: new)
        switch format {
        case .json:
            return Self.buffer(StreamMessage.patch(PatchEnvelope(base: baseVersion, patch: patch), version: version).event)
        case .html:
            let event = WebPatchEvent(patch, from: old, base: baseVersion, to: new, renderer: renderer, addressed: addressed)
            return Self.buffer(StreamMessage.event(.patch, version: version, data: event.encoded()))
        }
    }

    static func buffer(_ event: ServerSentEvent) -> ByteBuffer {
        ByteBuffer(bytes: event.encoded())
    }
}
