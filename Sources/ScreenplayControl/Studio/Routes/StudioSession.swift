import Crypto
import Foundation

/// One sign-in to the studio: who (an admin token's holder and its role), until when, and the
/// token every change made in it must carry (CSRF). The browser holds only a random cookie; the
/// control database holds its SHA-256, so a stolen copy of the database signs nobody in.
///
/// ```swift
/// let (session, cookie) = try await control.startStudioSession(for: holder)
/// response.headers[.setCookie] = StudioSession.cookie(cookie, maxAge: StudioSession.lifetime, secure: true)
/// ```
public struct StudioSession: Sendable, Hashable {
    /// The holder's name, as the audit log names them.
    public let holder: String
    public let role: AdminTokens.Role
    /// What every form that changes something carries (`csrf`), compared in constant time.
    public let csrf: String
    /// Seconds since 1970 after which the session is refused.
    public let expires: Int

    /// How long a sign-in lasts: a working day.
    public static let lifetime = 8 * 60 * 60
    /// The cookie's name.
    public static let cookieName = "screenplay_studio"

    /// The `Set-Cookie` value that holds `value`: only this server's `/studio` pages send it back
    /// (`Path`), no script reads it (`HttpOnly`), no other site's request carries it
    /// (`SameSite=Strict`), only over TLS when `secure`, and it expires with the session.
    public static func cookie(_ value: String, maxAge: Int, secure: Bool) -> String {
        "\(cookieName)=\(value); Path=/studio; Max-Age=\(max(maxAge, 0)); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The session cookie's value in a `Cookie` header, if there is one.
    public static func cookieValue(in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == cookieName, !parts[1].isEmpty { return parts[1] }
        }
        return nil
    }

    /// 32 random bytes as URL-safe base64: a cookie or a CSRF token.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// What the database keeps of a cookie.
    static func digest(of cookie: String) -> String {
        SHA256.hash(data: Array(cookie.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `presented` is this session's CSRF token, in constant time.
    public func accepts(csrf presented: String?) -> Bool {
        guard let presented else { return false }
        let a = Array(SHA256.hash(data: Array(presented.utf8)))
        let b = Array(SHA256.hash(data: Array(csrf.utf8)))
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

extension ControlPlane {
    /// Starts a session for `holder`: the session and the cookie value that names it.
    public func startStudioSession(for holder: AdminTokens.Holder) async throws -> (session: StudioSession, cookie: String) {
        let cookie = StudioSession.randomToken()
        let now = Int(clock.milliseconds / 1_000)
        let session = StudioSession(
            holder: holder.name, role: holder.role, csrf: StudioSession.randomToken(), expires: now + StudioSession.lifetime)
        let database = self.database
        try await guarded {
            try await database.query("DELETE FROM studio_sessions WHERE expires < $1", [.integer(Int64(now))])
            try await database.query(
                "INSERT INTO studio_sessions (id, holder, role, csrf, created, expires) VALUES ($1, $2, $3, $4, $5, $6)",
                [
                    .text(StudioSession.digest(of: cookie)), .text(session.holder), .text(session.role.rawValue), .text(session.csrf),
                    .integer(Int64(now)), .integer(Int64(session.expires)),
                ])
        }
        return (session, cookie)
    }

    /// The session a cookie names, if it is still open, unexpired, and its holder still has that
    /// token (a holder taken out of the configuration is signed out everywhere).
    public func studioSession(cookie: String, tokens: AdminTokens) async throws -> StudioSession? {
        guard cookie.utf8.count <= 128 else { return nil }
        let database = self.database
        let rows = try await guarded {
            try await database.query(
                "SELECT holder, role, csrf, expires FROM studio_sessions WHERE id = $1", [.text(StudioSession.digest(of: cookie))])
        }
        guard let row = rows.first, let holder = row.text(0), let role = row.text(1).flatMap(AdminTokens.Role.init(rawValue:)),
            let csrf = row.text(2), let expires = row.integer(3)
        else { return nil }
        guard expires > Int(clock.milliseconds / 1_000), tokens.holders.contains(where: { $0.name == holder && $0.role == role }) else {
            return nil
        }
        return StudioSession(holder: holder, role: role, csrf: csrf, expires: expires)
    }

    /// Ends the session a cookie names, for every instance.
    public func endStudioSession(cookie: String) async throws {
        let database = self.database
        _ = try await guarded {
            try await database.query("DELETE FROM studio_sessions WHERE id = $1", [.text(StudioSession.digest(of: cookie))])
        }
    }
}
