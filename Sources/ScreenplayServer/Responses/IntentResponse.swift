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

    /// The answer for a web page (a ``WebIntentAnswer``): the new screen's content and CSS for the
    /// page's script to swap in, with its title, id, state and intents URL, plus effects and the state token.
    static func page(
        screen: Screen?, effects: [Action], stateToken: String?, context: ScreenContext, renderer: HTMLRenderer, intents: String
    ) -> Response {
        let answer = WebIntentAnswer(screen: screen, intents: intents, effects: effects, stateToken: stateToken, renderer: renderer)
        return Response(
            status: .ok,
            headers: [
                .contentType: "\(WebRuntime.fragmentMediaType); charset=utf-8", .cacheControl: "no-store",
                .contentLanguage: context.language,
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.encoded())))
    }
}
