import Foundation
import HTTPTypes
import Hummingbird
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol

/// The audit log's filters as the studio's form sends them in a query string: `actor` (who),
/// `target` (what: `slot:home.promo`, or a kind such as `slot`), `from` and `to` (when: UTC days,
/// `YYYY-MM-DD`, both included) and `before` (paging: an entry's id). Each problem is kept at
/// its field, never thrown: the page shows the form again with it.
///
/// ```swift
/// let query = StudioAuditQuery("actor=alice&target=slot&from=2024-03-01")
/// query.filter.target   // .kind("slot")
/// query.problems        // [:]
/// ```
struct StudioAuditQuery {
    enum Field: String, CaseIterable {
        case actor, target, from, to, before

        var label: String {
            switch self {
            case .actor: "Who"
            case .target: "What"
            case .from: "From"
            case .to: "To"
            case .before: "Older than entry"
            }
        }
    }

    /// The entries a page shows.
    static let pageSize = 50
    /// The longest query string read.
    static let maxQueryBytes = 2_048
    static let maxActorCharacters = 200
    static let maxTargetCharacters = 300

    /// The values as they came (decoded), to fill the form again.
    private(set) var values: [Field: String] = [:]
    private(set) var problems: [Field: String] = [:]
    /// A problem with the query as a whole (too long).
    private(set) var problem: String?
    private(set) var filter = AuditFilter(limit: Self.pageSize + 1)

