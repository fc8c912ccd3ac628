import Screenplay
import ScreenplayPresentation

/// Controls: buttons, switches and text fields, which perform their tap themselves
/// (``PresentedNode/handlesOwnTap``) and hold the client values the runtime keeps.
extension HTMLRenderer {
    func renderButton(_ button: PresentedButton, element: inout HTMLElement) {
        element.open("button", "sp-button sp-button-\(button.variant.rawValue)")
        element.attributes.append(("type", "button"))
        if !button.isEnabled { element.attributes.append(("disabled", nil)) }
        element.content = HTML(escaping: button.title)
    }

    func renderToggle(_ toggle: PresentedToggle, element: inout HTMLElement) {
        element.open("label", "sp-toggle")
        element.content =
            "<input type=\"checkbox\" role=\"switch\" aria-checked=\"\(toggle.isOn ? "true" : "false")\" data-sp-key=\"\(toggle.key)\"\(toggle.isOn ? " checked" : "")><span>\(toggle.title)</span>"
    }

    func renderField(_ field: PresentedTextField, element: inout HTMLElement) {
        element.open("label", "sp-field")
        let type: String
        var extra: [(String, String?)] = []
        switch field.keyboard {
        case .text: type = "text"
        case .number:
            type = "text"
            extra.append(("inputmode", "decimal"))
        case .email: type = "email"
        case .phone: type = "tel"
        case .url: type = "url"
        }
        var attributes: [(String, String?)] =
            [
                ("class", "sp-input"), ("type", field.isSecure ? "password" : type), ("name", field.key), ("data-sp-key", field.key),
                ("value", field.value), ("autocomplete", field.autofill.map(Self.autocomplete) ?? "off"),
            ] + extra
        if let placeholder = field.placeholder { attributes.append(("placeholder", placeholder)) }
        if !field.isEnabled { attributes.append(("disabled", nil)) }
        if field.isRequired { attributes.append(("aria-required", "true")) }
        if let mask = field.mask { attributes.append(("data-sp-mask", String(decoding: mask.encoded(), as: UTF8.self))) }
        var problem = HTML()
        if !field.rules.isEmpty {
            // The problem is described by (not part of) the field's name, and announced when it appears.
            let problemID = "sp-problem-" + Self.elementID(for: field.key).dropFirst(3)
            attributes.append(("data-sp-rules", String(decoding: field.rules.encoded(), as: UTF8.self)))
            attributes.append(("aria-describedby", problemID))
            if field.problem != nil { attributes.append(("aria-invalid", "true")) }
            problem =
                "<span class=\"sp-field-problem\" id=\"\(problemID)\" role=\"alert\"\(field.problem == nil ? " hidden" : "")>\(field.problem ?? "")</span>"
        }
        element.content =
            "<span class=\"sp-field-label\(field.label == nil ? " sp-visually-hidden" : "")\">\(field.label ?? field.accessibilityLabel)</span><input\(Self.attributes(attributes))>\(problem)"
    }

    /// The HTML `autocomplete` token of an autofill purpose.
    static func autocomplete(_ autofill: Component.TextField.Autofill) -> String {
        switch autofill {
        case .name: "name"
        case .givenName: "given-name"
        case .familyName: "family-name"
        case .email: "email"
        case .phone: "tel"
        case .username: "username"
        case .password: "current-password"
        case .newPassword: "new-password"
        case .oneTimeCode: "one-time-code"
        case .streetAddress: "street-address"
        case .postalCode: "postal-code"
        case .city: "address-level2"
        case .country: "country-name"
        case .organization: "organization"
        case .url: "url"
        case .birthday: "bday"
        case .cardNumber: "cc-number"
        case .cardExpiry: "cc-exp"
        case .cardSecurityCode: "cc-csc"
        case .cardholderName: "cc-name"
        }
    }
}
