import Foundation
import Screenplay
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