    init(_ query: String?) {
        let query = query ?? ""
        guard query.utf8.count <= Self.maxQueryBytes else {
            problem = "The filter's address is longer than \(Self.maxQueryBytes) bytes."
            return
        }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let field = Field(rawValue: String(parts[0])), values[field] == nil, problems[field] == nil else { continue }
            guard let value = (parts.count > 1 ? parts[1] : "").replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                problems[field] = "This is not valid percent-encoding."
                continue
            }
            values[field] = value
        }
        for field in Field.allCases {
            guard let text = values[field]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { continue }
            do throws(Problem) { try read(field, text) } catch { problems[field] = error.message }
        }
        if let from = filter.from, let until = filter.until, from >= until, problems[.to] == nil {
            problems[.to] = "“To” (\(values[.to] ?? "")) is before “From” (\(values[.from] ?? ""))."
        }
    }

    var isValid: Bool { problem == nil && problems.isEmpty }

    private struct Problem: Error {
        let message: String
    }

    private mutating func read(_ field: Field, _ text: String) throws(Problem) {
        let quoted = "“\(ScreenplayError.quoting(text))”"
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            throw Problem(message: "\(quoted) holds control characters.")
        }
        switch field {
        case .actor:
            guard text.count <= Self.maxActorCharacters else { throw Problem(message: "At most \(Self.maxActorCharacters) characters.") }
            filter.actor = text
        case .target:
            guard text.count <= Self.maxTargetCharacters else { throw Problem(message: "At most \(Self.maxTargetCharacters) characters.") }
            if text.contains(":") {
                filter.target = .exactly(text)
            } else {
                let kind = text.lowercased()
                guard kind.count <= 40, kind.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) else {
                    throw Problem(
                        message: "\(quoted) is neither a target (KIND:NAME, like slot:home.promo) nor a kind (experiment, slot).")
                }
                filter.target = .kind(kind)
            }
        case .from, .to:
            guard let day = Self.day(text) else {
                throw Problem(message: "\(quoted) is not a day written YYYY-MM-DD (like 2024-03-01), from 1970 to 9999.")
            }
            if field == .from { filter.from = day * 86_400_000 } else { filter.until = (day + 1) * 86_400_000 }
        case .before:
            guard let id = StudioPage.number(in: text) else {
                throw Problem(message: "\(quoted) is not an entry's number.")
            }
            filter.before = id
        }
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` day from 1970 to 9999, if it is one.
    static func day(_ text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]),
            (1970...9999).contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, of: year)
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The page's address with these filters, and `before` for paging.
    func path(before: Int?) -> String {
        var items: [String] = []
        for field in [Field.actor, .target, .from, .to] {
            if let value = values[field], !value.isEmpty { items.append("\(field.rawValue)=\(Self.encoded(value))") }
        }
        if let before { items.append("before=\(before)") }
        return StudioPage.Section.audit.path + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~:"))) ?? ""
    }
}

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
                    "<tr><td>\(Self.time(entry.at))</td><td>\(HTMLText.escape(entry.actor))</td><td>\(HTMLText.escape(entry.action))</td>"
                body += "<td>\(Self.targetLink(entry.target))</td>"
                body += "<td><a href=\"\(Self.path(of: entry.id))\">Entry \(entry.id)</a></td></tr>\n"
            }
            body += "</tbody></table></div>\n"
        }
        if query.filter.before != nil || more {
            body += "<nav aria-label=\"Pages of the audit log\" class=\"actions\">"
            if query.filter.before != nil { body += "<a href=\"\(HTMLText.escape(query.path(before: nil)))\">Newest entries</a>" }
            if more, let last = entries.last {
                body += "<a href=\"\(HTMLText.escape(query.path(before: last.id)))\" rel=\"next\">Older entries</a>"
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
        var body = "<dl class=\"facts\"><dt>When (UTC)</dt><dd>\(Self.time(entry.at))</dd>"
        body +=
            "<dt>Who</dt><dd><a href=\"\(HTMLText.escape(StudioPage.Section.audit.path + "?actor=" + StudioAuditQuery.encoded(entry.actor)))\">"
        body += "\(HTMLText.escape(entry.actor))</a></dd>"
        body += "<dt>Action</dt><dd>\(HTMLText.escape(entry.action))</dd><dt>What</dt><dd>\(Self.targetLink(entry.target))</dd></dl>\n"
        body += "<h2>Before and after</h2>\n"
        if entry.before == nil { body += "<p>Nothing was there before: this entry created it.</p>\n" }
        if entry.after == nil { body += "<p>Nothing is there after: this entry removed it.</p>\n" }
        body += TextDiff.json(entry.before, entry.after).html(caption: "Entry \(entry.id), before to after")
        for (name, value) in [("Before", entry.before), ("After", entry.after)] {
            guard let value else { continue }
            body += "<details><summary>\(name), whole</summary><pre>\(HTMLText.escape(TextDiff.readableJSON(value)))</pre></details>\n"
        }
        body += "<p><a href=\"\(StudioPage.Section.audit.path)\">Back to the audit log</a></p>"
        return StudioPage(title: "Audit entry \(entry.id)", session: session, section: .audit, body: body).response()
    }

    /// The filter form, each problem at its field.
    static func form(_ query: StudioAuditQuery) -> String {
        var html = ""
        if let problem = query.problem {
            html += "<p class=\"problem\" role=\"alert\">\(HTMLText.escape(problem))</p>\n"
        } else if !query.problems.isEmpty {
            html +=
                "<div class=\"problem\" role=\"alert\"><p>The filter has \(query.problems.count == 1 ? "a problem" : "problems"):</p><ul>"
            for field in StudioAuditQuery.Field.allCases {
                guard let problem = query.problems[field] else { continue }
                html += "<li>\(field.label) (<code>\(field.rawValue)</code>): \(HTMLText.escape(problem))</li>"
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
            var invalid = ""
            if query.problems[field] != nil {
                described += " \(id)-problem"
                invalid = " aria-invalid=\"true\""
            }
            let type = field == .from || field == .to ? "date" : "text"
            html += "<div><label for=\"\(id)\">\(field.label)</label>"
            html +=
                "<input type=\"\(type)\" id=\"\(id)\" name=\"\(field.rawValue)\" value=\"\(HTMLText.escape(query.values[field] ?? ""))\""
            html += " aria-describedby=\"\(described)\"\(invalid)>"
            html += "<p class=\"hint\" id=\"\(id)-hint\">\(HTMLText.escape(hints[field] ?? ""))</p>"
            if let problem = query.problems[field] {
                html += "<p class=\"problem\" id=\"\(id)-problem\">\(HTMLText.escape(problem))</p>"
            }
            html += "</div>"
        }
        html += "</div><p class=\"actions\"><button type=\"submit\">Filter</button>"
        html += "<a class=\"button secondary\" href=\"\(StudioPage.Section.audit.path)\">Clear</a></p></form>\n"
        return html
    }

    /// `target` linked to the log filtered to it.
    static func targetLink(_ target: String) -> String {
        let path = StudioPage.Section.audit.path + "?target=" + StudioAuditQuery.encoded(target)
        return "<a href=\"\(HTMLText.escape(path))\">\(HTMLText.escape(target))</a>"
    }

    /// Unix milliseconds as `<time>`: `2024-03-01 10:00:00` (UTC).
    static func time(_ milliseconds: Int64) -> String {
        let time = CivilTime(milliseconds: milliseconds)
        return "<time datetime=\"\(time.date)T\(time.clock)Z\">\(time.text)</time>"
    }
}
