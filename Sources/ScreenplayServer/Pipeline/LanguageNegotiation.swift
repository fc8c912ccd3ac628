import ScreenplayProtocol

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
        return language(for: WeightedList([acceptLanguage]))
    }

    /// The best supported language for a parsed `Accept-Language`.
    public func language(for ranges: WeightedList) -> String {
        for range in ranges.preferred where Self.isLanguageRange(range.value) {
            let tag = range.value
            if tag == "*" { return defaultLanguage }
            if let exact = supported.first(where: { $0.lowercased() == tag }) { return exact }
            // "fr-ca" → "fr": the primary subtag of what was asked.
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let match = supported.first(where: { $0.lowercased() == primary }) { return match }
            // "fr" → "fr-FR": a supported regional variant of what was asked.
            if let match = supported.first(where: { $0.lowercased().hasPrefix(primary + "-") }) { return match }
        }
        return defaultLanguage
    }

    /// Letters, digits, `-` and `*`, at most 35 characters: anything else is skipped.
    static func isLanguageRange(_ tag: String) -> Bool {
        tag.count <= 35 && tag.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "*" }
    }
}
