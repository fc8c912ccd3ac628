import Crypto
import Foundation
import ScreenplayDSL
import ScreenplayServer
import Testing

@Suite struct LanguageNegotiationTests {
    let negotiation = LanguageNegotiation(supported: ["en", "fr", "de", "pt-BR"], default: "en")

    @Test(
        arguments: [
            (nil, "en"),
            ("fr", "fr"),
            ("de-CH, fr;q=0.8", "de"),
            ("de-CH;q=0.5, fr;q=0.8", "fr"),
            ("es, it;q=0.9", "en"),
            ("es, *;q=0.1", "en"),
            ("pt", "pt-BR"),
            ("PT-br", "pt-BR"),
            ("fr;q=0, de;q=0.1", "de"),
            ("fr;q=abc, de;q=0.1", "de"),
            ("<script>, fr", "fr"),
            ("", "en"),
        ] as [(String?, String)])
    func picksTheBestSupportedLanguage(header: String?, expected: String) {
        #expect(negotiation.language(for: header) == expected)
    }
}

@Suite struct StateSignerTests {
    let signer = StateSigner(key: SymmetricKey(size: .bits256))
    let state: [String: JSONValue] = ["step": "card", "variant": "cardFirst", "n": 3]

    func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ScreenplayError)?.code ?? "\(error)"
        }
    }

    @Test func roundTripsAndRefusesChanges() throws {
        let token = signer.token(for: state, user: "u-1", screen: "checkout")
        #expect(try signer.verify(token, user: "u-1", screen: "checkout").state == state)
        // Change one character of the payload: the signature no longer matches.
        var bytes = Array(token.utf8)
        bytes[2] = bytes[2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(code { _ = try signer.verify(String(decoding: bytes, as: UTF8.self), user: "u-1", screen: "checkout") } == "tamperedState")
        #expect(
            code { _ = try StateSigner(key: SymmetricKey(size: .bits256)).verify(token, user: "u-1", screen: "checkout") }
                == "tamperedState")
        #expect(code { _ = try signer.verify("", user: nil, screen: "checkout") } == "tamperedState")
        #expect(code { _ = try signer.verify(String(repeating: "a", count: 20_000), user: nil, screen: "checkout") } == "tamperedState")
    }

    @Test func aTokenIsBoundToItsUserItsScreenAndItsLifetime() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let token = signer.token(for: state, user: "u-1", screen: "checkout", now: now)
        #expect(code { _ = try signer.verify(token, user: "u-1", screen: "checkout", now: now) } == nil)
        #expect(code { _ = try signer.verify(token, user: "u-2", screen: "checkout", now: now) } == "otherUsersState")
        #expect(code { _ = try signer.verify(token, user: nil, screen: "checkout", now: now) } == "otherUsersState")
        #expect(code { _ = try signer.verify(token, user: "u-1", screen: "cities", now: now) } == "otherScreensState")
        let later = now.addingTimeInterval(Double(signer.lifetime.components.seconds) + 1)
        #expect(code { _ = try signer.verify(token, user: "u-1", screen: "checkout", now: later) } == "expiredState")
        // An anonymous token is for anonymous requests only.
        let anonymous = signer.token(for: state, user: nil, screen: "checkout", now: now)
        #expect(code { _ = try signer.verify(anonymous, user: "u-1", screen: "checkout", now: now) } == "otherUsersState")
    }

    @Test func aTokenHasOneSpelling() throws {
        let token = signer.token(for: state, user: nil, screen: "cities")
        let parts = token.split(separator: ".").map(String.init)
        let standard = parts[0].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let padded = parts[0] + String(repeating: "=", count: (4 - parts[0].count % 4) % 4)
        var spellings = [" " + token, token + "\n", padded + "." + parts[1], parts[0] + "." + parts[1] + "=="]
        if standard != parts[0] { spellings.append(standard + "." + parts[1]) }
        // The same bytes with unused low bits set in the signature's last character.
        let last = try #require(parts[1].last)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = try #require(alphabet.firstIndex(of: last))
        spellings.append(parts[0] + "." + parts[1].dropLast() + String(alphabet[index ^ 1]))
        for spelling in spellings {
            #expect(code { _ = try signer.verify(spelling, user: nil, screen: "cities") } == "tamperedState", "\(spelling)")
        }
        #expect(code { _ = try signer.verify(token, user: nil, screen: "cities") } == nil)
    }
}

@Suite struct CapabilityHeaderTests {
    @Test func headersBecomeCapabilities() throws {
        let capabilities = try ClientCapabilities(headerFields: [
            .screenplayVersion: "1.3", .screenplayComponents: "vstack, text,BANNER", .screenplayActions: "navigate",
            .screenplayPlatform: "ios",
        ])
        #expect(capabilities.version == FormatVersion(1, 3))
        #expect(capabilities.components == ["vstack", "text", "BANNER"])
        #expect(capabilities.actions == ["navigate"])
        #expect(capabilities.platform == "ios")
        #expect(try ClientCapabilities(headerFields: [:]) == .base)
    }
}
