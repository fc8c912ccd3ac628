import ScreenplayDSL
import ScreenplayPresentation
import Testing

/// Where focus goes among a screen's fields, decided once for every renderer (issue 41, item 5):
/// after a failed validation, to the first field in reading order that shows a problem and can
/// take focus; on Return, to the next field a user can type into.
@Suite struct FieldFocusTests {
    static let checkout = Screen(id: "checkout") {
        VStack {
            TextField(key: "name", label: "Name", rules: [.required(message: "Enter your name")])
            Scroll {
                TextField(key: "hidden", label: "Promo", rules: [.required(message: "Enter a code")]).visible(when: StateCondition("promo"))
                TextField(key: "card", label: "Card", rules: [.required(message: "Enter your card")], mask: .card)
            }
            HStack {
                TextField(key: "expiry", label: "Expiry", rules: [.required(message: "Enter the expiry")])
                Text("CVC")
            }
        }
    }

    /// The values after a `validate` of every field: each is marked touched.
    static func validated(_ values: [String: JSONValue]) -> [String: JSONValue] {
        var all = values
        for key in ["name", "hidden", "card", "expiry"] { all[FieldState.touchedKey(for: key)] = true }
        return all
    }

    @Test func aFailedValidationFocusesTheFirstFieldShowingAProblem() {
        let presenter = Presenter()
        #expect(presenter.present(Self.checkout, values: [:]).firstFieldShowingProblem == nil, "no problem shows before validation")

        let empty = presenter.present(Self.checkout, values: Self.validated([:]))
        #expect(empty.firstFieldShowingProblem?.key == "name", "the first field in reading order")

        let named = presenter.present(Self.checkout, values: Self.validated(["name": "Ada"]))
        #expect(named.firstFieldShowingProblem?.key == "card", "a hidden field cannot take focus: the next one with a problem")

        let promo = presenter.present(Self.checkout, values: Self.validated(["name": "Ada", "promo": true]))
        #expect(promo.firstFieldShowingProblem?.key == "hidden", "once shown, the promo field comes first")

        var refused = Self.validated(["name": "Ada", "card": "4242424242424242", "expiry": "1229"])
        refused[FieldState.serverProblemKey(for: "expiry")] = "This card has expired"
        let server = presenter.present(Self.checkout, values: refused)
        #expect(server.firstFieldShowingProblem?.key == "expiry", "the server's word on a field counts")
        #expect(server.firstFieldShowingProblem?.problem == "This card has expired")

        let valid = presenter.present(Self.checkout, values: Self.validated(["name": "Ada", "card": "4242", "expiry": "1229"]))
        #expect(valid.firstFieldShowingProblem == nil, "nothing to fix")
    }

    @Test func returnMovesToTheNextFieldInReadingOrder() {
        let presenter = Presenter()
        let shown = presenter.present(Self.checkout, values: [:])
        #expect(shown.fieldOrder == ["name", "card", "expiry"], "hidden fields are skipped")
        #expect(shown.field(after: "name") == "card")
        #expect(shown.field(after: "card") == "expiry")
        #expect(shown.field(after: "expiry") == nil, "Return on the last field dismisses the keyboard")
        #expect(shown.field(after: "unknown") == nil)
        let promo = presenter.present(Self.checkout, values: ["promo": true])
        #expect(promo.field(after: "name") == "hidden")
    }
}
