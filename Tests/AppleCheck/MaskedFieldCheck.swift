// A masked field on iOS keeps the caret where the user types (issue 41, item 5): it is UIKit's
// `UITextField` (SwiftUI's `TextField` gives no caret nor marked text before iOS 18), and each
// edit goes through the presentation's decision. The stand-in text field asks its delegate before
// an edit and puts the caret at the end when its text is set, as UIKit does; with SwiftUI's field
// the check finds no UIKit field to type into.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplayPresentation
import ScreenplaySwiftUI
import SwiftUI
import UIKit

enum MaskedFieldCheck {
    static let screen = Screen(id: "card") {
        Component.VStack {
            Component.TextField(key: "card", label: "Card number", keyboard: .number, mask: .card)
            Component.TextField(key: "name", label: "Name")
        }
    }

    @MainActor static func textField(_ graph: ViewGraph) -> UITextField? {
        var found: UITextField?
        graph.root.walk { if found == nil, let field = $0.uiView as? UITextField { found = field } }
        return found
    }

    @MainActor static func caret(_ field: UITextField) -> Int {
        field.selectedTextRange.map { field.offset(from: field.beginningOfDocument, to: $0.start) } ?? -1
    }

    @MainActor static func place(_ field: UITextField, at offset: Int) {
        if let place = field.position(from: field.beginningOfDocument, offset: offset) {
            field.selectedTextRange = field.textRange(from: place, to: place)
        }
    }

    @MainActor static func verify() async {
        let runtime = runtime(serving: ["/card": screen])
        await runtime.open("/card")
        guard let store = runtime.current else { return check(false, "the card screen did not load") }
        let graph = ViewGraph(ScreenView(store: store, runtime: runtime))
        guard let field = textField(graph) else {
            return check(false, "a masked field is not UIKit's text field: the caret is out of reach")
        }
        check(field.returnKeyType == .next, "the masked field's Return says Next")
        check(field.inputAccessoryView is UIToolbar, "a masked number field has a Done bar above its keyboard")

        field.becomeFirstResponder()
        graph.update()
        field.standInType("42424242")
        check(field.text == "4242 4242" && caret(field) == 9, "typed digits are grouped (\(field.text ?? ""), caret \(caret(field)))")
        check(store.values["card"] == "42424242", "the variable holds the digits (\(store.values["card"] ?? .null))")

        place(field, at: 2)
        field.standInType("9")
        check(
            field.text == "4294 2424 2" && caret(field) == 3,
            "a digit typed mid-text keeps the caret after it (\(field.text ?? ""), caret \(caret(field)))")
        field.standInType("x")
        check(
            field.text == "4294 2424 2" && caret(field) == 3,
            "a rejected letter is not shown and the caret stays (\(field.text ?? ""), caret \(caret(field)))")
        place(field, at: 5)
        field.standInType("", replacing: NSRange(location: 4, length: 1))
        check(
            field.text == "4294 2424 2" && caret(field) == 4, "backspace over a separator puts the caret before it (caret \(caret(field)))")

        place(field, at: 11)
        field.standInCompose("に", commit: false)
        check(field.text == "4294 2424 2に", "nothing is masked while an input method composes (\(field.text ?? ""))")
        check(store.values["card"] == "429424242", "the variable keeps its value while composing (\(store.values["card"] ?? .null))")
        field.standInCompose("に", commit: true)
        check(
            field.text == "4294 2424 2" && caret(field) == 11,
            "the ended composition is masked (\(field.text ?? ""), caret \(caret(field)))")

        graph.update()
        (field.inputAccessoryView as? UIToolbar)?.items?.last?.standInTap()
        graph.update()
        check(!field.isFirstResponder, "Done puts the number keyboard away")
        UpdateRules.report.append(
            "masked field: UIKit's text field, caret kept mid-text, rejected letters dropped, compositions masked when they end")
    }
}
