import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The answer to an intent, from what its handler gave once the pipeline adapted it to the client:
/// an ``IntentAnswer`` for apps, the re-rendered page content for web pages.
enum IntentResponse {
    /// The answer for apps. The new screen goes as a patch from the version the client shows
    /// (`base`) when the server still has that screen and the patch is smaller.
    static func json(
        screen: Screen?, effects: [Action], stateToken: String?, context: ScreenContext, base: (version: String, screen: Screen)?,
        versions: BoundedCache<Screen>, encoder: ScreenEncoder
    ) -> Response {
        var answer = IntentAnswer(effects: effects, stateToken: stateToken)
        var screenBytes: [UInt8]?
        if let screen {
            let body = encoder.body(for: screen, readBy: context.capabilities.version)
            let version = EntityTag.version(of: body.tag)
            answer.version = version
            versions.store(screen, for: version)
            let patch = base.map { ScreenPatch(from: $0.screen, to: screen) }
            if let base, let patch, case .operations = patch.content {
                answer.content = .patch(PatchEnvelope(base: base.version, patch: patch))
            } else {
                answer.content = .screen(screen)
                screenBytes = body.bytes
            }
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store", .contentLanguage: context.language],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.encoded(screenBytes: screenBytes))))
    }

    /// The answer for a web page: the new screen's content and CSS for the page's script to swap
    /// in, with its title, id, state and intents URL, plus effects and the state token.
    static func page(
        screen: Screen?, effects: [Action], stateToken: String?, context: ScreenContext, renderer: HTMLRenderer, intents: String
    ) -> Response {
        var answer: [String: JSONValue] = [:]
        if !effects.isEmpty {
            answer["effects"] = .array(effects.compactMap { try? JSONParser.parse($0.encoded(), limits: .unlimited) })
        }
        if let screen {
            let fragment = HTMLPage.fragment(for: screen, link: renderer.link, customRenderers: renderer.customRenderers)
            answer["content"] = .string(fragment.content)
            answer["css"] = .string(fragment.css)
            answer["screen"] = .string(screen.id)
            answer["state"] = .object(screen.state)
            answer["intents"] = .string(screen.intents ?? intents)
            if let title = screen.title { answer["title"] = .string(title) }
        }
        if let stateToken { answer["stateToken"] = .string(stateToken) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "\(WebRuntime.fragmentMediaType); charset=utf-8", .cacheControl: "no-store",
                .contentLanguage: context.language,
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONWriter.write(.object(answer)))))
    }
}
