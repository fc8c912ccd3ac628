import ScreenplayDSL

/// One step of the Movile write-up's payment flow: add a card. The server decides the next step when the
/// intent arrives (sign-up before or after this step is an experiment).
func addCardScreen(step: Int, of steps: Int) -> Screen {
    Screen(
        id: "checkout.card", title: "Add a card", state: ["cardNumber": "", "expiry": "", "saveCard": true],
        intents: "/screens/checkout/intents"
    ) {
        VStack(alignment: .leading, spacing: 12) {
            Text("Step \(step) of \(steps)", size: 13).foregroundColor(Color("#757575", dark: "#bdbdbd")).id("progress")
            Text("Add a card").font(size: 24, weight: .bold)
            RichText("Your card is stored by our payment provider. <a href=\"https://www.example.com/security\">How we keep it safe</a>")
            TextField(key: "cardNumber", label: "Card number", placeholder: "1234 5678 9012 3456", keyboard: .number).id(
                "field.card-number")
            TextField(key: "expiry", label: "Expiry", placeholder: "MM/YY", keyboard: .number).id("field.expiry")
            Toggle("Save this card for next time", key: "saveCard").id("field.save")
            Text("Card saved for next time").foregroundColor("#2e7d32").visible(when: StateCondition("saveCard")).id("saved-hint")
            Spacer(minLength: 8)
            Button("Continue", action: .sequence([.track("checkout_card_submitted"), .intent("submitCard", payload: ["step": "card"])]))
                .id("continue")
            Button("Cancel", variant: .plain, action: .dismiss).id("cancel")
        }
        .padding(16)
    }
}
