import Crypto
import Foundation
import ScreenplayProtocol

/// Who may use the admin API: named bearer tokens, each with a role. Tokens are kept as their
/// SHA-256 and a presented token is compared with every one of them in constant time, so neither
/// the comparison nor the number of tokens tried tells an attacker how close a guess was.
///
/// ```swift
/// // SCREENPLAY_ADMIN_TOKENS="alice:admin:3a9f…e1,dashboard:read:77c2…90"
/// let tokens = try AdminTokens(parsing: environment["SCREENPLAY_ADMIN_TOKENS"] ?? "")
/// ```
public struct AdminTokens: Sendable {
    /// What a token may do.
    public enum Role: String, Sendable, CaseIterable {
        /// Read and change everything.
        case admin
        /// Read only (dashboards, reports).
        case read
    }

    /// A token's holder, as the audit log names them.
    public struct Holder: Sendable, Hashable {
        public let name: String
        public let role: Role
        fileprivate let digest: [UInt8]
    }

    /// The shortest token accepted: guessing one must be hopeless.
    public static let minimumLength = 24

    public let holders: [Holder]

    /// No admin access at all (the admin API answers 403 `adminDisabled`).
    public static let none = AdminTokens(holders: [])

    private init(holders: [Holder]) {
        self.holders = holders
    }

    /// - Parameter tokens: name, role and token of each holder.
    public init(_ tokens: [(name: String, role: Role, token: String)]) throws(ScreenplayError) {
        var holders: [Holder] = []
        for (name, role, token) in tokens {
            guard token.utf8.count >= Self.minimumLength else {
                throw ScreenplayError(
                    .internalServerError, code: "weakAdminToken",
                    message: "the admin token of \"\(name)\" is shorter than \(Self.minimumLength) characters")
            }
            guard !name.isEmpty, !holders.contains(where: { $0.name == name }) else {
                throw ScreenplayError(.internalServerError, code: "badAdminTokens", message: "each admin token needs a name of its own")
            }
            let bits = Self.estimatedEntropy(of: token)
            guard bits >= Self.minimumEntropyBits else {
                throw ScreenplayError(
                    .internalServerError, code: "weakAdminToken",
                    message:
                        "the admin token of \"\(name)\" looks guessable (about \(Int(bits)) bits; at least \(Int(Self.minimumEntropyBits)) "
                        + "needed): make one with `openssl rand -hex 16`")
            }
            let digest = Array(SHA256.hash(data: Array(token.utf8)))
            guard !holders.contains(where: { $0.digest == digest }) else {
                throw ScreenplayError(
                    .internalServerError, code: "badAdminTokens",
                    message: "the admin token of \"\(name)\" is also another holder's: every holder needs a token of its own")
            }
            holders.append(Holder(name: name, role: role, digest: digest))
        }
        self.holders = holders
    }

    /// Reads `name:role:token` entries separated by commas (role is `admin` or `read`).
    public init(parsing text: String) throws(ScreenplayError) {
        var tokens: [(String, Role, String)] = []
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: ":", maxSplits: 2).map { Self.trimmingASCIISpace(String($0)) }
            guard parts.count == 3, let role = Role(rawValue: parts[1]) else {
                throw ScreenplayError(
                    .internalServerError, code: "badAdminTokens",
                    message: "an admin token entry is name:role:token with role admin or read (entry \(tokens.count + 1) is not)")
            }
            tokens.append((parts[0], role, parts[2]))
        }
        try self.init(tokens)
    }

    /// The least estimated entropy a token needs: 80 bits. The estimate of a random token of 32
    /// hexadecimal digits (`openssl rand -hex 16`) is 92 bits or more; a word, a date or a
    /// repeated pattern scores far lower.
    public static let minimumEntropyBits = 80.0

    /// A token's entropy as its characters' spread says it (Shannon entropy per character, times
    /// its length): `aaaa…` or `abcabc…` score low, random hexadecimal about 4 bits a character.
    public static func estimatedEntropy(of token: String) -> Double {
        let characters = Array(token)
        guard !characters.isEmpty else { return 0 }
        var counts: [Character: Int] = [:]
        for character in characters { counts[character, default: 0] += 1 }
        let length = Double(characters.count)
        let perCharacter = counts.values.reduce(0.0) { sum, count in
            let p = Double(count) / length
            return sum - p * log2(p)
        }
        return perCharacter * length
    }

    public var isEmpty: Bool { holders.isEmpty }

    /// The holder of the token in an `Authorization: Bearer …` header, or nil.
    public func holder(authorization: String?) -> Holder? {
        guard let authorization, authorization.count <= 1_024 else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return holder(token: String(parts[1]))
    }

    /// The holder of `token` (as typed into the studio's sign-in form), or nil. The token is
    /// compared byte for byte; only ASCII spaces, tabs and line breaks around it (what a paste
    /// brings) are let go — a zero-width space, a byte-order mark or a no-break space makes
    /// another token.
    public func holder(token: String) -> Holder? {
        guard token.utf8.count <= 1_024 else { return nil }
        let presented = Array(SHA256.hash(data: Array(Self.trimmingASCIISpace(token).utf8)))
        var found: Holder?
        for holder in holders {
            // Every byte of every holder is compared, whatever matched before.
            var difference: UInt8 = 0
            for (left, right) in zip(holder.digest, presented) { difference |= left ^ right }
            if difference == 0 { found = holder }
        }
        return found
    }

    /// `text` without the ASCII spaces, tabs and line breaks at its ends (no other character:
    /// Foundation's whitespace set holds invisible ones such as U+200B on some platforms).
    static func trimmingASCIISpace(_ text: String) -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}
