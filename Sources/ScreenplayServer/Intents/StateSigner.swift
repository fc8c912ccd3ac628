import Crypto
import Foundation
import ScreenplayDSL

/// Signs server state that travels through the client and back (HMAC-SHA256), and refuses a
/// token that was changed, truncated or made with another key.
///
/// A token is `base64url(JSON) "." base64url(HMAC)`; the JSON is readable by the client but any
/// change to it breaks the signature.
///
/// ```swift
/// let signer = StateSigner(key: SymmetricKey(data: secret))
/// let token = signer.token(for: ["step": "card", "variant": "cardFirst"])
/// let state = try signer.verify(token)     // throws ScreenplayError(.badRequest, code: "tamperedState")
/// ```
public struct StateSigner: Sendable {
    /// The key's bytes (a `SymmetricKey` is made for each use: the type is not `Sendable`).
    private let keyBytes: [UInt8]
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }
    /// Longest token accepted, in bytes.
    public static let maxTokenBytes = 16 * 1024

    public init(key: SymmetricKey) {
        self.keyBytes = key.withUnsafeBytes { Array($0) }
    }

    /// A signer with a random key: tokens do not survive a restart or cross processes. For
    /// development only; the server logs a warning when it uses one.
    public static func development() -> StateSigner {
        StateSigner(key: SymmetricKey(size: .bits256))
    }

    public func token(for state: [String: JSONValue]) -> String {
        let json = JSONWriter.write(.object(state))
        let signature = HMAC<SHA256>.authenticationCode(for: json, using: key)
        return Self.base64URL(Data(json)) + "." + Self.base64URL(Data(signature))
    }

    public func verify(_ token: String) throws(ScreenplayError) -> [String: JSONValue] {
        func tampered(_ why: String) -> ScreenplayError {
            ScreenplayError(.badRequest, code: "tamperedState", message: "the state token \(why); reload the screen", path: "stateToken")
        }
        guard token.utf8.count <= Self.maxTokenBytes else { throw tampered("is too long") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let json = Self.data(base64URL: parts[0]), let signature = Self.data(base64URL: parts[1]) else {
            throw tampered("is malformed")
        }
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: json, using: key) else {
            throw tampered("does not match its signature")
        }
        guard case .object(let state)? = try? JSONParser.parse([UInt8](json)) else { throw tampered("does not hold an object") }
        return state
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
