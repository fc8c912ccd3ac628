import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import Screenplay
import ScreenplayHTML
import ScreenplayPresentation
import ScreenplayProtocol
import ScreenplayServer

/// The developers' pages: the gallery of every screen the server registers (each drawn in each
/// language, light and dark, by the screens' own pages) and the playgrounds, where a document is
/// edited and shown at once as a page, as its outline and as its diagnostics, while every app and
/// page that opened `/screens/playground/ID` follows it.
struct StudioScreensPages {
    let screens: StudioScreens?

    static let schemes = ["light", "dark"]
    /// The most diagnostics a playground lists, and the longest outline it shows.
    static let maxDiagnostics = 100
    static let maxOutline = 64 * 1024

    func required() throws -> StudioScreens {
        guard let screens else {
            throw ScreenplayError(.notFound, code: "noScreens", message: "this server did not give the studio its screens")
        }
        return screens
    }

    // MARK: Gallery

    func gallery(session: StudioSession) throws -> Response {
        let screens = try required()
        let languages = screens.routes.languages.supported
        var drawn: [String] = []
        var parameterised: [String] = []
        for pattern in screens.routes.screenPatterns.sorted() {
            if pattern.split(separator: "/").contains(where: { $0.hasPrefix(":") || $0.hasPrefix("*") }) {
                parameterised.append(pattern)
            } else {
                drawn.append(pattern)
            }
        }
        drawn += (screens.watched.map { watched in watched.names.map { "\(watched.prefix)/\($0)" } } ?? [])
        var body: HTML = "<p>Every screen this server registers, as its pages draw it, in each of its languages (\(languages.count)) "
        body +=
            "and colour schemes. The dark and light frames force the scheme (<code>scheme=</code>); the pages themselves follow the device's.</p>\n"
        body += "<nav aria-label=\"Screens\"><ul class=\"inline\">"
        for path in drawn { body += "<li><a href=\"#screen-\(Self.anchor(path))\">\(path)</a></li>" }
        body += "</ul></nav>\n"
        for path in drawn {
            body += "<section aria-labelledby=\"screen-\(Self.anchor(path))\"><h2 id=\"screen-\(Self.anchor(path))\">"
            body += "<a href=\"/screens/\(path)\">/screens/\(path)</a></h2><div class=\"previews\">"
            for language in languages {
                for scheme in Self.schemes {
                    let source = Self.previewPath(path, language: language, scheme: scheme)
                    body += "<figure class=\"preview\"><figcaption>\(language), \(scheme)</figcaption>"
                    body += "<iframe class=\"frame-phone\" loading=\"lazy\" src=\"\(source)\" "
                    body += "title=\"\(path) in \(language), \(scheme)\"></iframe></figure>"
                }
            }
            body += "</div></section>\n"
        }
        if !parameterised.isEmpty {
            body += "<h2>Screens with parameters</h2>\n<p>Open one with its parameters to see it.</p><ul>"
            for pattern in parameterised { body += "<li><code>/screens/\(pattern)</code></li>" }
            body += "</ul>\n"
        }
        return StudioPage(title: "Screens", session: session, section: .screens, body: body).response()
    }

    static func previewPath(_ path: String, language: String?, scheme: String?) -> String {
        var items = [URLQueryItem(name: "path", value: path)]
        if let language { items.append(URLQueryItem(name: "language", value: language)) }
        if let scheme { items.append(URLQueryItem(name: "scheme", value: scheme)) }
        var components = URLComponents()
        components.path = StudioPage.Section.screens.path + "/preview"
        components.queryItems = items
        return components.string ?? components.path
    }

