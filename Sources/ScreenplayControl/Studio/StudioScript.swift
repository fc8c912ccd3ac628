import Crypto
import HTTPTypes
import Hummingbird
import ScreenplayHTML

/// The studio's one script, served from its own origin: it checks a slot's document as it is
/// typed (the server's own check, through `POST …/check`, never a copy of it in the browser) and
/// shows every problem at its path in a live region; a playground's document is shown as it is
/// typed, its outline and diagnostics put back. The pages work without it: the editor's Check
/// button, and the playground's Show button, ask the same with a form.
enum StudioScript {
    static let path = "/studio/studio.js"

    /// What the script reads from Swift, by placeholder (`ScriptText`): the header names it sends.
    static let data = [
        "CONTENT_TYPE": HTTPField.Name.contentType.rawName, "CSRF_TOKEN": HTTPField.Name.xCSRFToken.rawName,
    ]

    /// The script (Studio/Scripts/studio.js).
    static let source = ScriptText.served(EmbeddedScripts.studio, filling: data)

    static let etag = "\"" + SHA256.hash(data: Array(source.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined() + "\""

    static func response(ifNoneMatch: String?) -> Response {
        if ifNoneMatch == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache", .eTag: etag],
            body: ResponseBody(byteBuffer: ByteBuffer(string: source)))
    }
}
