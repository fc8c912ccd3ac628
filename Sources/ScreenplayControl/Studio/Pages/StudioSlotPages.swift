import Foundation
import Hummingbird
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol
import ScreenplayServer

/// The studio's content pages: every slot, one slot with its document, a preview of it drawn by
/// the web renderer in phone and tablet frames and in each of its languages, its history, the
/// diff between any two versions, publishing (every problem shown at its JSON path, the typed
/// text kept) and rolling back.
struct StudioSlotPages {
    let control: ControlPlane
    /// Publishes and rollbacks are asked for, and applied once another admin approves.
    var fourEyes: Bool { control.fourEyes }

    static func path(of name: String) -> String {
        "/studio/slots/" + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? name)
    }

    func list(session: StudioSession) async throws -> Response {
        let slots = try await control.slots().sorted { $0.slot < $1.slot }
        var body: HTML =
            "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Slots\"><table><thead><tr><th scope=\"col\">Slot</th><th scope=\"col\" class=\"number\">Version</th>"
        body += "<th scope=\"col\">Published by</th><th scope=\"col\">When (UTC)</th></tr></thead><tbody>"
        for slot in slots {
            body += "<tr><th scope=\"row\"><a href=\"\(Self.path(of: slot.slot))\">\(slot.slot)</a></th>"
            body +=
                "<td class=\"number\">\(slot.version)</td><td>\(slot.author)</td><td>\(Self.time(slot.publishedAt))</td></tr>"
        }
        if slots.isEmpty { body += "<tr><td colspan=\"4\">Nothing is published yet.</td></tr>" }
        body += "</tbody></table></div>"
        return StudioPage(title: "Content slots", session: session, section: .slots, body: body).response()
    }

    /// A slot: its preview, its document in an editor (for an admin), its history.
    /// - Parameters:
    ///   - draft: what the admin typed, shown again after a refused publish (nothing typed is lost).
    ///   - problems: why it was refused, each at its path.
    ///   - compatibility: what the document would do to the apps in the field (a check's), as HTML.
    ///   - offersForce: the compatibility gate refused it: a reason may force it.
    ///   - history: which page of the history to show.
    func slot(
        _ name: String, session: StudioSession, draft: String? = nil, base: Int? = nil, problems: [String] = [], notice: String? = nil,
        compatibility: HTML? = nil, offersForce: Bool = false, history: HistoryPage = .newest, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let current = try await control.version(of: name)
        guard current != nil || session.role == .admin else { throw Self.noSuchSlot(name) }
        let path = Self.path(of: name)
        var body = notice.map { notice -> HTML in "<p class=\"notice\" role=\"status\">\(notice)</p>\n" } ?? HTML()
        if let current {
            body +=
                "<p>Version \(current.version), published by \(current.author) at \(Self.time(current.publishedAt)) UTC.</p>\n"
            body += "<h2>Preview</h2>\n<div class=\"previews\">"
            let languages = ["default"] + ((try? PublishedContent.checked(Array(current.document.utf8)))?.translations.keys.sorted() ?? [])
            for language in languages {
                // A phone in light and in dark, a tablet in light: each scheme forced in its frame.
                for (frame, width, scheme) in [("phone", 390, "light"), ("phone", 390, "dark"), ("tablet", 768, "light")] {
                    let source = "\(Self.path(of: name))/preview?version=\(current.version)&language=\(language)&scheme=\(scheme)"
                    let caption = "\(frame.capitalized), \(width) points, \(language), \(scheme)"
                    body += "<figure class=\"preview\"><figcaption>\(caption)</figcaption>"
                    body += "<iframe class=\"frame-\(frame)\" src=\"\(source)\" "
                    body += "title=\"Preview of \(name) on a \(caption)\"></iframe></figure>"
                }
            }
            body += "</div>\n"
        } else {
            body += "<p>Nothing is published in this slot yet.</p>\n"
        }
        if session.role == .admin {
            body += "<h2>Publish</h2>\n"
            if let compatibility { body += "<h3>Apps in the field</h3>\n\(compatibility)" }
            let text = draft ?? current.map { Self.pretty($0.document) } ?? "{\"content\": {\"type\": \"text\", \"text\": \"\"}}"
            body += StudioDocumentEditor(
                action: path, check: Self.path(of: name) + "/check", label: "Document (JSON)", text: text,
                base: base ?? current?.version ?? 0, problems: problems, refusal: "Not published:", intent: "publish",
                verb: offersForce ? "Publish anyway" : "Publish",
                extra: offersForce ? StudioCompatPages.forceField(label: "Why publish it anyway (forces the compatibility gate)") : ""
            ).html(session)
        }
        body += try await historySection(of: name, page: history, current: current, session: session)
        return StudioPage(title: name, session: session, section: .slots, body: body, status: status).response()
    }

    /// Publishes (or only checks) what the admin typed; a refusal shows the slot again with every
    /// problem and the text as typed.
    func publish(_ name: String, form: StudioForm, session: StudioSession) async throws -> Response {
        let text = form["document"] ?? ""
        let base = form["base"].flatMap { Int($0) }
        let dryRun = form["intent"] == "check"
        guard text.utf8.count <= ControlPlane.maxAdminBytes else {
            return try await slot(
                name, session: session, draft: text, base: base,
                problems: ["The document is \(text.utf8.count) bytes; a slot holds at most \(ControlPlane.maxAdminBytes)."],
                status: .contentTooLarge)
        }
        do {
            // With four eyes a publish is checked here, then asked for.
            let force = dryRun ? nil : form["force"]
            let published = try await control.publish(
                Array(text.utf8), to: name, by: session.holder, ifMatch: base, dryRun: dryRun || fourEyes, force: force)
            if dryRun {
                // What it would do to the apps in the field, from the census.
                let report = try await control.compatibility(of: try PublishedContent.checked(Array(text.utf8)), inSlot: name)
                return try await slot(
                    name, session: session, draft: text, base: base,
                    notice: "Valid: publishing it would make version \(published.version).",
                    compatibility: StudioCompatPages.summary(report, id: "compatibility"))
            }
            if fourEyes {
                return try await requestChange(.publish(document: text), toSlot: name, base: published.version - 1, session: session)
            }
            return StudioPage.redirect(to: Self.path(of: name))
        } catch let error as ScreenplayError where error.status == .preconditionFailed {
            let current = try await control.version(of: name)?.version ?? 0
            return try await slot(
                name, session: session, draft: text, base: current,
                problems: ["Someone published version \(current) while you edited. Your text is kept below: compare, then publish again."],
                status: .preconditionFailed)
        } catch let error as ScreenplayError where error.status == .unprocessableContent || error.status == .badRequest {
            var problems = error.problems.isEmpty ? [error.message] : error.problems.map { "\($0.path): \($0.message)" }
            // The gate says why as a whole, then each client and place.
            let gate = error.code == "compatibilityGate"
            if gate { problems.insert(error.message, at: 0) }
            return try await slot(
                name, session: session, draft: text, base: base, problems: problems,
                offersForce: gate && session.role == .admin && !fourEyes,
                status: error.status)
        }
    }

    /// The problems of a document being typed, as JSON for the page's script: what a publish
    /// would refuse, each at its path, and nothing published.
    func check(_ name: String, document: [UInt8], session: StudioSession) async throws -> Response {
        try await StudioDocumentEditor.checkAnswer {
            let version = try await control.publish(document, to: name, by: session.holder, dryRun: true)
            return "Valid: publishing it would make version \(version.version)."
        }
    }

    func rollback(_ name: String, form: StudioForm, session: StudioSession) async throws -> Response {
        guard let version = form["version"].flatMap({ Int($0) }) else {
            throw ScreenplayError(.badRequest, code: "badVersion", message: "choose the version to roll back to")
        }
        if fourEyes { return try await requestRollback(name, to: version, base: form["base"].flatMap { Int($0) }, session: session) }
        _ = try await control.rollback(name, to: version, by: session.holder, ifMatch: form["base"].flatMap { Int($0) })
        return StudioPage.redirect(to: Self.path(of: name))
    }

    /// The diff between two versions, as the audit log shows changes.
    func diff(_ name: String, from: Int, to: Int, session: StudioSession) async throws -> Response {
        guard let old = try await control.version(of: name, from), let new = try await control.version(of: name, to) else {
            throw Self.noSuchSlot(name)
        }
        var body: HTML = "<p>From version \(from) (\(old.author)) to version \(to) (\(new.author)).</p>\n"
        body += TextDiff.json(old.document, new.document).html(caption: "Version \(from) to version \(to)")
        body += "\n<p><a href=\"\(Self.path(of: name))\">Back to \(name)</a></p>"
        return StudioPage(title: "\(name): \(from) → \(to)", session: session, section: .slots, body: body).response()
    }

    /// A published version drawn by the web renderer, alone on a page the studio frames.
    func preview(_ name: String, version: Int?, language: String, scheme: String? = nil) async throws -> Response {
        guard let stored = try await control.version(of: name, version) else { throw Self.noSuchSlot(name) }
        let content = try PublishedContent.checked(Array(stored.document.utf8))
        let node = language == "default" ? content.content : content.node(for: language)
        let screen = Screen(id: "preview", title: name, body: node)
        let page = HTMLPage(screen: screen, language: language == "default" ? "en" : language)
        // The screens' own policy, framed by the studio only.
        var policy = page.contentSecurityPolicy.replacingOccurrences(of: "frame-ancestors 'none'", with: "frame-ancestors 'self'")
        var html = page.html
        if let scheme, StudioScreensPages.schemes.contains(scheme) {
            (html, policy) = StudioScreensPages.forcing(scheme, html: html, policy: policy)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: policy, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func noSuchSlot(_ name: String) -> ScreenplayError {
        ScreenplayError(.notFound, code: "noSuchSlot", message: "there is no slot \"\(ScreenplayError.quoting(name))\"")
    }

    /// A document as people read it: pretty, keys sorted (as it was when it is not JSON).
    static func pretty(_ document: String) -> String { TextDiff.readableJSON(document) }

    static func time(_ milliseconds: Int64) -> HTML { StudioAuditPages.time(milliseconds) }
}
