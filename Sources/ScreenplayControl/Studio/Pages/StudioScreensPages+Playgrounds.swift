import HTTPTypes
import Hummingbird
import Screenplay
import ScreenplayHTML
import ScreenplayPresentation
import ScreenplayProtocol
import ScreenplayServer

/// The playgrounds: documents served to apps and pages while they are edited, each with its
/// page, outline and diagnostics beside the editor.
extension StudioScreensPages {
    func playgrounds(session: StudioSession) throws -> Response {
        let playgrounds = try required().playgrounds
        var body: HTML =
            "<p>A playground is a document served to apps and pages at <code>/screens/playground/ID</code> while it is edited: "
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
            body += "<li><a href=\"\(StudioPage.Section.playground.path)/\(name)\">\(name)</a></li>"
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
        var body: HTML = "<p>Served to apps and pages at <a href=\"\(screenPath)\"><code>\(screenPath)</code></a> "
        body += "(live stream: <code>\(screenPath)/stream</code>): every change reaches them.</p>\n"
        if let problem { body += "<p class=\"problem\" role=\"alert\" id=\"problems\">\(problem)</p>\n" }
        body += "<div class=\"playground\">"
        if session.role == .admin {
            body += "<form method=\"post\" action=\"\(StudioPage.Section.playground.path)/\(id)\">\(StudioPage.csrfField(session))"
            body += "<label for=\"document\">Document (JSON)</label>"
            body += "<textarea id=\"document\" name=\"document\" rows=\"24\" spellcheck=\"false\" "
            body +=
                "data-playground=\"\(StudioPage.Section.playground.path)/\(id)/document\"\(problem == nil ? HTML() : " aria-invalid=\"true\" aria-describedby=\"problems\"")>"
            body += "\(draft ?? entry.text)</textarea>"
            body += "<div class=\"actions\"><button type=\"submit\">Show</button></div></form>"
        } else {
            body += "<div><h2>Document</h2><pre>\(entry.text)</pre></div>"
        }
        body += "<div><h2>Page</h2><iframe class=\"frame-phone\" id=\"playground-page\" "
        body +=
            "src=\"\(Self.previewPath("playground/\(id)", language: nil, scheme: nil))\" title=\"The playground's page\"></iframe></div>"
        body += "</div>\n"
        body += "<div id=\"playground-state\">" + Self.state(entry) + "</div>\n"
        return StudioPage(title: "Playground \(id)", session: session, section: .playground, body: body, status: status).response()
    }

    /// The outline and the diagnostics (the part the script replaces as the document is typed).
    static func state(_ entry: DocumentScreens.Entry) -> HTML {
        var html: HTML = "<h2>Diagnostics</h2><div role=\"status\" aria-live=\"polite\" id=\"playground-diagnostics\">"
        html += diagnostics(entry) + "</div>"
        html += "<h2>Outline</h2><pre id=\"playground-outline\">\(outline(entry))</pre>"
        return html
    }

    static func diagnostics(_ entry: DocumentScreens.Entry) -> HTML {
        var html: HTML = "<p>Revision \(entry.revision): "
        html +=
            entry.decoded
            ? (entry.diagnostics.isEmpty ? "no problem." : "shown, with problems:")
            : "not shown (the page keeps the last version that decoded):"
        html += "</p>"
        if !entry.diagnostics.isEmpty {
            html += "<ul class=\"diagnostics\">"
            for diagnostic in entry.diagnostics.prefix(maxDiagnostics) {
                html +=
                    "<li><code>\(diagnostic.path.description)</code> \(diagnostic.severity.rawValue): \(diagnostic.message)</li>"
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
                "diagnostics": .string(Self.diagnostics(entry).text), "outline": .string(Self.outline(entry)),
            ]))
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer)))
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
