import Foundation
import ScreenplayControlTestSupport
import ScreenplayProtocol
import Testing

@testable import ScreenplayControl

/// An admin token is compared as it was given: invisible characters around it (a zero-width
/// space, a byte-order mark, a no-break space) make another token; only the ASCII spaces and line
/// breaks a paste brings are let go.
@Suite struct AdminTokenTests {
    static let token = "test-admin-token-0123456789abcdef"

    @Test func invisibleCharactersAroundATokenMakeAnotherToken() throws {
        let tokens = try AdminTokens([("alice", .admin, Self.token)])
        #expect(tokens.holder(token: Self.token)?.name == "alice")
        #expect(tokens.holder(authorization: "Bearer \(Self.token)")?.name == "alice")
        for extra in ["\u{200B}", "\u{FEFF}", "\u{00A0}", "\u{2060}", "\u{200D}", "\u{3000}", "\u{2028}"] {
            for presented in [Self.token + extra, extra + Self.token] {
                #expect(tokens.holder(token: presented) == nil, "\(presented.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(tokens.holder(authorization: "Bearer " + presented) == nil)
            }
        }
        // What a paste into the studio's sign-in form brings: ASCII spaces, tabs, a line break.
        #expect(tokens.holder(token: " \(Self.token)\t\r\n")?.name == "alice")
    }

    /// Configured tokens are read as exactly: an invisible character in `SCREENPLAY_ADMIN_TOKENS`
    /// stays part of the token.
    @Test func configuredTokensKeepInvisibleCharacters() throws {
        let tokens = try AdminTokens(parsing: "alice:admin:\(Self.token)\u{200B}, bob:read:\(Self.token)-bob ")
        #expect(tokens.holder(token: Self.token) == nil)
        #expect(tokens.holder(token: Self.token + "\u{200B}")?.name == "alice")
        #expect(tokens.holder(token: Self.token + "-bob")?.name == "bob")
    }

    /// Over a real server: a bearer token with a zero-width space after it is refused.
    @Test func aZeroWidthSpaceAfterTheBearerTokenIsRefused() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        #expect(try await instance.send(.get, "/admin/flags", token: Instance.token).status == .ok)
        #expect(try await instance.send(.get, "/admin/flags", token: Instance.token + "\u{200B}").status == .unauthorized)
    }
}
