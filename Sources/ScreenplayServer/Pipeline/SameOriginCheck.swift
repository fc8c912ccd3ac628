import HTTPTypes
import Hummingbird
import ScreenplayProtocol

/// Requests that change things (intents, the admin API, `POST /events`) must not come from a page
/// of another site in a user's name: such a request is JSON (a form cannot send that without the
/// browser asking first), and a browser's `Origin` or `Sec-Fetch-Site`, when sent, names this site.
///
/// ```swift
/// try SameOriginCheck.check(request)     // what `request.checkSentByThisSite()` does
/// ```
enum SameOriginCheck {
    /// Refuses `request` with a 415 when it is not JSON, a 403 when a browser says another site sent it.
    static func check(_ request: Request) throws(ScreenplayError) {
        let contentType = request.headers[.contentType]?.split(separator: ";").first?.trimmingWhitespace().lowercased()
        guard contentType == "application/json" else {
            throw ScreenplayError(
                .unsupportedMediaType, code: "notJSON",
                message: "an intent is sent as \(HTTPField.Name.contentType.rawName): application/json",
                path: HTTPField.Name.contentType.rawName)
        }
        if let site = request.headers[.secFetchSite], site == "cross-site" {
            throw ScreenplayError(
                .forbidden, code: "crossSite", message: "intents are not taken from other sites' pages",
                path: HTTPField.Name.secFetchSite.rawName)
        }
        if let origin = request.headers[.origin] {
            // `scheme://host[:port]` against the Host the request was sent to, default ports aside.
            func site(_ authority: Substring, scheme: Substring?) -> String {
                let lower = authority.lowercased()
                for (name, port) in [("http", ":80"), ("https", ":443")] where scheme == nil || scheme == Substring(name) {
                    if lower.hasSuffix(port) { return String(lower.dropLast(port.count)) }
                }
                return lower
            }
            let parts = origin.split(separator: "://", maxSplits: 1)
            let host = request.head.authority.map { site($0[...], scheme: nil) }
            guard parts.count == 2, let host, site(parts[1], scheme: parts[0]) == host else {
                throw ScreenplayError(
                    .forbidden, code: "crossOrigin",
                    message: "intents are taken from this site's pages only, not from \(ScreenplayError.quoting(origin))",
                    path: "Origin")
            }
        }
    }
}
