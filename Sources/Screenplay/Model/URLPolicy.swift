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
        url.withUTF8Bytes { check(utf8: $0) }
    }

    /// Checks a URL's UTF-8 bytes (this runs for every URL decoded and drawn: it makes no string
    /// unless the URL is absolute).
    func check(utf8 url: UnsafeBufferPointer<UInt8>) -> Verdict {
        if Self.firstForbiddenByte(in: url) != nil {
            return .refused("the URL contains whitespace, control characters or backslashes")
        }
        // The scheme ends at the first colon, unless a '/', '?' or '#' comes first: a colon
        // after them belongs to a relative path ("/a:b").
        var schemeEnd: Int?
        for count in url.indices {
            let byte = url[count]
            if byte == UInt8(ascii: ":") {
                schemeEnd = count
                break
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        }
        if url.isEmpty { return .refused("the URL is empty") }
        if Self.startsWithTwoSlashes(url[...]) {
            return .refused("protocol-relative URLs (\"//host\") are not allowed; give a scheme")
        }
        guard let schemeEnd else { return .relative }
        let head = url.prefix(schemeEnd)
        guard let first = head.first, Self.isLetter(first),
            head.allSatisfy({
                Self.isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            })
        else { return .refused("\"\(String(decoding: head, as: UTF8.self))\" is not a valid URL scheme") }
        let scheme = String(unsafeUninitializedCapacity: head.count) { buffer in
            for (index, byte) in head.enumerated() { buffer[index] = byte | 0x20 }
            return head.count
        }
        // A few schemes: comparing them beats hashing the scheme (this runs for every URL drawn).
        guard allowedSchemes.contains(where: { $0 == scheme }) else {
            let allowed = allowedSchemes.sorted().joined(separator: ", ")
            return .refused("scheme \"\(scheme)\" is not allowed (allowed: \(allowed) and relative paths)")
        }
        if scheme == "http" || scheme == "https" {
            let rest = url.dropFirst(schemeEnd + 1)
            // The authority runs to the first '/', '?' or '#'; its host is what follows any
            // "user@" and precedes any ":port". `https:///host` and `https://:443/` have none.
            let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            let afterUser = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority[...]
            let host = afterUser.first == UInt8(ascii: "[") ? afterUser[...] : afterUser.prefix { $0 != UInt8(ascii: ":") }
            guard Self.startsWithTwoSlashes(rest), !host.isEmpty else {
                return .refused("an \(scheme) URL needs a host (\"\(scheme)://host/…\")")
            }
        }
        return .absolute(scheme: scheme)
    }

    /// Where the first byte that no URL may hold is (whitespace, a control character, DEL or a
    /// backslash), looked for eight bytes at a time.
    static func firstForbiddenByte(in url: UnsafeBufferPointer<UInt8>) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        if let base = url.baseAddress {
            while index + 8 <= url.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // A byte below 0x21, or equal to DEL or to a backslash (exact where no byte before
                // it in the word matches; a match sends the word to the byte loop below anyway).
                let below = (word &- ones &* 0x21) & ~word & highs
                let delete = ((word ^ (ones &* 0x7F)) &- ones) & ~(word ^ (ones &* 0x7F)) & highs
                let backslash = ((word ^ (ones &* 0x5C)) &- ones) & ~(word ^ (ones &* 0x5C)) & highs
                if below | delete | backslash != 0 { break }
                index += 8
            }
        }
        while index < url.count {
            let byte = url[index]
            if byte < 0x21 || byte == 0x7F || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }

    private static func startsWithTwoSlashes(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.count >= 2 && bytes[bytes.startIndex] == UInt8(ascii: "/") && bytes[bytes.startIndex + 1] == UInt8(ascii: "/")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }
}

/// A string read from a document that must be a URL the policy allows.
struct CheckedURL: JSONReadable {
    let value: String

    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        // Checked on the document's bytes when it has no escapes: the string is made only for a
        // URL that is kept.
        let verdict = json.withUnescapedUTF8 { context.urlPolicy.check(utf8: $0) }
        let string = try String(json: json, context: context)
        if case .refused(let reason) = verdict ?? context.urlPolicy.check(string) {
            throw context.failure(.disallowedURL, "URL \"\(string.prefix(80))\" refused: \(reason)")
        }
        value = string
    }
}
