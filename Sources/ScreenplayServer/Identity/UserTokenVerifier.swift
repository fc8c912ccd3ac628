import Crypto
import Foundation
import HTTPTypes
import Screenplay
import ScreenplayProtocol

/// Verifies who a user is: a JSON Web Token that the app's sign-in gave it, sent as
/// `Screenplay-User-Token`, signed with HS256 (a shared secret) or ES256 (the issuer's P-256
/// public key), in force (`exp`, `nbf`, with a minute of leeway) and, when configured, from the
/// expected issuer and for the expected audience. Its `sub` is the user id.
///
/// With a verifier in force (``LiveConfiguration/userTokens``), only verified users are users:
/// experiments assign and count them, and `POST /events` stores their events; a request without
/// a valid token is served as anonymous, and a plain `Screenplay-User` is ignored. Without one,
/// `Screenplay-User` is taken as it is said, which anyone can spoof (docs/SECURITY.md).
///
/// ```swift
/// configuration.userTokens = try UserTokenVerifier(key: .es256(publicKeyPEM: pem), issuer: "https://id.example.com")
/// ```
public struct UserTokenVerifier: Sendable {
    /// How tokens are signed.
    public enum Key: Sendable {
        /// HMAC with SHA-256 and a secret shared with the issuer (32 bytes or more).
        case hs256(secret: [UInt8])
        /// ECDSA on P-256 with SHA-256: the issuer's public key, in PEM.
        case es256(publicKeyPEM: String)
    }

    /// The key as bytes (Crypto's key types are not `Sendable`): a secret, or a raw public key.
    private enum Verifying: Sendable {
        case hmac([UInt8])
        case ecdsa([UInt8])
    }

    private let verifying: Verifying
    public let issuer: String?
    public let audience: String?
    /// The longest token accepted, in bytes.
    public static let maxTokenBytes = 8 * 1024

    public init(key: Key, issuer: String? = nil, audience: String? = nil) throws(ScreenplayError) {
        switch key {
        case .hs256(let secret):
            guard secret.count >= 32 else {
                throw ScreenplayError(.internalServerError, code: "weakUserTokenKey", message: "an HS256 secret has at least 32 bytes")
            }
            verifying = .hmac(secret)
        case .es256(let pem):
            do {
                verifying = .ecdsa(Array(try P256.Signing.PublicKey(pemRepresentation: pem).rawRepresentation))
            } catch {
                throw ScreenplayError(
                    .internalServerError, code: "badUserTokenKey", message: "the ES256 key is not a P-256 public key in PEM")
            }
        }
        self.issuer = issuer
        self.audience = audience
    }

    /// The user id (`sub`) of `token`, or a 401 that says what is wrong with it.
    public func user(from token: String, now: Date = Date()) throws(ScreenplayError) -> String {
        func refused(_ reason: String) -> ScreenplayError {
            ScreenplayError(
                .unauthorized, code: "badUserToken", message: "\(HTTPField.Name.screenplayUserToken.rawName): \(reason)",
                path: HTTPField.Name.screenplayUserToken.rawName)
        }
        guard token.utf8.count <= Self.maxTokenBytes else { throw refused("longer than \(Self.maxTokenBytes) bytes") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Self.base64URL(parts[0]), let claimsBytes = Self.base64URL(parts[1]),
            let signature = Self.base64URL(parts[2])
        else { throw refused("not a JSON Web Token (three base64url parts)") }
        guard case .object(let header)? = try? JSONParser.parse(headerBytes, limits: .default),
            case .string(let algorithm)? = header["alg"]
        else { throw refused("its header names no algorithm") }
        let signed = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        switch (verifying, algorithm) {
        case (.hmac(let secret), "HS256"):
            guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signed, using: SymmetricKey(data: secret)) else {
                throw refused("the signature does not verify")
            }
        case (.ecdsa(let raw), "ES256"):
            guard let key = try? P256.Signing.PublicKey(rawRepresentation: raw),
                let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature), key.isValidSignature(ecdsa, for: signed)
            else {
                throw refused("the signature does not verify")
            }
        default:
            // `none`, or an algorithm other than the key's: never trusted.
            throw refused("signed with \(ScreenplayError.quoting(algorithm)), not with this server's key")
        }
        guard case .object(let claims)? = try? JSONParser.parse(claimsBytes, limits: .default) else {
            throw refused("its claims are not a JSON object")
        }
        let seconds = now.timeIntervalSince1970
        guard case .number(let expires)? = claims["exp"] else { throw refused("it has no expiry (exp)") }
        guard seconds <= expires + 60 else { throw refused("it has expired") }
        if case .number(let notBefore)? = claims["nbf"], seconds + 60 < notBefore { throw refused("it is not valid yet") }
        if let issuer, claims["iss"] != .string(issuer) { throw refused("it is not from \(issuer)") }
        if let audience {
            let audiences: [JSONValue] =
                switch claims["aud"] {
                case .array(let values)?: values
                case let value?: [value]
                case nil: []
                }
            guard audiences.contains(.string(audience)) else { throw refused("it is not for \(audience)") }
        }
        guard case .string(let subject)? = claims["sub"], !subject.isEmpty else { throw refused("it names no user (sub)") }
        if let problem = StoredText.name(maxLength: HTTPFields.maxUserIDLength).problem(in: subject) { throw refused("its sub \(problem)") }
        return subject
    }

    /// The bytes of `text` in unpadded base64url, nil for any other spelling of them (padding,
    /// `+` or `/`, unused bits set in the last character), as JWS (RFC 7515) writes them and as a
    /// state token is read: one signature has one spelling.
    static func base64URL(_ text: Substring) -> [UInt8]? {
        StateSigner.bytes(base64URL: text)
    }
}

extension HTTPFields {
    /// The request's user: with a verifier, the `sub` of a valid `Screenplay-User-Token` (nil
    /// without one: anonymous; a 401 for a token that does not verify); without, `Screenplay-User`
    /// as it is said (checked as `screenplayUser()` checks it).
    ///
    /// A `Screenplay-User` (read without a verifier) whose bytes are not UTF-8 is refused (400 `badUser`). The HTTP parser
    /// reads each such byte as U+REPLACEMENT CHARACTER, so `\xff` and `\xfe` would be one user:
    /// a user id holding U+FFFD is refused, whether it came as bytes or as that character.
    public func user(verifiedBy verifier: UserTokenVerifier?) throws(ScreenplayError) -> String? {
        guard let verifier else {
            if let said = self[.screenplayUser], said.unicodeScalars.contains("\u{FFFD}") {
                throw ScreenplayError(
                    .badRequest, code: "badUser",
                    message: "\(HTTPField.Name.screenplayUser.rawName) is not UTF-8 text (or holds U+FFFD): send the user's id in UTF-8",
                    path: HTTPField.Name.screenplayUser.rawName)
            }
            return try screenplayUser()
        }
        guard let token = self[.screenplayUserToken], !token.isEmpty else { return nil }
        return try verifier.user(from: token)
    }
}
