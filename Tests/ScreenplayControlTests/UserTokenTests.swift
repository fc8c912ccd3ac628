import Crypto
import Foundation
import HTTPTypes
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayProtocol
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// Who a user is can be trusted: with a key configured, only the `sub` of a verified token is a
/// user — for events and for experiments — and no spoofed header or forged token gets in.
@Suite struct UserTokenTests {
    static let secret = Array("a-secret-of-at-least-thirty-two-bytes!!".utf8)

    static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func token(
        _ claims: String, algorithm: String = "HS256", secret: [UInt8] = UserTokenTests.secret, signer: P256.Signing.PrivateKey? = nil
    ) throws -> String {
        let signed = base64URL(Array(#"{"alg":"\#(algorithm)","typ":"JWT"}"#.utf8)) + "." + base64URL(Array(claims.utf8))
        if let signer {
            return signed + "." + base64URL(try signer.signature(for: Array(signed.utf8)).rawRepresentation)
        }
        let mac = HMAC<SHA256>.authenticationCode(for: Array(signed.utf8), using: SymmetricKey(data: secret))
        return signed + "." + base64URL(mac)
    }

    static let later = Int(Date().timeIntervalSince1970) + 3_600

    @Test func tokensVerifyOnlyWithTheKeyTheAlgorithmAndInTime() throws {
        let verifier = try UserTokenVerifier(key: .hs256(secret: Self.secret), issuer: "https://id.example.com")
        let good = try Self.token(#"{"sub":"ana","exp":\#(Self.later),"iss":"https://id.example.com"}"#)
        #expect(try verifier.user(from: good) == "ana")
        let forged = try Self.token(
            #"{"sub":"ana","exp":\#(Self.later),"iss":"https://id.example.com"}"#, secret: Array(repeating: 7, count: 32))
        let unsigned = try Self.token(#"{"sub":"ana","exp":\#(Self.later),"iss":"https://id.example.com"}"#, algorithm: "none")
        let expired = try Self.token(#"{"sub":"ana","exp":1000,"iss":"https://id.example.com"}"#)
        let otherIssuer = try Self.token(#"{"sub":"ana","exp":\#(Self.later),"iss":"https://evil.example.com"}"#)
        let nul = try Self.token(#"{"sub":"a\u0000na","exp":\#(Self.later),"iss":"https://id.example.com"}"#)
        for bad in [forged, unsigned, expired, otherIssuer, nul, "not.a.token", String(good.dropLast(2))] {
            #expect(throws: ScreenplayError.self, "\(bad)") { try verifier.user(from: bad) }
        }
        // ES256 with the issuer's public key; an HS256 token made with that public key as secret is refused.
        let issuer = P256.Signing.PrivateKey()
        let es = try UserTokenVerifier(key: .es256(publicKeyPEM: issuer.publicKey.pemRepresentation))
        #expect(try es.user(from: try Self.token(#"{"sub":"bo","exp":\#(Self.later)}"#, algorithm: "ES256", signer: issuer)) == "bo")
        let confused = try Self.token(#"{"sub":"bo","exp":\#(Self.later)}"#, secret: Array(issuer.publicKey.pemRepresentation.utf8))
        #expect(throws: ScreenplayError.self) { try es.user(from: confused) }
    }

    /// A token is accepted only in the one base64url spelling of its bytes: padding, a changed
    /// unused bit in the last character of the signature (or of any part), or the `+` and `/` of
    /// plain base64 are another token, refused — as JWS (RFC 7515) writes it, and so that one
    /// signature is never spelled two ways.
    @Test func onlyTheCanonicalSpellingOfATokenVerifies() throws {
        let verifier = try UserTokenVerifier(key: .hs256(secret: Self.secret))
        let good = try Self.token(#"{"sub":"ana","exp":\#(Self.later)}"#)
        #expect(try verifier.user(from: good) == "ana")
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        /// The same bytes with the last character's unused low bits set: HS256's 32 bytes leave 2.
        func unusedBitsChanged(_ part: Substring) -> String {
            let last = part.last!
            let index = alphabet.firstIndex(of: last)!
            return String(part.dropLast()) + String(alphabet[index ^ 1])
        }
        let parts = good.split(separator: ".")
        let variants = [
            good + "=", good + "==", "\(parts[0]).\(parts[1]).\(unusedBitsChanged(parts[2]))",
            "\(parts[0]).\(parts[1]).\(parts[2].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/"))",
            "\(parts[0])=.\(parts[1]).\(parts[2])",
        ]
        for variant in variants where variant != good {
            #expect(throws: ScreenplayError.self, "\(variant)") { try verifier.user(from: variant) }
        }
        // ES256's 64-byte signature leaves 4 unused bits.
        let issuer = P256.Signing.PrivateKey()
        let es = try UserTokenVerifier(key: .es256(publicKeyPEM: issuer.publicKey.pemRepresentation))
        let signed = try Self.token(#"{"sub":"bo","exp":\#(Self.later)}"#, algorithm: "ES256", signer: issuer)
        #expect(try es.user(from: signed) == "bo")
        let esParts = signed.split(separator: ".")
        for variant in [signed + "=", "\(esParts[0]).\(esParts[1]).\(unusedBitsChanged(esParts[2]))"] {
            #expect(throws: ScreenplayError.self, "\(variant)") { try es.user(from: variant) }
        }
    }

    @Test func withAKeyOnlyVerifiedUsersHaveEventsAndExperiments() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        instance.control.configuration.userTokens = try UserTokenVerifier(key: .hs256(secret: Self.secret))
        let batch = #"{"events": [{"id": "e1", "name": "checkout_done"}]}"#
        // A user id said, not proven: no events, and no place in an experiment.
        let spoofed = try await instance.send(.post, "/events", body: batch, headers: [.screenplayUser: "victim"], token: nil)
        #expect(spoofed.status == .unauthorized)
        var headers = Instance.allComponents
        headers[.screenplayUser] = "spoofer"
        #expect(try await instance.send(.get, "/screens/home", headers: headers, token: nil).status == .ok)
        // A verified user: its events are stored under its sub, its exposure is counted.
        let token = try Self.token(#"{"sub":"verified-1","exp":\#(Self.later)}"#)
        let stored = try await instance.send(.post, "/events", body: batch, headers: [.screenplayUserToken: token], token: nil)
        #expect(stored.status == .accepted)
        headers[.screenplayUserToken] = token
        #expect(try await instance.send(.get, "/screens/home", headers: headers, token: nil).status == .ok)
        // The exposure is recorded once the screen was sent, then written by the queue.
        var users: [String] = []
        try await eventually("the exposure written to the database") {
            _ = await instance.control.events.writeWaiting()
            users = try await instance.control.database.query("SELECT DISTINCT user_id FROM assignments ORDER BY user_id")
                .compactMap { $0.text(0) }
            return !users.isEmpty
        }
        #expect(users == ["verified-1"], "only the verified user is in the experiment: \(users)")
        let eventUsers = try await instance.control.database.query("SELECT user_id FROM events").compactMap { $0.text(0) }
        #expect(eventUsers == ["verified-1"])
        let forged = try await instance.send(
            .post, "/events", body: batch, headers: [.screenplayUserToken: try Self.token(#"{"sub":"x","exp":1}"#)], token: nil)
        #expect(forged.status == .unauthorized)
    }

    /// With user tokens on, no request names a user by an attribute: `Screenplay-Attributes:
    /// id=vip-1` without a token does not get vip-1's flag value, nor does an attribute a rule
    /// hashes users by (`accountId`) let a client pick its bucket; a verified user gets theirs, and
    /// an attribute that names no user (`plan`) is still read.
    @Test func withAKeyNoAttributeNamesAUserForFlags() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        instance.control.configuration.userTokens = try UserTokenVerifier(key: .hs256(secret: Self.secret))
        let flag = #"""
            {"feature": {"defaultValue": false, "rules": [
              {"id": "vips", "condition": {"id": "vip-1"}, "force": true},
              {"id": "gold", "condition": {"plan": "gold"}, "force": true},
              {"id": "accounts", "force": true, "coverage": 0.5, "hashAttribute": "accountId"}]}}
            """#
        #expect(try await instance.send(.put, "/admin/flags/payBadge", body: flag).status == .ok)
        try await eventually("the payload's three payBadge rules in force") {
            instance.control.configuration.flags?.payload.features["payBadge"]?.rules.count == 3
        }
        func badge(attributes: String, token: String? = nil) async throws -> Bool {
            var headers = Instance.allComponents
            headers[.screenplayUser] = nil
            headers[.screenplayAttributes] = attributes
            if let token { headers[.screenplayUserToken] = token }
            let response = try await instance.send(.get, "/screens/home", headers: headers, token: nil)
            #expect(response.status == .ok)
            return String(decoding: response.body, as: UTF8.self).contains("Pay with one tap · New")
        }
        #expect(try await !badge(attributes: "id=vip-1"), "an anonymous request posing as vip-1")
        let vip = try Self.token(#"{"sub":"vip-1","exp":\#(Self.later)}"#)
        #expect(try await badge(attributes: "", token: vip), "vip-1, verified")
        let other = try Self.token(#"{"sub":"someone","exp":\#(Self.later)}"#)
        #expect(try await !badge(attributes: "id=vip-1", token: other), "a verified user posing as vip-1")
        var picked = 0
        for index in 0..<20 {
            if try await badge(attributes: "accountId=acct-\(index)") { picked += 1 }
        }
        #expect(picked == 0, "\(picked) of 20 anonymous requests were placed by an accountId they chose")
        #expect(try await badge(attributes: "plan=gold"), "an attribute that names no user is read")
    }
}
