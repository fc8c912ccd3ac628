import Crypto
import Foundation

/// The page's runtime: a small script, no framework, served from the same origin under a name
/// that carries its hash (so it can be cached for a year and never goes stale).
///
/// It makes actions work: intents are POSTed with the client state and the signed state token,
/// and the screen the server answers replaces the page's content; inputs update the client state;
/// nodes bound to state (`data-sp-visible`) show and hide as it changes, and bound properties
/// (`data-sp-bind`) are evaluated again, by `ExpressionScript`, which the page loads when a
/// screen uses expressions; `set` actions assign variables. Navigation needs none of it: links
/// are real links.
///
/// ```swift
/// router.get(WebRuntime.path) { _, _ in Response(…body: WebRuntime.source…) }
/// ```
public enum WebRuntime {
    /// `/screenplay/runtime-<first 12 hex digits of the source's SHA-256>.js`.
    public static let path: String = {
        let digest = SHA256.hash(data: Data(source.utf8))
        let hex = digest.prefix(6).map { String(format: "%02x", $0) }.joined()
        return "/screenplay/runtime-\(hex).js"
    }()

    /// The media type an intent asks for to get the page's new content rather than a screen document.
    public static let fragmentMediaType = "application/vnd.screenplay.page+json"

    /// What the script reads from Swift, by placeholder (``ScriptText``): the media type it asks for.
    package static let data = ["FRAGMENT_MEDIA_TYPE": fragmentMediaType]

    /// The script (Scripts/runtime.js).
    public static let source = ScriptText.served(EmbeddedScripts.runtime, filling: data)
}
