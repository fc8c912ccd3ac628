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
        var body =
            "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Slots\"><table><thead><tr><th scope=\"col\">Slot</th><th scope=\"col\" class=\"number\">Version</th>"
        body += "<th scope=\"col\">Published by</th><th scope=\"col\">When (UTC)</th></tr></thead><tbody>"
        for slot in slots {
            body += "<tr><th scope=\"row\"><a href=\"\(HTMLText.escape(Self.path(of: slot.slot)))\">\(HTMLText.escape(slot.slot))</a></th>"
            body +=
                "<td class=\"number\">\(slot.version)</td><td>\(HTMLText.escape(slot.author))</td><td>\(Self.time(slot.publishedAt))</td></tr>"
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
        compatibility: String? = nil, offersForce: Bool = false, history: HistoryPage = .newest, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let current = try await control.version(of: name)
        guard current != nil || session.role == .admin else { throw Self.noSuchSlot(name) }
        let path = HTMLText.escape(Self.path(of: name))
        var body = notice.map { "<p class=\"notice\" role=\"status\">\(HTMLText.escape($0))</p>\n" } ?? ""
        if let current {
            body +=
                "<p>Version \(current.version), published by \(HTMLText.escape(current.author)) at \(Self.time(current.publishedAt)) UTC.</p>\n"
            body += "<h2>Preview</h2>\n<div class=\"previews\">"
            let languages = ["default"] + ((try? PublishedContent.checked(Array(current.document.utf8)))?.translations.keys.sorted() ?? [])
            for language in languages {
                // A phone in light and in dark, a tablet in light: each scheme forced in its frame.
                for (frame, width, scheme) in [("phone", 390, "light"), ("phone", 390, "dark"), ("tablet", 768, "light")] {
                    let source = "\(Self.path(of: name))/preview?version=\(current.version)&language=\(language)&scheme=\(scheme)"
                    let caption = "\(frame.capitalized), \(width) points, \(language), \(scheme)"
                    body += "<figure class=\"preview\"><figcaption>\(HTMLText.escape(caption))</figcaption>"
                    body += "<iframe class=\"frame-\(frame)\" src=\"\(HTMLText.escape(source))\" "
                    body += "title=\"Preview of \(HTMLText.escape(name)) on a \(HTMLText.escape(caption))\"></iframe></figure>"
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

    /// A page of a slot's history: the newest versions, or those just older or just newer than one
    /// (keyset paging on the version number, so a page costs the same at version 10 and 10,000).
    enum HistoryPage: Equatable {
        case newest
        case before(Int)
        case after(Int)

        /// The page a query asks for (`?before=` or `?after=` a version), or a 400 that says what is wrong.
        init(before: String?, after: String?) throws {
            switch (before, after) {
            case (nil, nil): self = .newest
            case (let text?, nil):
                guard let version = Int(text), version >= 1 else { throw Self.bad("before", text) }
                self = .before(version)
            case (nil, let text?):
                guard let version = Int(text), version >= 0 else { throw Self.bad("after", text) }
                self = .after(version)
            case (_?, _?):
                throw ScreenplayError(
                    .badRequest, code: "badHistoryPage", message: "a history page is before a version or after one, not both")
            }
        }

        private static func bad(_ name: String, _ text: String) -> ScreenplayError {
            ScreenplayError(
                .badRequest, code: "badHistoryPage",
                message:
                    "\(name) is a version number (\(name == "after" ? "0" : "1") or more), not \"\(ScreenplayError.quoting(String(text.prefix(40))))\""
            )
        }
    }

    /// How many versions a history page shows.
    static let historyPageSize = 50

    /// The history: how many versions there are, one page of them (newest first) to compare,
    /// links to the newer and older pages, and (for an admin) a rollback to one of them.
    private func historySection(of name: String, page: HistoryPage, current: SlotVersion?, session: StudioSession) async throws -> String {
        guard let span = try await control.versionSpan(of: name) else { return "" }
        let path = Self.path(of: name)
        let size = Self.historyPageSize
        let versions: [SlotVersion]
        switch page {
        case .newest: versions = try await control.versions(of: name, limit: size)
        case .before(let version): versions = try await control.versions(of: name, limit: size, before: version)
        case .after(let version): versions = try await control.versions(of: name, limit: size, after: version)
        }
        var body = "<h2>History</h2>\n"
        let total = Self.count(span.count, "version")
        if let newest = versions.first, let oldest = versions.last {
            let shown = versions.count == span.count ? "all of them" : "versions \(newest.version) to \(oldest.version)"
            body +=
                "<p id=\"history-count\">\(total), the first version \(span.oldest), the newest \(span.newest): \(shown), newest first.</p>\n"
        } else {
            body +=
                "<p id=\"history-count\">\(total), the first version \(span.oldest), the newest \(span.newest): none on this page.</p>\n"
        }
        let newer = (versions.first?.version ?? span.oldest - 1) < span.newest
        let older = (versions.last?.version ?? span.newest + 1) > span.oldest
        var pages = ""
        if newer {
            pages += "<a href=\"\(HTMLText.escape(path))\">Newest</a>"
            let after = versions.first?.version ?? span.oldest - 1
            pages += "<a href=\"\(HTMLText.escape(path))?after=\(after)\" rel=\"prev\">Newer versions</a>"
        }
        if older {
            let before = versions.last?.version ?? span.newest + 1
            pages += "<a href=\"\(HTMLText.escape(path))?before=\(before)\" rel=\"next\">Older versions</a>"
            pages += "<a href=\"\(HTMLText.escape(path))?after=\(span.oldest - 1)\">Oldest</a>"
        }
        let navigation = pages.isEmpty ? "" : "<nav aria-label=\"Pages of the history\" class=\"actions\">\(pages)</nav>\n"
        body += navigation
        guard !versions.isEmpty else { return body }
        body +=
            "<form method=\"get\" action=\"\(HTMLText.escape(path))/diff\"><div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Versions\"><table aria-describedby=\"history-count\"><thead><tr>"
        body += "<th scope=\"col\">Version</th><th scope=\"col\">By</th><th scope=\"col\">When (UTC)</th><th scope=\"col\">Note</th>"
        body += "<th scope=\"col\">From</th><th scope=\"col\">To</th></tr></thead><tbody>"
        for (index, version) in versions.enumerated() {
            body += "<tr><th scope=\"row\">\(version.version)</th><td>\(HTMLText.escape(version.author))</td>"
            body += "<td>\(Self.time(version.publishedAt))</td><td>\(HTMLText.escape(version.note ?? ""))</td>"
            body +=
                "<td><input type=\"radio\" name=\"from\" value=\"\(version.version)\" aria-label=\"Compare from version \(version.version)\"\(index == 1 ? " checked" : "")></td>"
            body +=
                "<td><input type=\"radio\" name=\"to\" value=\"\(version.version)\" aria-label=\"Compare to version \(version.version)\"\(index == 0 ? " checked" : "")></td></tr>"
        }
        body +=
            "</tbody></table></div><div class=\"actions\"><button type=\"submit\" class=\"secondary\">Compare</button></div></form>\n"
        body += navigation
        let earlier = versions.filter { $0.version != current?.version }
        if session.role == .admin, let current, !earlier.isEmpty {
            body += "<form method=\"post\" action=\"\(HTMLText.escape(path))/rollback\">\(StudioPage.csrfField(session))"
            body += "<input type=\"hidden\" name=\"base\" value=\"\(current.version)\">"
            body += "<label for=\"rollback\">Roll back to version</label><select id=\"rollback\" name=\"version\">"
            for version in earlier { body += "<option value=\"\(version.version)\">\(version.version)</option>" }
            body += "</select><div class=\"actions\"><button type=\"submit\" class=\"secondary\">Roll back</button></div></form>\n"
        }
        return body
    }

    /// `10,000 versions`, `1 version`.
    static func count(_ count: Int, _ noun: String) -> String {
        var digits = String(count)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " " + noun + (count == 1 ? "" : "s")
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
        var body = "<p>From version \(from) (\(HTMLText.escape(old.author))) to version \(to) (\(HTMLText.escape(new.author))).</p>\n"
        body += TextDiff.json(old.document, new.document).html(caption: "Version \(from) to version \(to)")
        body += "\n<p><a href=\"\(HTMLText.escape(Self.path(of: name)))\">Back to \(HTMLText.escape(name))</a></p>"
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

    static func time(_ milliseconds: Int64) -> String { StudioAuditPages.time(milliseconds) }
}
