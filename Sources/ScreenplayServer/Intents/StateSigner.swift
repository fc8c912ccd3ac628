import Crypto
import Foundation
import HTTPTypes
import ScreenplayDSL

/// Signs server state that travels through the client and back (HMAC-SHA256), bound to the user
/// and the screen it was given to and to a lifetime, and refuses a token that was changed,
/// truncated, spelt another way, made with another key, given to someone else or for another
/// screen, or expired.
///
/// A token is `base64url(JSON) "." base64url(HMAC)` without padding, in that one spelling. The
/// JSON is readable by the client; any change to it breaks the signature. It holds the state
/// (`s`), the user (`u`), the screen's path (`p`), the expiry in Unix seconds (`e`) and a random
/// id (`n`) that intents which must happen once spend (``SpentTokenLedger``).
///
/// ```swift
/// let signer = StateSigner(key: SymmetricKey(data: secret))
/// let token = signer.token(for: ["step": "card"], user: "u-1", screen: "checkout")
/// let state = try signer.verify(token, user: "u-1", screen: "checkout").state
/// try signer.verify(token, user: "u-2", screen: "checkout")   // throws: 403 otherUsersState
/// ```
public struct StateSigner: Sendable {
    /// The key's bytes (a `SymmetricKey` is made for each use: the type is not `Sendable`).
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }
    /// How long a token is accepted after it was made.
    public let lifetime: Duration
    /// Longest token accepted, in bytes.
    public static let maxTokenBytes = 16 * 1024

    /// What a verified token holds.
    public struct Verified: Sendable, Equatable {
        public var state: [String: JSONValue]
        /// The token's random id: what ``SpentTokenLedger`` remembers.
        public var id: String
        /// When the token stops being accepted, in Unix seconds.
        public var expires: Int
    }

    public init(key: SymmetricKey, lifetime: Duration = .seconds(30 * 60)) {
        self.keyBytes = key.withUnsafeBytes { Array($0) }
        self.lifetime = lifetime
    }

    /// A signer with a random key: tokens do not survive a restart or cross processes. For
    /// development only; the server logs a warning when it uses one.
    public static func development() -> StateSigner {
        StateSigner(key: SymmetricKey(size: .bits256))
    }

    private enum Key: String, JSONKey {
        case state = "s", user = "u", screen = "p", expires = "e", id = "n"
    }

    /// A token for `state`, accepted for `lifetime` from `now`, from `user` (nil: anonymous) on `screen`.
    public func token(for state: [String: JSONValue], user: String?, screen: String, now: Date = Date()) -> String {
        var id = [UInt8](repeating: 0, count: 12)
        var generator = SystemRandomNumberGenerator()
        for index in id.indices { id[index] = generator.next() }
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(Key.state, .object(state))
        writer.member(Key.user, user ?? "")
        writer.member(Key.screen, screen)
        writer.member(Key.expires, .number((now.timeIntervalSince1970 + Double(lifetime.components.seconds)).rounded(.down)))
        writer.member(Key.id, Self.base64URL(id))
        writer.endObject()
        let json = writer.bytes
        let signature = HMAC<SHA256>.authenticationCode(for: json, using: key)
        return Self.base64URL(json) + "." + Self.base64URL(Array(signature))
    }

    /// The state of a token that this signer made for `user` on `screen` and that has not expired.
    public func verify(_ token: String, user: String?, screen: String, now: Date = Date()) throws(ScreenplayError) -> Verified {
        func refused(_ code: String, _ why: String, status: HTTPResponse.Status = .badRequest) -> ScreenplayError {
            ScreenplayError(status, code: code, message: "the state token \(why); reload the screen", path: "stateToken")
        }
        guard token.utf8.count <= Self.maxTokenBytes else { throw refused("tamperedState", "is too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let json = Self.bytes(base64URL: parts[0]), let signature = Self.bytes(base64URL: parts[1]) else {
            throw refused("tamperedState", "is malformed")
        }
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: json, using: key) else {
            throw refused("tamperedState", "does not match its signature")
        }
        guard case .object(let members)? = try? JSONParser.parse(json), case .object(let state)? = members[Key.state],
            case .string(let tokenUser)? = members[Key.user], case .string(let tokenScreen)? = members[Key.screen],
            let expires = members[Key.expires]?.intValue, case .string(let id)? = members[Key.id]
        else { throw refused("tamperedState", "does not hold a state") }
        guard tokenUser == (user ?? "") else { throw refused("otherUsersState", "was given to another user", status: .forbidden) }
        guard tokenScreen == screen else { throw refused("otherScreensState", "was given for another screen", status: .forbidden) }
        guard Double(expires) > now.timeIntervalSince1970 else { throw refused("expiredState", "has expired", status: .gone) }
        return Verified(state: state, id: id, expires: expires)
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of unpadded base64url text, nil for any other spelling (padding, `+` or `/`,
    /// white space, or unused bits set in the last character): one token has one spelling.
    static func bytes(base64URL text: Substring) -> [UInt8]? {
        guard text.utf8.allSatisfy({ byte in byte.isBase64URLDigit }), text.utf8.count % 4 != 1 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        let bytes = [UInt8](data)
        guard base64URL(bytes) == text else { return nil }
        return bytes
    }
}

extension UInt8 {
    fileprivate var isBase64URLDigit: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "-") || self == UInt8(ascii: "_")
    }
}
