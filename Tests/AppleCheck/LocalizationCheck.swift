// Server words are shown as they are: never through a `LocalizedStringKey` (which Xcode picks for a
// string literal, looks up in the app's strings and reads as Markdown). The renderer's own words
// are its literals, and only those may be keys.
import Screenplay
import ScreenplayClient
import ScreenplaySwiftUI
import SwiftUI

enum LocalizationCheck {
    /// The renderer's own words, which are localized keys on purpose.
    static let rendererWords: Set<String> = ["Retry", "Offline: showing a saved copy", "Loading"]

    /// The strings of `view` drawn through a localized key that are not the renderer's own.
    @MainActor static func serverWordsAsKeys(in view: InspectedView) -> [String] {
        var found: [String] = []
        view.walk { view in
            for segment in view.text?.segments ?? [] where segment.isLocalizedKey && !rendererWords.contains(segment.text) {
                found.append(segment.text)
            }
            if view.titleIsLocalizedKey, let title = view.title, !rendererWords.contains(title) { found.append(title) }
        }
        return found
    }

    /// The stand-in resolves overloads as Xcode does: a literal is a key, a `String` is not.
    @MainActor static func verifyModel() {
        let words = "from a server"
        let literal = ViewInspector.inspect(Text("literal"))
        let value = ViewInspector.inspect(Text(words))
        let toggle = ViewInspector.inspect(Toggle(words, isOn: .constant(true)))
        check(literal.text?.segments.first?.isLocalizedKey == true, "a literal given to Text is a localized key")
        check(value.text?.segments.first?.isLocalizedKey == false, "a String given to Text is shown as it is")
        check(!toggle.titleIsLocalizedKey, "a String given to Toggle is shown as it is")
    }
}

/// Nothing clips a focus ring: no view that clips its content holds a control.
enum FocusCheck {
    static let focusable: Set<String> = ["Button", "TextField", "SecureField", "Toggle"]

    @MainActor static func clippedControls(in view: InspectedView) -> [String] {
        var found: [String] = []
        view.walk { view in
            guard view.modifiers.contains(where: { $0.name == "clipShape" || $0.name == "clipped" }) else { return }
            var controls: [String] = []
            for child in view.children { child.walk { if focusable.contains($0.kind) { controls.append($0.kind) } } }
            if focusable.contains(view.kind) { controls.append(view.kind) }
            found += controls
        }
        return found
    }
}

extension FocusCheck {
    /// A rounded card holding a button and a field: the card is drawn rounded, nothing around the
    /// controls clips; a rounded image alone is clipped to its corners.
    @MainActor static func verify() async {
        let screen = Screen(id: "card") {
            Component.VStack {
                Component.Button("Pay", action: .intent("pay"))
                Component.TextField(key: "name", placeholder: "Name")
            }
            .background("#eeeeee").cornerRadius(12)
            Component.Image("/a.png", width: 40, height: 40).cornerRadius(8)
        }
        let runtime = runtime(serving: ["/card": screen])
        await runtime.open("/card")
        guard let store = runtime.current else { return check(false, "the card did not load") }
        let root = ViewInspector.inspect(screenView(store, runtime))
        check(clippedControls(in: root).isEmpty, "a rounded card clips its controls' focus rings: \(clippedControls(in: root))")
        var clippedImages = 0
        root.walk { view in
            if view.modifiers.contains(where: { $0.name == "clipShape" }), view.kind == "Shape" || view.kind == "Image" {
                clippedImages += 1
            }
        }
        check(clippedImages == 1, "a rounded image is clipped to its corners (\(clippedImages))")
    }
}
