import Foundation
import ScreenplayDSL
import ScreenplayServer

/// The Movile write-up's payment flow with the server as navigator: no screen knows which comes next.
/// Each step's button sends the intent `continue`; the server checks the step's input and answers
/// with the next step. The experiment `checkoutOrder` decides whether the card comes before or
/// after sign-up; the variant and the step travel signed, so a client cannot skip a step.
enum CheckoutFlow {
    static let experiment = Experiment("checkoutOrder", variants: [("signUpFirst", 50), ("cardFirst", 50)], goal: goal)
    /// The conversion a finished checkout counts as.
    static let goal = "checkout_done"

    enum Step: String, CaseIterable {
        case signUp, addCard, confirm, done
    }

    static func steps(for variant: String) -> [Step] {
        variant == "cardFirst" ? [.addCard, .signUp, .confirm, .done] : [.signUp, .addCard, .confirm, .done]
    }

    static let totalEuros = 42

    static func screen(step: Step, variant: String, language: String, state: [String: JSONValue] = [:], error: String? = nil) -> Screen {
        let strings = Strings(language)
        let order = steps(for: variant)
        let position = (order.firstIndex(of: step) ?? 0) + 1
        let formats = Formats(language: language)
        return Screen(
            id: "checkout.\(step.rawValue)", title: strings["checkout.title"], state: initialState(step, keeping: state),
            intents: "/screens/checkout/intents"
        ) {
            VStack(alignment: .leading, spacing: 12) {
                if step != .done {
                    Text(strings("checkout.step", String(position), String(order.count - 1)), size: 13)
                        .foregroundColor(Color("#757575", dark: "#bdbdbd")).id("progress")
                }
                switch step {
                case .signUp:
                    Text(strings["signup.title"]).font(size: 24, weight: .bold).id("title").transition(enter: stepArrives, exit: nil)
                    TextField(key: "name", label: strings["signup.name"], autofill: .name).id("field.name")
                    TextField(key: "email", label: strings["signup.email"], keyboard: .email, autofill: .email).id("field.email")
                case .addCard:
                    Text(strings["card.title"]).font(size: 24, weight: .bold).id("title").transition(enter: stepArrives, exit: nil)
                    // Checked on the device as the user leaves each field, and by the server on `continue`
                    // (a 422 at the field's path with the same message, shown under the field).
                    TextField(
                        key: "cardNumber", label: strings["card.number"], placeholder: "1234 5678 9012 3456", keyboard: .number,
                        autofill: .cardNumber,
                        rules: [
                            .required(message: strings["card.number.required"]),
                            .cardNumber(message: strings["card.number.invalid"], checkDigitMessage: strings["card.number.checkDigit"]),
                        ],
                        mask: .card
                    ).id("field.card-number")
                    TextField(
                        key: "expiry", label: strings["card.expiry"], placeholder: "MM/YY", keyboard: .number, autofill: .cardExpiry,
                        rules: [
                            .pattern(
                                try! TextPattern("(0[1-9]|1[0-2])[0-9]{2}"), allowEmpty: false, message: strings["card.expiry.invalid"])
                        ],
                        mask: .date(format: "MM/YY")
                    ).id("field.expiry")
                    Toggle(strings["card.save"], key: "saveCard").id("field.save")
                case .confirm:
                    Text(strings["pay.title"]).font(size: 24, weight: .bold).id("title").transition(enter: stepArrives, exit: nil)
                    HStack {
                        Text(strings["pay.total"])
                        Spacer()
                        Text(formats.price(euros: totalEuros)).bold()
                    }
                    .id("total")
                case .done:
                    Text(strings["done.title"]).font(size: 24, weight: .bold).id("title").transition(enter: stepArrives, exit: nil)
                    Text(strings["done.message"]).id("message")
                }
                if let error {
                    Text(error).foregroundColor("#c62828").id("error")
                        .transition(enter: Motion.Transition.fade.slide(from: .top, by: 8).timing(.easeOut(ms: 200)), exit: nil)
                }
                Spacer(minLength: 8)
                if step == .done {
                    Button(strings["done.home"], action: .navigate("/home")).id("home")
                } else {
                    let title = step == .confirm ? strings("pay.button", formats.price(euros: totalEuros)) : strings["checkout.continue"]
                    // Paying is its own intent: the one the experiment's goal counts.
                    let intent = step == .confirm ? "pay" : "continue"
                    // No intent leaves while a field breaks its rules (every problem is shown instead).
                    Button(title, action: .sequence([.track("checkout_\(step.rawValue)_continue"), .validate(), .intent(intent)]))
                        .id("continue")
                    Button(strings["checkout.cancel"], variant: .plain, action: .dismiss).id("cancel")
                }
            }
            .padding(16)
        }
    }

