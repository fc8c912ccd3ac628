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

    private func required() throws -> StudioScreens {
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
        var body = "<p>Every screen this server registers, as its pages draw it, in each of its languages (\(languages.count)) "
        body +=
            "and colour schemes. The dark and light frames force the scheme (<code>scheme=</code>); the pages themselves follow the device's.</p>\n"
        body += "<nav aria-label=\"Screens\"><ul class=\"inline\">"
        for path in drawn { body += "<li><a href=\"#screen-\(Self.anchor(path))\">\(HTMLText.escape(path))</a></li>" }
        body += "</ul></nav>\n"
        for path in drawn {
            body += "<section aria-labelledby=\"screen-\(Self.anchor(path))\"><h2 id=\"screen-\(Self.anchor(path))\">"
            body += "<a href=\"/screens/\(HTMLText.escape(path))\">/screens/\(HTMLText.escape(path))</a></h2><div class=\"previews\">"
            for language in languages {
                for scheme in Self.schemes {
                    let source = Self.previewPath(path, language: language, scheme: scheme)
                    body += "<figure class=\"preview\"><figcaption>\(HTMLText.escape(language)), \(scheme)</figcaption>"
                    body += "<iframe class=\"frame-phone\" loading=\"lazy\" src=\"\(HTMLText.escape(source))\" "
                    body += "title=\"\(HTMLText.escape(path)) in \(HTMLText.escape(language)), \(scheme)\"></iframe></figure>"
                }
            }
            body += "</div></section>\n"
        }
        if !parameterised.isEmpty {
            body += "<h2>Screens with parameters</h2>\n<p>Open one with its parameters to see it.</p><ul>"
            for pattern in parameterised { body += "<li><code>/screens/\(HTMLText.escape(pattern))</code></li>" }
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

    // MARK: Playgrounds

    func playgrounds(session: StudioSession) throws -> Response {
        let playgrounds = try required().playgrounds
        var body = "<p>A playground is a document served to apps and pages at <code>/screens/playground/ID</code> while it is edited: "
        body +=
            "every change reaches whoever opened it. Playgrounds are kept \(Int((playgrounds.lifetime?.components.seconds ?? 0) / 3_600)) hours "
        body += "after their last change, \(playgrounds.maxDocuments) at most.</p>\n"
        if session.role == .admin {
            body += "<form method=\"post\" action=\"\(StudioPage.Section.playground.path)\">\(StudioPage.csrfField(session))"
            body += "<div class=\"actions\"><button type=\"submit\">New playground</button></div></form>\n"
        }
        let names = playgrounds.names
        body += "<ul>"
        for name in names {
            body += "<li><a href=\"\(StudioPage.Section.playground.path)/\(HTMLText.escape(name))\">\(HTMLText.escape(name))</a></li>"
        }
        body += names.isEmpty ? "<li>No playground yet.</li></ul>" : "</ul>"
        return StudioPage(title: "Playground", session: session, section: .playground, body: body).response()
    }

    static let starter = """
        {
          "version": "1.0",
          "id": "playground",
          "title": "Playground",
          "body": {"type": "vstack", "spacing": 12, "children": [
            {"type": "text", "text": "Hello from the playground", "style": "title"},
            {"type": "text", "text": "Edit the document: every app and page that opened this screen follows it."}
          ]}
        }
        """

    func newPlayground() throws -> Response {
        let playgrounds = try required().playgrounds
        var generator = SystemRandomNumberGenerator()
        let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
        try playgrounds.update(id, document: Array(Self.starter.utf8))
        return StudioPage.redirect(to: StudioPage.Section.playground.path + "/" + id)
    }

    func playground(
        _ id: String, session: StudioSession, draft: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let playgrounds = try required().playgrounds
        guard DocumentScreens.isValidName(id), let entry = playgrounds[id] else { throw Self.noSuchPlayground }
        let screenPath = "/screens/playground/\(id)"
        var body = "<p>Served to apps and pages at <a href=\"\(screenPath)\"><code>\(screenPath)</code></a> "
        body += "(live stream: <code>\(screenPath)/stream</code>): every change reaches them.</p>\n"
        if let problem { body += "<p class=\"problem\" role=\"alert\" id=\"problems\">\(HTMLText.escape(problem))</p>\n" }
        body += "<div class=\"playground\">"
        if session.role == .admin {
            body += "<form method=\"post\" action=\"\(StudioPage.Section.playground.path)/\(id)\">\(StudioPage.csrfField(session))"
            body += "<label for=\"document\">Document (JSON)</label>"
            body += "<textarea id=\"document\" name=\"document\" rows=\"24\" spellcheck=\"false\" "
            body +=
                "data-playground=\"\(StudioPage.Section.playground.path)/\(id)/document\"\(problem == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"problems\"")>"
            body += "\(HTMLText.escape(draft ?? entry.text))</textarea>"
            body += "<div class=\"actions\"><button type=\"submit\">Show</button></div></form>"
        } else {
            body += "<div><h2>Document</h2><pre>\(HTMLText.escape(entry.text))</pre></div>"
        }
        body += "<div><h2>Page</h2><iframe class=\"frame-phone\" id=\"playground-page\" "
        body +=
            "src=\"\(HTMLText.escape(Self.previewPath("playground/\(id)", language: nil, scheme: nil)))\" title=\"The playground's page\"></iframe></div>"
        body += "</div>\n"
        body += "<div id=\"playground-state\">" + Self.state(entry) + "</div>\n"
        return StudioPage(title: "Playground \(id)", session: session, section: .playground, body: body, status: status).response()
    }

    /// The outline and the diagnostics (the part the script replaces as the document is typed).
    static func state(_ entry: DocumentScreens.Entry) -> String {
        var html = "<h2>Diagnostics</h2><div role=\"status\" aria-live=\"polite\" id=\"playground-diagnostics\">"
        html += diagnostics(entry) + "</div>"
        html += "<h2>Outline</h2><pre id=\"playground-outline\">\(HTMLText.escape(outline(entry)))</pre>"
        return html
    }

    static func diagnostics(_ entry: DocumentScreens.Entry) -> String {
        var html = "<p>Revision \(entry.revision): "
        html +=
            entry.decoded
            ? (entry.diagnostics.isEmpty ? "no problem." : "shown, with problems:")
            : "not shown (the page keeps the last version that decoded):"
        html += "</p>"
        if !entry.diagnostics.isEmpty {
            html += "<ul class=\"diagnostics\">"
            for diagnostic in entry.diagnostics.prefix(maxDiagnostics) {
                html +=
                    "<li><code>\(HTMLText.escape(diagnostic.path.description))</code> \(diagnostic.severity.rawValue): \(HTMLText.escape(diagnostic.message))</li>"
            }
            if entry.diagnostics.count > maxDiagnostics { html += "<li>and \(entry.diagnostics.count - maxDiagnostics) more</li>" }
            html += "</ul>"
        }
        return html
    }

    static func outline(_ entry: DocumentScreens.Entry) -> String {
        guard let screen = entry.screen else { return "(nothing decoded yet)" }
        let text = OutlineRenderer.render(screen)
        return text.count > maxOutline ? String(text.prefix(maxOutline)) + "\n… (cut at \(maxOutline) characters)" : text
    }

    /// The form's submit: the document shown (or, too large, refused with the text kept).
    func edit(_ id: String, text: String, session: StudioSession) throws -> Response {
        let playgrounds = try required().playgrounds
        guard DocumentScreens.isValidName(id), playgrounds[id] != nil else { throw Self.noSuchPlayground }
        do {
            try playgrounds.update(id, document: Array(text.utf8), create: false)
        } catch  where error.status == .contentTooLarge {
            return try playground(
                id, session: session, draft: String(text.prefix(playgrounds.maxBytes)), problem: error.message + " (the text is cut here)",
                status: .contentTooLarge)
        }
        return StudioPage.redirect(to: StudioPage.Section.playground.path + "/" + id)
    }

    /// The script's change: the document shown, and its outline and diagnostics back as JSON.
    func typed(_ id: String, document: [UInt8]) throws -> Response {
        let playgrounds = try required().playgrounds
        guard DocumentScreens.isValidName(id), playgrounds[id] != nil else { throw Self.noSuchPlayground }
        let entry = try playgrounds.update(id, document: document, create: false)
        let answer = JSONWriter.write(
            .object([
                "revision": .number(Double(entry.revision)), "decoded": .bool(entry.decoded),
                "diagnostics": .string(Self.diagnostics(entry)), "outline": .string(Self.outline(entry)),
            ]))
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer)))
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

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
