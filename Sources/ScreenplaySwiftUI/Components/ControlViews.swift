#if canImport(SwiftUI)
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// `button`: the platform's button in the variant's style; disabled when presented so.
    struct ButtonView: View {
        let button: PresentedButton
        let tap: Action?
        /// The press the server chose, if any (else the platform's pressed look).
        var press: Motion.Press?
        @Environment(\.screenplay) private var context

        var body: some View {
            let context = self.context
            let tap = self.tap
            return styled(
                Button(role: button.variant == .destructive ? .destructive : nil) {
                    if let tap { context?.perform(tap) }
                } label: {
                    Text(button.title)
                }
            )
            .disabled(!button.isEnabled)
        }

        @ViewBuilder private func styled(_ base: Button<Text>) -> some View {
            switch button.variant {
            case .primary: base.buttonStyle(.borderedProminent)
            case .secondary, .destructive: base.buttonStyle(.bordered)
            case .plain:
                // A plain button is its label: it takes the server's press as a tappable node does.
                // (The bordered styles keep the platform's pressed look: a ButtonStyle cannot draw them.)
                if let press { base.buttonStyle(NodeButtonStyle(press: press)) } else { base.buttonStyle(.plain) }
            }
        }
    }

    /// `textField`: bound to its client value; every keystroke goes to the store. Return moves to
    /// the next field (the last one's dismisses the keyboard), number and phone keyboards have a
    /// Done button above them, and the field takes focus when the screen asks for it (the first
    /// field showing a problem after a failed validation).
    struct TextFieldView: View {
        let field: PresentedTextField
        @Environment(\.screenplay) private var context
        @FocusState private var isFocused: Bool

        var body: some View {
            VStack(alignment: .leading, spacing: 4) {
                // The field itself carries the label for VoiceOver: read once, not twice.
                if let label = field.label { Text(label).font(.footnote.weight(.medium)).accessibilityHidden(true) }
                input
                    // A field's problem shows once it was left, not while the user types.
                    .onChange(of: isFocused) { wasFocused, isFocused in
                        if wasFocused && !isFocused { context?.leave(field) }
                    }
                    .onChange(of: context?.focus.request) { _, request in
                        if request?.key == field.key { isFocused = true }
                    }
                    .submitLabel(.next)
                    .onSubmit {
                        if context?.focusField(after: field) != true { isFocused = false }
                    }
                    .textFieldStyle(.roundedBorder)
                    .modifier(KeyboardModifier(keyboard: field.keyboard, autofill: field.autofill, isFocused: $isFocused))
                    .disabled(!field.isEnabled)
                    .accessibilityLabel(field.accessibilityLabel)
                    // The problem is read with the field (and shown under it, not read twice).
                    .accessibilityHint(field.problem ?? "")
                if let problem = field.problem {
                    Text(problem).font(.footnote).foregroundStyle(Color.red).accessibilityHidden(true)
                }
            }
        }

        /// The field: SwiftUI's, or on iOS UIKit's for a masked one (``MaskedTextInput``: the caret
        /// and an input method's marked text, which SwiftUI's field does not give before iOS 18).
        @ViewBuilder private var input: some View {
            let text = context?.text(field) ?? .constant(field.value)
            if field.isSecure {
                SecureField(field.placeholder ?? "", text: text).focused($isFocused)
            } else if field.mask != nil, let context {
                #if canImport(UIKit)
                    MaskedTextInput(field: field, context: context, isFocused: $isFocused)
                #else
                    TextField(field.placeholder ?? "", text: text).focused($isFocused)
                #endif
            } else {
                TextField(field.placeholder ?? "", text: text).focused($isFocused)
            }
        }
    }

    /// The keyboard a field asks for and what iOS may fill it with, where there are keyboards. A
    /// number or phone keyboard has no Return key: a Done button above it, shown while this field
    /// has focus, puts it away.
    struct KeyboardModifier: ViewModifier {
        let keyboard: Component.TextField.Keyboard
        let autofill: Component.TextField.Autofill?
        let isFocused: FocusState<Bool>.Binding

        @ViewBuilder func body(content: Content) -> some View {
            #if canImport(UIKit)
                let typed = content.keyboardType(Self.type(keyboard)).textContentType(autofill.map(Self.contentType))
                if keyboard == .number || keyboard == .phone {
                    typed.toolbar {
                        ToolbarItemGroup(placement: .keyboard) {
                            if isFocused.wrappedValue {
                                Spacer()
                                Button("Done") { isFocused.wrappedValue = false }
                            }
                        }
                    }
                } else {
                    typed
                }
            #else
                content
            #endif
        }

        #if canImport(UIKit)
            static func type(_ keyboard: Component.TextField.Keyboard) -> UIKeyboardType {
                switch keyboard {
                case .text: .default
                case .number: .decimalPad
                case .email: .emailAddress
                case .phone: .phonePad
                case .url: .URL
                }
            }

            static func contentType(_ autofill: Component.TextField.Autofill) -> UITextContentType {
                switch autofill {
                case .name: .name
                case .givenName: .givenName
                case .familyName: .familyName
                case .email: .emailAddress
                case .phone: .telephoneNumber
                case .username: .username
                case .password: .password
                case .newPassword: .newPassword
                case .oneTimeCode: .oneTimeCode
                case .streetAddress: .fullStreetAddress
                case .postalCode: .postalCode
                case .city: .addressCity
                case .country: .countryName
                case .organization: .organizationName
                case .url: .URL
                case .birthday: .birthdate
                case .cardNumber: .creditCardNumber
                case .cardExpiry: .creditCardExpiration
                case .cardSecurityCode: .creditCardSecurityCode
                case .cardholderName: .creditCardName
                }
            }
        #endif
    }

    /// `toggle`: a switch bound to its boolean client value; its tap action follows each change.
    struct ToggleView: View {
        let toggle: PresentedToggle
        let tap: Action?
        @Environment(\.screenplay) private var context

        var body: some View {
            Toggle(toggle.title, isOn: isOn).disabled(!toggle.isEnabled)
        }

        private var isOn: Binding<Bool> {
            guard let context else { return .constant(toggle.isOn) }
            let key = toggle.key
            let tap = self.tap
            return Binding(
                get: { toggle.isOn },
                set: { on in
                    context.store.set(key, to: .bool(on))
                    if let tap { context.perform(tap, repeatable: true) }
                })
        }
    }
#endif
