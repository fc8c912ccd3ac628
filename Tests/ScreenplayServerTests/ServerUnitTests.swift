import Crypto
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
    @Test func roundTripsAndRefusesChanges() throws {
        let signer = StateSigner(key: SymmetricKey(size: .bits256))
        let state: [String: JSONValue] = ["step": "card", "variant": "cardFirst", "n": 3]
        let token = signer.token(for: state)
        #expect(try signer.verify(token) == state)
        // Change one character of the payload: the signature no longer matches.
        var bytes = Array(token.utf8)
        bytes[2] = bytes[2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: ScreenplayError.self) { try signer.verify(String(decoding: bytes, as: UTF8.self)) }
        #expect(throws: ScreenplayError.self) { try StateSigner(key: SymmetricKey(size: .bits256)).verify(token) }
        #expect(throws: ScreenplayError.self) { try signer.verify("") }
        #expect(throws: ScreenplayError.self) { try signer.verify(String(repeating: "a", count: 20_000)) }
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
