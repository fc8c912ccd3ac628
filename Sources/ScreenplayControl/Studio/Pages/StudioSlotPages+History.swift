import Hummingbird
import ScreenplayHTML
import ScreenplayProtocol

/// A slot's history on its page: pages of versions newest first, compared two at a time, and the
/// rollback to one of them.
extension StudioSlotPages {
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
    func historySection(of name: String, page: HistoryPage, current: SlotVersion?, session: StudioSession) async throws -> HTML {
        guard let span = try await control.versionSpan(of: name) else { return "" }
        let path = Self.path(of: name)
        let size = Self.historyPageSize
        let versions: [SlotVersion]
        switch page {
        case .newest: versions = try await control.versions(of: name, limit: size)
        case .before(let version): versions = try await control.versions(of: name, limit: size, before: version)
        case .after(let version): versions = try await control.versions(of: name, limit: size, after: version)
        }
        var body: HTML = "<h2>History</h2>\n"
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
        var pages = HTML()
        if newer {
            pages += "<a href=\"\(path)\">Newest</a>"
            let after = versions.first?.version ?? span.oldest - 1
            pages += "<a href=\"\(path)?after=\(after)\" rel=\"prev\">Newer versions</a>"
        }
        if older {
            let before = versions.last?.version ?? span.newest + 1
            pages += "<a href=\"\(path)?before=\(before)\" rel=\"next\">Older versions</a>"
            pages += "<a href=\"\(path)?after=\(span.oldest - 1)\">Oldest</a>"
        }
        let navigation: HTML = pages.isEmpty ? "" : "<nav aria-label=\"Pages of the history\" class=\"actions\">\(pages)</nav>\n"
        body += navigation
        guard !versions.isEmpty else { return body }
        body +=
            "<form method=\"get\" action=\"\(path)/diff\"><div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Versions\"><table aria-describedby=\"history-count\"><thead><tr>"
        body += "<th scope=\"col\">Version</th><th scope=\"col\">By</th><th scope=\"col\">When (UTC)</th><th scope=\"col\">Note</th>"
        body += "<th scope=\"col\">From</th><th scope=\"col\">To</th></tr></thead><tbody>"
        for (index, version) in versions.enumerated() {
            body += "<tr><th scope=\"row\">\(version.version)</th><td>\(version.author)</td>"
            body += "<td>\(Self.time(version.publishedAt))</td><td>\(version.note ?? "")</td>"
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
            body += "<form method=\"post\" action=\"\(path)/rollback\">\(StudioPage.csrfField(session))"
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
}
