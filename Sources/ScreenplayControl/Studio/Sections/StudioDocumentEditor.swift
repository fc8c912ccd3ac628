import Hummingbird
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol

/// The studio's editor of a JSON document (a slot's content, a flag): the problems of the last
/// attempt, the text as it was typed, the region the page's script fills as it checks the text
/// with the server (`data-check`), and the Check and submit buttons. One form for every document
/// the studio edits.
///
/// ```swift
/// body += StudioDocumentEditor(action: "/studio/slots/home.promo", check: "/studio/slots/home.promo/check",
///                              label: "Document (JSON)", text: text, base: 3, problems: problems,
///                              refusal: "Not published:", intent: "publish", verb: "Publish").html(session)
/// ```
struct StudioDocumentEditor {
    let action: String
    let check: String
    let label: String
    let text: String
    /// The version or revision the text was read at (`If-Match`).
    let base: Int
    let problems: [String]
    /// What the problems' notice begins with (`Not published:`).
    let refusal: String
    /// The submit button's `intent` and its words.
    let intent: String
    let verb: String
    /// Fields between the text and the buttons (the compatibility gate's reason).
    var extra = HTML()

    func html(_ session: StudioSession) -> HTML {
        var body = HTML()
        if !problems.isEmpty {
            body += "<div class=\"notice\" role=\"alert\" id=\"problems\"><p>\(refusal)</p><ul>"
            for problem in problems { body += "<li>\(problem)</li>" }
            body += "</ul></div>\n"
        }
        body += "<form method=\"post\" action=\"\(action)\">\(StudioPage.csrfField(session))"
        body += "<input type=\"hidden\" name=\"base\" value=\"\(base)\">"
        body += "<label for=\"document\">\(label)</label>"
        body += "<textarea id=\"document\" name=\"document\" rows=\"18\" spellcheck=\"false\" data-check=\"\(check)\""
        body += problems.isEmpty ? ">" : " aria-invalid=\"true\" aria-describedby=\"problems\">"
        body += "\(text)</textarea>"
        // Problems found as the document is typed (the page's script asks the server) are read out here.
        body += "<div id=\"live-problems\" class=\"live\" role=\"status\" aria-live=\"polite\"></div>" + extra
        body += "<div class=\"actions\"><button type=\"submit\" name=\"intent\" value=\"check\" class=\"secondary\">Check</button>"
        body += "<button type=\"submit\" name=\"intent\" value=\"\(intent)\">\(verb)</button></div></form>\n"
        return body
    }
}

extension StudioDocumentEditor {
    /// The answer to the editor's `data-check` request: `attempt` is a dry run of the save, giving
    /// the sentence that says it would work; a refusal becomes its problems, each at its path (at
    /// most 50), and nothing is changed either way.
    ///
    /// ```swift
    /// try await StudioDocumentEditor.checkAnswer {
    ///     "Valid: publishing it would make version \(try await control.publish(bytes, to: name, by: who, dryRun: true).version)."
    /// }
    /// ```
    static func checkAnswer(_ attempt: () async throws -> String) async throws -> Response {
        var problems: [JSONValue] = []
        var valid = ""
        do {
            valid = try await attempt()
        } catch let error as ScreenplayError where error.status.code < 500 {
            let found = error.problems.isEmpty ? [Diagnostic.error(at: .root, error.message)] : error.problems
            problems = found.prefix(50).map { .object(["path": .string($0.path.description), "message": .string($0.message)]) }
        }
        let body = JSONWriter.write(.object(["problems": .array(problems), "valid": .string(valid)]))
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
