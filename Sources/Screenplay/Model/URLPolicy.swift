/// Decides whether a URL in a document may be followed: relative app paths always, absolute URLs
/// only with an allowed scheme (http and https unless the app allows more).
///
/// ```swift
/// URLPolicy(allowedSchemes: ["http", "https"]).check("javascript:alert(1)")
/// // .refused("scheme \"javascript\" is not allowed ...")
/// ```
public struct URLPolicy: Sendable, Hashable {
    public enum Verdict: Sendable, Hashable {
        /// A path inside the app, such as `/cars/42?tab=photos`.
        case relative
        /// An absolute URL with an allowed scheme (lowercased).
        case absolute(scheme: String)
        /// Not to be followed, and why.
        case refused(String)
    }

    public var allowedSchemes: Set<String>

    public init(allowedSchemes: Set<String> = ["http", "https"]) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
    }

    public func check(_ url: String) -> Verdict {
        if url.isEmpty { return .refused("the URL is empty") }
        if url.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" }) {
            return .refused("the URL contains whitespace, control characters or backslashes")
        }
        if url.hasPrefix("//") { return .refused("protocol-relative URLs (\"//host\") are not allowed; give a scheme") }
        guard let colon = url.firstIndex(of: ":") else { return .relative }
        let head = url[..<colon]
        // A colon after the first slash, '?' or '#' belongs to a relative path ("/a:b").
        if head.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return .relative }
        let scheme = head.lowercased()
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first),
            scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return .refused("\"\(head)\" is not a valid URL scheme") }
        guard allowedSchemes.contains(scheme) else {
            let allowed = allowedSchemes.sorted().joined(separator: ", ")
            return .refused("scheme \"\(scheme)\" is not allowed (allowed: \(allowed) and relative paths)")
        }
        if scheme == "http" || scheme == "https" {
            let rest = url[url.index(after: colon)...]
            guard rest.hasPrefix("//"), rest.count > 2 else { return .refused("an \(scheme) URL needs a host (\"\(scheme)://host/…\")") }
        }
        return .absolute(scheme: scheme)
    }
}

/// A string read from a document that must be a URL the policy allows.
struct CheckedURL: JSONReadable {
    let value: String

    init(json: JSONValue, context: DecodingContext) throws(DecodingFailure) {
        let string = try String(json: json, context: context)
        if case .refused(let reason) = URLPolicy(allowedSchemes: context.options.allowedURLSchemes).check(string) {
            throw context.failure(.disallowedURL, "URL \"\(string.prefix(80))\" refused: \(reason)")
        }
        value = string
    }
}