    static func anchor(_ path: String) -> String {
        String(path.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// The page `/screens/PATH` serves a browser asking for `language`, framed by the studio only,
    /// and with `scheme` (light or dark) forced: its style's dark rules always or never apply (and
    /// the style's hash in its policy follows).
    func preview(path: String, language: String?, scheme: String?, original: Request) async throws -> Response {
        let screens = try required()
        guard !path.isEmpty, path.count <= 512, !path.hasPrefix("/"), !path.contains(".."),
            path.unicodeScalars.allSatisfy({ $0.isASCII && !CharacterSet.controlCharacters.contains($0) && $0 != "?" && $0 != "#" })
        else { throw ScreenplayError(.badRequest, code: "badPath", message: "a screen's path is like home or requests/2") }
        if let language,
            !(language.count <= 35 && language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }))
        {
            throw ScreenplayError(.badRequest, code: "badLanguage", message: "a language is a code like fr or pt-BR")
        }
        guard scheme == nil || Self.schemes.contains(scheme ?? "") else {
            throw ScreenplayError(.badRequest, code: "badScheme", message: "a scheme is light or dark")
        }
        var fields: HTTPFields = [.accept: "text/html", .acceptLanguage: language ?? screens.routes.languages.defaultLanguage]
        fields[.userAgent] = original.headers[.userAgent]
        let head = HTTPRequest(
            method: .get, scheme: "http", authority: original.head.authority ?? "localhost", path: "/screens/" + path, headerFields: fields)
        let response = try await screens.routes.response(to: Request(head: head, body: RequestBody(buffer: ByteBuffer())), screen: path)
        guard response.status == .ok, response.headers[.contentType]?.hasPrefix("text/html") == true else { return response }
        var html = try await Self.collect(response.body)
        var policy = response.headers[.contentSecurityPolicy] ?? ""
        policy = policy.replacingOccurrences(of: "frame-ancestors 'none'", with: "frame-ancestors 'self'")
        if let scheme { (html, policy) = Self.forcing(scheme, html: html, policy: policy) }
        var headers = response.headers
        headers[.contentSecurityPolicy] = policy
        headers[.contentLength] = nil
        headers[.eTag] = nil
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A screen's page with `scheme` (light or dark) forced: its style's dark rules always or
    /// never apply, and the policy allows the style as changed.
    static func forcing(_ scheme: String, html: String, policy: String) -> (html: String, policy: String) {
        guard let open = html.range(of: "<style>"), let close = html.range(of: "</style>", range: open.upperBound..<html.endIndex) else {
            return (html, policy)
        }
        var html = html
        let style = String(html[open.upperBound..<close.lowerBound])
        let forced = style.replacingOccurrences(
            of: "@media (prefers-color-scheme:dark)", with: scheme == "dark" ? "@media all" : "@media not all")
        html.replaceSubrange(open.upperBound..<close.lowerBound, with: forced)
        html = html.replacingOccurrences(
            of: "<meta name=\"color-scheme\" content=\"light dark\">", with: "<meta name=\"color-scheme\" content=\"\(scheme)\">")
        // The hash is in the header's policy, and in the page's own `<meta>` policy (escaped there)
        // when it has one: the base64 text itself is the same in both.
        let (old, new) = ("sha256-\(Self.hash(style))", "sha256-\(Self.hash(forced))")
        return (html.replacingOccurrences(of: old, with: new), policy.replacingOccurrences(of: old, with: new))
    }

    static func hash(_ text: String) -> String { Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() }

    static func collect(_ body: ResponseBody) async throws -> String {
        let collector = Collector()
        try await body.write(collector)
        return String(buffer: collector.buffer.withLockedValue { $0 })
    }

    static let noSuchPlayground = ScreenplayError(
        .notFound, code: "noSuchPlayground", message: "there is no such playground (they are forgotten hours after their last change)")
}

/// Collects a response's body.
private final class Collector: ResponseBodyWriter, Sendable {
    let buffer = NIOLockedValueBox(ByteBuffer())
    func write(_ buffer: ByteBuffer) async throws {
        var incoming = buffer
        _ = self.buffer.withLockedValue { $0.writeBuffer(&incoming) }
    }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
