#if canImport(SwiftUI) && canImport(UIKit)
    import Foundation
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI
    import UIKit

    /// A masked text field on iOS: UIKit's `UITextField`, because SwiftUI's `TextField` on iOS 17
    /// gives neither the caret nor the marked text of an input method (its `selection` binding is
    /// iOS 18). Each edit is asked of the presentation's decision (`InputMask.edit`): a character
    /// the mask rejects never shows, the caret stays where the user types, and nothing is masked
    /// while an input method composes (the composition is masked when it ends). Return moves to the
    /// next field; a number or phone keyboard has a Done button above it.
    struct MaskedTextInput: UIViewRepresentable {
        let field: PresentedTextField
        let context: RenderContext
        let isFocused: FocusState<Bool>.Binding

        func makeCoordinator() -> Coordinator { Coordinator(field: field, context: context, isFocused: isFocused) }

        func makeUIView(context: Context) -> UITextField {
            let textField = UITextField()
            textField.delegate = context.coordinator
            textField.borderStyle = .roundedRect
            textField.returnKeyType = .next
            textField.text = field.value
            context.coordinator.shown = field.value
            let coordinator = context.coordinator
            // Weak: the text field keeps its actions.
            textField.addAction(
                UIAction { [weak textField] _ in
                    if let textField { coordinator.textChanged(textField) }
                }, for: .editingChanged)
            if field.keyboard == .number || field.keyboard == .phone {
                let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
                bar.items = [
                    UIBarButtonItem.flexibleSpace(),
                    UIBarButtonItem(systemItem: .done, primaryAction: UIAction { _ in coordinator.isFocused.wrappedValue = false }),
                ]
                textField.inputAccessoryView = bar
            }
            return textField
        }

        func updateUIView(_ textField: UITextField, context: Context) {
            let coordinator = context.coordinator
            coordinator.field = field
            coordinator.isFocused = isFocused
            textField.placeholder = field.placeholder
            textField.keyboardType = KeyboardModifier.type(field.keyboard)
            textField.textContentType = field.autofill.map(KeyboardModifier.contentType)
            textField.isEnabled = field.isEnabled
            textField.accessibilityLabel = field.accessibilityLabel
            textField.accessibilityHint = field.problem
            // While the user types, the field's own text is the truth; a value set elsewhere shows when it is not.
            if !textField.isFirstResponder, textField.text != field.value {
                textField.text = field.value
                coordinator.shown = field.value
            }
            if isFocused.wrappedValue, !textField.isFirstResponder {
                textField.becomeFirstResponder()
            } else if !isFocused.wrappedValue, textField.isFirstResponder {
                textField.resignFirstResponder()
            }
        }

        @MainActor final class Coordinator: NSObject, UITextFieldDelegate {
            var field: PresentedTextField
            let context: RenderContext
            var isFocused: FocusState<Bool>.Binding
            /// What the field showed after the last edit it masked.
            var shown = ""

            init(field: PresentedTextField, context: RenderContext, isFocused: FocusState<Bool>.Binding) {
                self.field = field
                self.context = context
                self.isFocused = isFocused
            }

            func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
                // An input method composing is left alone: its text is masked when the composition ends.
                guard let mask = field.mask, textField.markedTextRange == nil else { return true }
                let old = textField.text ?? ""
                let new = (old as NSString).replacingCharacters(in: range, with: string)
                let caret = range.location + string.utf16.count
                show(mask.edit(from: old, to: new, caret: caret, localeIdentifier: field.localeIdentifier), in: textField)
                return false
            }

            /// After an edit UIKit made itself (a composition ended, a dictation): masked as any edit.
            func textChanged(_ textField: UITextField) {
                guard let mask = field.mask, textField.markedTextRange == nil else { return }
                let text = textField.text ?? ""
                guard text != shown else { return }
                let caret = textField.selectedTextRange.map { textField.offset(from: textField.beginningOfDocument, to: $0.start) }
                show(
                    mask.edit(from: shown, to: text, caret: caret ?? text.utf16.count, localeIdentifier: field.localeIdentifier),
                    in: textField)
            }

            private func show(_ edit: MaskedEdit, in textField: UITextField) {
                if textField.text != edit.text.display { textField.text = edit.text.display }
                shown = edit.text.display
                if let place = textField.position(from: textField.beginningOfDocument, offset: edit.caret) {
                    textField.selectedTextRange = textField.textRange(from: place, to: place)
                }
                context.storeRaw(edit.text.raw, for: field)
            }

            func textFieldDidBeginEditing(_ textField: UITextField) {
                if !isFocused.wrappedValue { isFocused.wrappedValue = true }
            }

            func textFieldDidEndEditing(_ textField: UITextField) {
                if isFocused.wrappedValue { isFocused.wrappedValue = false }
            }

            func textFieldShouldReturn(_ textField: UITextField) -> Bool {
                if !context.focusField(after: field) { isFocused.wrappedValue = false }
                return false
            }
        }
    }
#endif
