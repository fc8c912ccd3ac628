import Screenplay
import ScreenplayDSL
import Testing

/// The `cardNumber` field rule: brand by prefix, the brand's lengths and the Luhn check digit (the
/// shared cases in Tests/Conformance/inputs/cards.json hold it to the browser's answers), and
/// what clients of older format versions get instead.
@Suite struct CardNumberRuleTests {
    static let rule = FieldRule.cardNumber(message: "Not a card number", checkDigitMessage: "Check its digits")

    static func screen() -> Screen {
        Screen(id: "card", state: ["cardNumber": ""]) {
            TextField(key: "cardNumber", label: "Card number", rules: [.required(message: "Enter it"), Self.rule], mask: .card)
        }
    }

    static func rules(of screen: Screen) -> FieldRules {
        if case .textField(let field) = screen.body.component { return field.rules }
        Issue.record("the body is not the field")
        return []
    }

    @Test func brandLengthAndCheckDigitAreTold() {
        #expect(CardNumberCheck(of: "4242 4242 4242 4242") == .valid(brand: "visa"))
        #expect(CardNumberCheck(of: "424242424242424") == .invalidLength, "a Visa number has 13, 16 or 19 digits")
        #expect(CardNumberCheck(of: "4242424242424241") == .wrongCheckDigit)
        #expect(CardNumberCheck(of: "2720-9999-9999-9996") != .invalidLength, "2720 is Mastercard's")
        #expect(CardNumberCheck(of: "378282246310005") == .valid(brand: "amex"))
        let rules: FieldRules = [Self.rule]
        #expect(rules.firstProblem(for: "424242424242424")?.message == "Not a card number")
        #expect(rules.firstProblem(for: "4242424242424241")?.message == "Check its digits")
        #expect(rules.firstProblem(for: "") == nil, "an optional field")
    }

    @Test func theRuleWritesWhatItReads() throws {
        let screen = Self.screen()
        let text = String(decoding: screen.encoded(), as: UTF8.self)
        #expect(text.contains(#"{"checkDigitMessage":"Check its digits","message":"Not a card number","type":"cardNumber"}"#), "\(text)")
        let again = try #require(Screen.decode(from: screen.encoded()).value)
        #expect(again == screen)
    }

    /// A client before 1.4 would skip the rule with a warning and check nothing: it gets a pattern
    /// of the number's shape with the same message instead (the server checks the rest); a client
    /// before 1.2 gets no rules (the server checks them all).
    @Test(arguments: [(FormatVersion(1, 4), "cardNumber"), (FormatVersion(1, 3), "pattern"), (FormatVersion(1, 2), "pattern")])
    func olderClientsCheckTheShape(version: FormatVersion, type: String) throws {
        let capabilities = ClientCapabilities(
            version: version, components: ClientCapabilities.full.components, actions: ClientCapabilities.full.actions)
        let rules = Self.rules(of: Self.screen().adapted(to: capabilities).screen)
        #expect(rules.map(\.type) == ["required", type])
        #expect(rules.map(\.message) == ["Enter it", "Not a card number"])
        #expect(rules.firstProblem(for: "4242 4242 4242 4242") == nil)
        #expect(rules.firstProblem(for: "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢") == nil, "Arabic-Indic digits")
        #expect(rules.firstProblem(for: "4242")?.message == "Not a card number")
        #expect(rules.firstProblem(for: "4242abcd42424242")?.message == "Not a card number")
        #expect(rules.firstProblem(for: String(repeating: "4", count: 30))?.message == "Not a card number")
        // What it reads back as such a client reads it: no warning, no error.
        let decoded = FieldRules.decode(from: rules.encoded())
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        let old = ClientCapabilities(
            version: FormatVersion(1, 1), components: ClientCapabilities.full.components, actions: ClientCapabilities.full.actions)
        #expect(Self.rules(of: Self.screen().adapted(to: old).screen).isEmpty)
    }
}
