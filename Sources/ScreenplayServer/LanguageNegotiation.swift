/// Picks the language to answer in from an `Accept-Language` header and the languages the app
/// supports: q-values first, then the order the client gave; `fr-CA` falls back to `fr`, and `*`
/// or nothing usable to the default.
///
/// ```swift
/// let negotiation = LanguageNegotiation(supported: ["en", "fr", "de"], default: "en")
/// negotiation.language(for: "de-CH, fr;q=0.8, *;q=0.1")   // "de"
/// ```
public struct LanguageNegotiation: Sendable, Hashable {
    /// Supported language tags, as the app names its string tables (`"en"`, `"pt-BR"`).
    public let supported: [String]
    public let defaultLanguage: String

    public init(supported: [String], default defaultLanguage: String) {
        self.supported = supported
        self.defaultLanguage = defaultLanguage
    }

    /// The best supported language for the header value (nil header: the default).
    public func language(for acceptLanguage: String?) -> String {
        guard let acceptLanguage else { return defaultLanguage }
        for range in Self.preferences(in: acceptLanguage) where range.quality > 0 {
            if range.tag == "*" { return defaultLanguage }
            if let exact = supported.first(where: { $0.lowercased() == range.tag }) { return exact }
            // "fr-ca" → "fr": the primary subtag of what was asked.
            let primary = range.tag.split(separator: "-").first.map(String.init) ?? range.tag
            if let match = supported.first(where: { $0.lowercased() == primary }) { return match }
            // "fr" → "fr-FR": a supported regional variant of what was asked.
            if let match = supported.first(where: { $0.lowercased().hasPrefix(primary + "-") }) { return match }
        }
        return defaultLanguage
    }

    /// Language ranges with their q-values, best first; ties keep the client's order. Malformed
    /// items are skipped, a malformed q-value counts as 0.
    static func preferences(in header: String) -> [(tag: String, quality: Double)] {
        var ranges: [(tag: String, quality: Double, position: Int)] = []
        for (position, item) in header.split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";")
            guard let rawTag = parts.first else { continue }
            let tag = rawTag.trimmingWhitespace().lowercased()
            guard !tag.isEmpty, tag.count <= 35, tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "*" }) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
                if pair.count == 2, pair[0].lowercased() == "q" {
                    quality = Double(pair[1]).flatMap { (0...1).contains($0) ? $0 : nil } ?? 0
                }
            }
            ranges.append((tag, quality, position))
        }
        return ranges.sorted { ($0.quality, -$0.position) > ($1.quality, -$1.position) }.map { ($0.tag, $0.quality) }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
