// Fields behave on a phone (issue 41, item 5): Return says "Next" and moves to the next field (the
// last one's puts the keyboard away); number and phone keyboards, which have no Return key, get a
// Done button above them while their field has focus; the screen's scroll puts the keyboard away
// when dragged; a field's problem is announced when it appears (the field left), and a failed
// validation announces the first problem and moves focus to its field.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplayPresentation
import ScreenplaySwiftUI
import SwiftUI

enum FieldCheck {
    static let screen = Screen(id: "pay") {
        Component.VStack {
            Component.TextField(key: "name", label: "Name", rules: [.required(message: "Enter your name")])
            Component.TextField(key: "amount", label: "Amount", keyboard: .number, rules: [.required(message: "Enter an amount")])
            Component.TextField(key: "phone", label: "Phone", keyboard: .phone)
            Component.Button("Pay").onTap(.sequence([.validate(fields: []), .intent("pay")]))
        }
    }

    /// The text fields drawn now, by accessibility label.
    @MainActor static func fields(_ graph: ViewGraph) -> [String: InspectedView] {
        var fields: [String: InspectedView] = [:]
        graph.root.walk { view in
            if view.kind == "TextField", let label = view.modifier("accessibilityLabel") as? String { fields[label] = view }
        }
        return fields
    }

    @MainActor static func isFocused(_ field: InspectedView?) -> Bool {
        (field?.modifier("focused") as? FocusState<Bool>.Binding)?.wrappedValue == true
    }

    /// The views of the Done bar a field puts above its keyboard, inspected now (nil: no bar).
    @MainActor static func keyboardBar(_ field: InspectedView?) -> InspectedView? {
        guard let group = field?.modifier("toolbar") as? any ToolbarItemsRecord, group.placement == .keyboard else {
            return (field?.modifier("toolbar")).map { _ in InspectedView("unexpected toolbar") }
        }
        return ViewInspector.inspect(group.items)
    }

    @MainActor static func verify() async {
        let runtime = runtime(serving: ["/pay": screen])
        await runtime.open("/pay")
        guard let store = runtime.current else { return check(false, "the pay screen did not load") }
        AccessibilityNotification.posted = []
        let graph = ViewGraph(ScreenView(store: store, runtime: runtime))
        var fields = Self.fields(graph)
        check(fields.count == 3, "three fields are drawn (\(fields.keys.sorted()))")

        var scrolls: [Any] = []
        graph.root.walk { if $0.kind == "ScrollView", let mode = $0.modifier("scrollDismissesKeyboard") { scrolls.append(mode) } }
        check(
            scrolls.count == 1 && (scrolls.first as? ScrollDismissesKeyboardMode) == .interactively,
            "the screen's scroll puts the keyboard away as it is dragged (\(scrolls))")

        for (label, field) in fields.sorted(by: { $0.key < $1.key }) {
            check((field.modifier("submitLabel") as? SubmitLabel) == .next, "\(label): Return says Next")
        }
        check(keyboardBar(fields["Name"]) == nil, "a text keyboard has its own Return key: no Done bar")

        // Return in the name field: focus goes to the amount field.
        (fields["Name"]?.modifier("focused") as? FocusState<Bool>.Binding)?.wrappedValue = true
        graph.update()
        (Self.fields(graph)["Name"]?.modifier("onSubmit") as? () -> Void)?()
        graph.update()
        graph.update()
        fields = Self.fields(graph)
        check(isFocused(fields["Amount"]) && !isFocused(fields["Name"]), "Return in Name moves focus to Amount")
        check(
            AccessibilityNotification.posted == ["Enter your name"],
            "the name field's problem is announced when it appears, as the field is left (\(AccessibilityNotification.posted))")

        // The number keyboard's Done button, shown while its field has focus, puts the keyboard away.
        var bar: [String] = []
        keyboardBar(fields["Amount"])?.walk { if $0.kind == "Button" { bar.append($0.children.first?.text?.plainText ?? "") } }
        check(bar == ["Done"], "a focused number field has a Done button above its keyboard (\(bar))")
        var phoneBar: [String] = []
        keyboardBar(fields["Phone"])?.walk { if $0.kind == "Button" { phoneBar.append("Button") } }
        check(keyboardBar(fields["Phone"]) != nil && phoneBar.isEmpty, "a phone field's Done shows only while it has focus (\(phoneBar))")
        keyboardBar(fields["Amount"])?.walk { if $0.kind == "Button" { $0.action?() } }
        graph.update()
        graph.update()
        fields = Self.fields(graph)
        check(!isFocused(fields["Amount"]), "Done puts the number keyboard away")

        // Return in the last field: the keyboard goes.
        (fields["Phone"]?.modifier("focused") as? FocusState<Bool>.Binding)?.wrappedValue = true
        graph.update()
        (Self.fields(graph)["Phone"]?.modifier("onSubmit") as? () -> Void)?()
        graph.update()
        check(!isFocused(Self.fields(graph)["Phone"]), "Return in the last field puts the keyboard away")

        // Pay with an empty name: validation fails, its problem is said and the name field takes focus.
        AccessibilityNotification.posted = []
        store.set("name", to: "")
        var pay: InspectedView?
        graph.update()
        graph.root.walk { if $0.kind == "Button", $0.children.first?.text?.plainText == "Pay" { pay = $0 } }
        pay?.action?()
        for _ in 0..<50 where !isFocused(Self.fields(graph)["Name"]) {
            try? await Task.sleep(for: .milliseconds(10))
            graph.update()
        }
        check(isFocused(Self.fields(graph)["Name"]), "a failed validation moves focus to the first field showing a problem")
        check(
            AccessibilityNotification.posted.contains("Enter your name"),
            "a failed validation announces the first problem (\(AccessibilityNotification.posted))")
        UpdateRules.report.append("fields: Return moves on, Done above number and phone keyboards, problems announced and focused")
    }
}
