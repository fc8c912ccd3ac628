extension Component {
    /// A text input bound to the client state `key`; its value travels with every intent.
    /// Wire type `"textField"`.
    ///
    /// ```swift
    /// TextField(key: "city", placeholder: "Search a city", keyboard: .text)
    /// ```
    public struct TextField: Sendable, Hashable, ComponentBody, NodeConvertible {
        public enum Keyboard: String, Sendable, Hashable, CaseIterable, JSONEnum {
            case text, number, email, phone, url
        }

        /// What the field asks for, so that the platform can offer to fill it in (a browser's
        /// `autocomplete`, iOS's `textContentType`, Android's autofill hints) — one closed list that
        /// every platform has a name for.
        public enum Autofill: String, Sendable, Hashable, CaseIterable, JSONEnum {
            case name, givenName, familyName, email, phone, username, password, newPassword, oneTimeCode
            case streetAddress, postalCode, city, country, organization, url, birthday
            case cardNumber, cardExpiry, cardSecurityCode, cardholderName
        }

        /// The state key the field reads and writes.
        public var key: String
        public var label: String?
        public var placeholder: String?
        public var keyboard: Keyboard
        /// Hide the characters (passwords, card security codes).
        public var secure: Bool
        /// What the field asks for, for the platform's autofill; nil: nothing to fill in.
        public var autofill: Autofill?
        /// What a valid value is, checked on the device when the field is left and before a
        /// `validate` action lets an intent go, and again by the server (``Screen/fieldProblems(in:fields:evaluator:)``).
        public var rules: FieldRules
        /// How what the user types is shown (`4242 4242 …`); the variable holds the raw value.
        public var mask: InputMask?

        public init(
            key: String, label: String? = nil, placeholder: String? = nil, keyboard: Keyboard = .text, secure: Bool = false,
            autofill: Autofill? = nil, rules: FieldRules = [], mask: InputMask? = nil
        ) {
            self.key = key
            self.label = label
            self.placeholder = placeholder
            self.keyboard = keyboard
            self.secure = secure
            self.autofill = autofill
            self.rules = rules
            self.mask = mask
        }

        public var node: Node { Node(.textField(self)) }

        init(reading reader: inout ObjectReader) throws(DecodingFailure) {
            self.init(
                key: try reader.required(.key), label: reader.optional(.label), placeholder: reader.optional(.placeholder),
                keyboard: reader.optional(.keyboard) ?? .text, secure: reader.optional(.secure) ?? false,
                autofill: reader.optional(.autofill), rules: reader.optional(.rules) ?? [])
            if let json = reader.raw(.mask), !json.isNull {
                let context = reader.context
                do throws(DecodingFailure) {
                    mask = try context.at(.member(.mask)) { () throws(DecodingFailure) in try InputMask.read(json, context: context) }
                } catch {
                    // A mask that cannot be read costs the mask: the field takes text as typed.
                    context.report(error, severity: .error)
                }
            }
        }

        func write(to writer: inout NodeWriter) {
            writer.member(.autofill, autofill)
            writer.member(.key, key)
            if keyboard != .text { writer.member(.keyboard, keyboard) }
            writer.member(.label, label)
            writer.member(.mask, mask)
            writer.member(.placeholder, placeholder)
            if !rules.isEmpty { writer.member(.rules, rules) }
            if secure { writer.member(.secure, true) }
        }
    }
}
