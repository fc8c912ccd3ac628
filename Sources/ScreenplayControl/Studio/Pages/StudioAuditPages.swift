import Foundation
import HTTPTypes
import Hummingbird
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol

/// The audit log's pages: the filtered list, newest first, and one entry with its before and
/// after as a diff.
struct StudioAuditPages {
    let control: ControlPlane

    static func path(of id: Int) -> String { "/studio/audit/\(id)" }

    /// The entries `query` selects, 50 a page, under the filter form; the form again with each
    /// problem at its field (and a 400) when the query has any.
    func list(_ query: StudioAuditQuery, session: StudioSession) async throws -> Response {
        var body = Self.form(query)
        guard query.isValid else {
            return StudioPage(title: "Audit log", session: session, section: .audit, body: body, status: .badRequest).response()
        }
        var entries = try await control.audit(filter: query.filter)
        let more = entries.count > StudioAuditQuery.pageSize
        entries = Array(entries.prefix(StudioAuditQuery.pageSize))
        let filtered = query.filter.actor != nil || query.filter.target != nil || query.filter.from != nil || query.filter.until != nil
        if entries.isEmpty {
            body +=
                "<p id=\"audit-count\">No entry \(filtered ? "matches these filters" : "yet")\(query.filter.before == nil ? "" : " before these").</p>\n"
        } else {
            let first = entries.first!.id
            let last = entries.last!.id
            body += "<p id=\"audit-count\">Entries \(first) to \(last)\(filtered ? " that match" : ""), newest first.</p>\n"
            body +=
                "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Audit entries\"><table aria-describedby=\"audit-count\"><thead><tr><th scope=\"col\">When (UTC)</th>"
            body +=
                "<th scope=\"col\">Who</th><th scope=\"col\">Action</th><th scope=\"col\">What</th><th scope=\"col\">Entry</th></tr></thead><tbody>\n"
            for entry in entries {
                body +=
                    "<tr><td>\(Self.time(entry.at))</td><td>\(entry.actor)</td><td>\(entry.action)</td>"
                body += "<td>\(Self.targetLink(entry.target))</td>"
                body += "<td><a href=\"\(Self.path(of: entry.id))\">Entry \(entry.id)</a></td></tr>\n"
            }
            body += "</tbody></table></div>\n"
        }
        if query.filter.before != nil || more {
            body += "<nav aria-label=\"Pages of the audit log\" class=\"actions\">"
            if query.filter.before != nil { body += "<a href=\"\(query.path(before: nil))\">Newest entries</a>" }
            if more, let last = entries.last {
                body += "<a href=\"\(query.path(before: last.id))\" rel=\"next\">Older entries</a>"
            }
            body += "</nav>\n"
        }
        return StudioPage(title: "Audit log", session: session, section: .audit, body: body).response()
    }

    /// One entry: when, who, what, and its before and after as a diff (JSON member by member).
    func entry(_ text: String, session: StudioSession) async throws -> Response {
        guard let id = StudioPage.number(in: text) else {
            throw ScreenplayError(
                .badRequest, code: "badAuditEntry",
                message: "“\(ScreenplayError.quoting(text))” in the address is not an entry's number (like /studio/audit/12).")
        }
        guard let entry = try await control.auditEntry(id: id) else {
            throw ScreenplayError(.notFound, code: "noSuchAuditEntry", message: "The audit log has no entry \(id).")
        }
        var body: HTML = "<dl class=\"facts\"><dt>When (UTC)</dt><dd>\(Self.time(entry.at))</dd>"
        body +=
            "<dt>Who</dt><dd><a href=\"\(StudioPage.Section.audit.path + "?actor=" + StudioAuditQuery.encoded(entry.actor))\">"
        body += "\(entry.actor)</a></dd>"
        body += "<dt>Action</dt><dd>\(entry.action)</dd><dt>What</dt><dd>\(Self.targetLink(entry.target))</dd></dl>\n"
        body += "<h2>Before and after</h2>\n"
        if entry.before == nil { body += "<p>Nothing was there before: this entry created it.</p>\n" }
        if entry.after == nil { body += "<p>Nothing is there after: this entry removed it.</p>\n" }
        body += TextDiff.json(entry.before, entry.after).html(caption: "Entry \(entry.id), before to after")
        for (name, value) in [("Before", entry.before), ("After", entry.after)] {
            guard let value else { continue }
            body += "<details><summary>\(name), whole</summary><pre>\(TextDiff.readableJSON(value))</pre></details>\n"
        }
        body += "<p><a href=\"\(StudioPage.Section.audit.path)\">Back to the audit log</a></p>"
        return StudioPage(title: "Audit entry \(entry.id)", session: session, section: .audit, body: body).response()
    }

    /// The filter form, each problem at its field.
    static func form(_ query: StudioAuditQuery) -> HTML {
        var html = HTML()
        if let problem = query.problem {
            html += "<p class=\"problem\" role=\"alert\">\(problem)</p>\n"
        } else if !query.problems.isEmpty {
            html +=
                "<div class=\"problem\" role=\"alert\"><p>The filter has \(query.problems.count == 1 ? "a problem" : "problems"):</p><ul>"
            for field in StudioAuditQuery.Field.allCases {
                guard let problem = query.problems[field] else { continue }
                html += "<li>\(field.label) (<code>\(field.rawValue)</code>): \(problem)</li>"
            }
            html += "</ul></div>\n"
        }
        html += "<form method=\"get\" action=\"\(StudioPage.Section.audit.path)\" role=\"search\" aria-label=\"Filter the audit log\">"
        html += "<div class=\"filters\">"
        let hints: [StudioAuditQuery.Field: String] = [
            .actor: "The token's holder, like alice.", .target: "A target like slot:home.promo, or a kind: experiment or slot.",
            .from: "A day, UTC.", .to: "A day, UTC, included.",
        ]
        for field in [StudioAuditQuery.Field.actor, .target, .from, .to] {
            let id = "filter-\(field.rawValue)"
            var described = "\(id)-hint"
            var invalid = HTML()
            if query.problems[field] != nil {
                described += " \(id)-problem"
                invalid = " aria-invalid=\"true\""
            }
            let type = field == .from || field == .to ? "date" : "text"
            html += "<div><label for=\"\(id)\">\(field.label)</label>"
            html +=
                "<input type=\"\(type)\" id=\"\(id)\" name=\"\(field.rawValue)\" value=\"\(query.values[field] ?? "")\""
            html += " aria-describedby=\"\(described)\"\(invalid)>"
            html += "<p class=\"hint\" id=\"\(id)-hint\">\(hints[field] ?? "")</p>"
            if let problem = query.problems[field] {
                html += "<p class=\"problem\" id=\"\(id)-problem\">\(problem)</p>"
            }
            html += "</div>"
        }
        html += "</div><p class=\"actions\"><button type=\"submit\">Filter</button>"
        html += "<a class=\"button secondary\" href=\"\(StudioPage.Section.audit.path)\">Clear</a></p></form>\n"
        return html
    }

    /// `target` linked to the log filtered to it.
    static func targetLink(_ target: String) -> HTML {
        let path = StudioPage.Section.audit.path + "?target=" + StudioAuditQuery.encoded(target)
        return "<a href=\"\(path)\">\(target)</a>"
    }

    /// Unix milliseconds as `<time>`: `2024-03-01 10:00:00` (UTC).
    static func time(_ milliseconds: Int64) -> HTML {
        let time = CivilTime(milliseconds: milliseconds)
        return "<time datetime=\"\(time.date)T\(time.clock)Z\">\(time.text)</time>"
    }
}