    /// How each step's title arrives: from the trailing edge, as the next page of a flow does.
    static let stepArrives = Motion.Transition.fade.slide(from: .trailing, by: 24).timing(.easeOut(ms: 250))

    /// A step's inputs, keeping what the user typed when the step is shown again with an error.
    static func initialState(_ step: Step, keeping state: [String: JSONValue]) -> [String: JSONValue] {
        func text(_ key: String) -> JSONValue { .string(String((state[key]?.stringValue ?? "").prefix(200))) }
        switch step {
        case .signUp: return ["name": text("name"), "email": text("email")]
        case .addCard:
            return ["cardNumber": text("cardNumber"), "expiry": text("expiry"), "saveCard": .bool(state["saveCard"]?.boolValue ?? true)]
        case .confirm, .done: return [:]
        }
    }

    /// Why the step's input is not acceptable, or nil.
    static func problem(with state: [String: JSONValue], at step: Step, strings: Strings) -> String? {
        switch step {
        case .signUp:
            let email = state["email"]?.stringValue ?? ""
            let parts = email.split(separator: "@")
            return parts.count == 2 && parts[1].contains(".") && email.count <= 254 ? nil : strings["signup.invalid"]
        case .addCard, .confirm, .done:
            // The card's fields carry rules, which the server checked before the handler ran
            // (`validatingFields`): a problem there is a 422 at the field, in its own words.
            return nil
        }
    }

    static func register(on routes: inout ScreenplayRoutes) {
        routes.experiment(experiment)
        routes.screen(
            "checkout",
            reply: { context in
                // The step an intent's signed state names, when the server checks that step's fields again.
                if let variant = context.signedState["variant"]?.stringValue, experiment.variants.contains(where: { $0.name == variant }),
                    let step = context.signedState["step"]?.stringValue.flatMap(Step.init(rawValue:))
                {
                    return ScreenReply(screen(step: step, variant: variant, language: context.language), signedState: context.signedState)
                }
                let variant = context.experiments.variant(of: experiment.name)
                let first = steps(for: variant)[0]
                return ScreenReply(
                    screen(step: first, variant: variant, language: context.language),
                    signedState: ["step": .string(first.rawValue), "variant": .string(variant)])
            })
        // Each step's token is spent: a replayed step (paying twice) is refused with 409.
        // The step's fields are checked before the handler runs: an invalid one is a 422 at its path.
        routes.intent("continue", on: "checkout", once: true, validatingFields: true) { intent in try advance(intent, paying: false) }
        // A successful payment is the checkout's conversion.
        routes.intent("pay", on: "checkout", once: true, goal: goal, validatingFields: true) { intent in try advance(intent, paying: true) }
    }

    /// The next step after the one in the intent's signed state; paying is the confirm step's only way on.
    static func advance(_ intent: Intent, paying: Bool) throws -> IntentResult {
        guard let variant = intent.signedState["variant"]?.stringValue, experiment.variants.contains(where: { $0.name == variant }),
            let step = intent.signedState["step"]?.stringValue.flatMap(Step.init(rawValue:)), step != .done
        else {
            throw ScreenplayError(
                .badRequest, code: "noCheckoutInProgress", message: "start the checkout from /screens/checkout", path: "stateToken")
        }
        guard paying == (step == .confirm) else {
            throw ScreenplayError(
                .conflict, code: "wrongStep", message: paying ? "there is nothing to pay yet" : "this step is paid with the intent \"pay\"",
                path: "name")
        }
        let language = intent.context.language
        if let problem = problem(with: intent.state, at: step, strings: Strings(language)) {
            return IntentResult(
                screen: screen(step: step, variant: variant, language: language, state: intent.state, error: problem),
                signedState: intent.signedState)
        }
        let order = steps(for: variant)
        let next = order[(order.firstIndex(of: step) ?? 0) + 1]
        return IntentResult(
            screen: screen(step: next, variant: variant, language: language),
            effects: next == .done ? [.track("checkout_done", properties: ["variant": .string(variant)])] : [],
            signedState: ["step": .string(next.rawValue), "variant": .string(variant)])
    }
}
