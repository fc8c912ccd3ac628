// SwiftUI's update rules as the stand-in models them (Tests/AppleStandIns/SwiftUI/Inspector.swift),
// checked on small views first, then on the renderer: one keystroke in the checkout form and one
// one-city patch on the cities screen evaluate only the views whose presentation changed.
import Foundation
import Screenplay
import ScreenplayPresentation
import ScreenplayProtocol
import ScreenplaySwiftUI
import SwiftUI

@testable import ScreenplayClient

enum UpdateRules {
    /// Body evaluations measured, printed by the runner (docs/PERFORMANCE.md records them).
    @MainActor static var report: [String] = []

    // MARK: - The model

    struct Counter: View {
        @State var count = 0
        var body: some View { Text(verbatim: "\(count)") }
    }

    struct SchemeReader: View {
        @Environment(\.colorScheme) private var scheme
        var body: some View { Text(verbatim: scheme == .dark ? "dark" : "light") }
    }

    struct Plain: View {
        let title: String
        var body: some View { Text(verbatim: title) }
    }

    struct Loader: View {
        let id: Int
        let log: Log
        var body: some View { Text(verbatim: "loader").task(id: id) { @MainActor in log.runs += 1 } }
    }

    @MainActor final class Log {
        var runs = 0
        var counter: Counter?
    }

    struct Parent: View {
        let title: String
        let log: Log
        var body: some View {
            VStack {
                Plain(title: title)
                SchemeReader()
                capture(Counter())
            }
        }
        func capture(_ counter: Counter) -> Counter {
            log.counter = counter
            return counter
        }
    }

    @MainActor static func checkModel() async {
        let log = Log()
        let graph = ViewGraph(Parent(title: "a", log: log))
        check(
            graph.evaluations(of: "Counter") == 1 && graph.evaluations(of: "SchemeReader") == 1,
            "the model: first appearance evaluates every body")
        // State keeps its first value for the view's identity, and its change re-evaluates the view alone.
        graph.resetCounts()
        log.counter?.count = 5
        check(graph.needsUpdate, "the model: a state change invalidates its view")
        graph.update()
        check(
            graph.evaluations(of: "Counter") == 1 && graph.evaluations(of: "Parent") == 0 && graph.evaluations(of: "Plain") == 0,
            "the model: a state change evaluates its view only (\(graph.evaluations))")
        check(graph.root.children.first?.children.last?.text?.plainText == "5", "the model: the state is kept (\(graph.root))")
        // A changed environment value re-evaluates the views that read it, and those only.
        graph.resetCounts()
        graph.environment.colorScheme = .dark
        graph.update()
        check(
            graph.evaluations(of: "SchemeReader") == 1 && graph.evaluations(of: "Plain") == 0 && graph.evaluations(of: "Counter") == 0,
            "the model: an environment change evaluates its readers only (\(graph.evaluations))")
        // A view given an equal value is skipped; a different one is evaluated.
        graph.resetCounts()
        graph.update()
        check(graph.evaluations.isEmpty, "the model: nothing changed, nothing evaluated (\(graph.evaluations))")
        // `.task(id:)` runs on appearance and again when its id changes, not otherwise.
        let loader = LoaderHost(log: Log())
        let tasks = ViewGraph(loader)
        await Task.yield()
        tasks.update()
        await Task.yield()
        loader.id.value = 2
        tasks.update()
        await Task.yield()
        await Task.yield()
        check(loader.log.runs == 2, "the model: .task(id:) ran \(loader.log.runs) times for two ids")
        // Two equal ids in a ForEach are what SwiftUI reports.
        let duplicates = ViewGraph(ForEach(["a", "b", "a"], id: \.self) { Text(verbatim: $0) })
        check(duplicates.problems.count == 1, "the model: a ForEach with two equal ids is reported (\(duplicates.problems))")
    }

    /// A host whose child's task id the check changes between updates.
    struct LoaderHost: View {
        @Observable final class ID {
            var value = 1
        }
        let id = ID()
        let log: Log
        var body: some View { Loader(id: id.value, log: log) }
    }

    // MARK: - The renderer

    /// The nodes of `new` whose presentation differs from the node of the same identity in `old`
    /// (a whole subtree when it is new).
    static func changed(_ old: PresentedNode?, _ new: PresentedNode?) -> Int {
        guard let new else { return 0 }
        guard let old else {
            var count = 0
            new.walk { _, _ in count += 1 }
            return count
        }
        if old == new { return 0 }
        var count = 1
        let oldGroups = old.content.childGroups
        for (group, children) in new.content.childGroups.enumerated() {
            let before = group < oldGroups.count ? oldGroups[group] : .empty
            let byIdentity = Dictionary(zip(before.identities, before.indices), uniquingKeysWith: { first, _ in first })
            for (identity, index) in zip(children.identities, children.indices) {
                count += changed(byIdentity[identity].map { before[$0] }, children[index])
            }
        }
        return count
    }

    static func nodes(_ presentation: ScreenPresentation) -> Int {
        var count = 0
        presentation.walk { _, _ in count += 1 }
        return count
    }

    @MainActor static func checkKeystroke(demo: [String: Screen]) async {
        let runtime = runtime(serving: demo)
        await runtime.open("/checkout-card")
        guard let store = runtime.current, let screen = store.screen else { return check(false, "the checkout form did not load") }
        let graph = ViewGraph(screenView(store, runtime))
        let before = Presenter.presentOnce(screen, values: store.values, options: PresentationOptions())
        graph.resetCounts()
        store.set("cardNumber", to: .string("4"))
        check(graph.needsUpdate, "a keystroke invalidates the screen")
        graph.update()
        let after = Presenter.presentOnce(screen, values: store.values, options: PresentationOptions())
        let expected = changed(before.root, after.root)
        let evaluated = graph.evaluations(of: "NodeView")
        check(
            evaluated == expected && graph.evaluations(of: "TextView") == 0 && graph.evaluations(of: "TextFieldView") == 1,
            "one keystroke evaluates \(evaluated) node views for \(expected) changed nodes: \(graph.evaluations) "
                + graph.evaluated.filter { $0.hasSuffix("TextView") }.joined(separator: "\n"))
        let field = graph.root
        var typed: String?
        field.walk { if $0.kind == "TextField", $0.value == "4" { typed = $0.value } }
        check(typed == "4", "the field shows the keystroke")
        report.append(
            "update rules: a keystroke in the checkout form evaluates \(evaluated) of \(nodes(after)) node views "
                + "(\(graph.evaluations.values.reduce(0, +)) bodies in all)")
    }

    /// A field's problem shows once focus left it, not while the user types in it.
    @MainActor static func checkLeavingAField() async {
        let json = #"""
            {"version": "1.2", "id": "redeem", "title": "Redeem", "state": {"code": "12"},
             "body": {"type": "textField", "id": "code", "key": "code", "label": "Code",
                      "rules": [{"type": "pattern", "pattern": "[0-9]{4}", "message": "A code has 4 digits."}]}}
            """#
        guard let screen = Screen.decode(from: Array(json.utf8)).value else { return check(false, "the redeem screen does not read") }
        let runtime = runtime(serving: ["/redeem": screen])
        await runtime.open("/redeem")
        guard let store = runtime.current, store.screen != nil else { return check(false, "the redeem screen did not load") }
        let graph = ViewGraph(screenView(store, runtime))
        func field() -> (focus: FocusState<Bool>.Binding?, hint: String?) {
            var found: (FocusState<Bool>.Binding?, String?) = (nil, nil)
            graph.root.walk { view in
                guard view.kind == "TextField" else { return }
                found.0 = view.modifiers.first { $0.name == "focused" }?.value as? FocusState<Bool>.Binding
                found.1 = view.modifiers.first { $0.name == "accessibilityHint" }?.value as? String
            }
            return found
        }
        let typing = field()
        guard let focus = typing.focus else { return check(false, "the field has no focus binding") }
        check(typing.hint == "", "the field tells the user off before they left it: \(typing.hint ?? "no hint")")
        focus.wrappedValue = true
        graph.update()
        check(store.values[FieldState.touchedKey(for: "code")] == nil, "focusing the field marks it left")
        check(field().hint == "", "the field tells the user off while they are in it")
        focus.wrappedValue = false
        graph.update()
        check(store.values[FieldState.touchedKey(for: "code")] == true, "leaving the field does not mark it left")
        if graph.needsUpdate { graph.update() }
        let left = field().hint ?? ""
        check(left == "A code has 4 digits.", "the field left with 2 digits shows \"\(left)\"")
        report.append("update rules: a field left with a broken rule shows \"\(left)\" (its accessibility hint)")
    }

    @MainActor static func checkPatch(demo: [String: Screen]) async {
        let runtime = runtime(serving: demo)
        await runtime.open("/cities")
        guard let store = runtime.current, store.screen != nil else { return check(false, "the cities screen did not load") }
        let graph = ViewGraph(screenView(store, runtime))
        guard let screen = store.screen, store.receive(DecodeResult(value: .screen(screen, version: "1"), diagnostics: [])) else {
            return check(false, "the cities screen takes a version")
        }
        graph.update()
        let before = Presenter.presentOnce(screen, values: store.values, options: PresentationOptions())
        graph.resetCounts()
        // A new figure for one city: the height of its first bar.
        let patch = ScreenPatch(
            .operations([.update(NodeAddress(anchor: "city.moscow", path: [1, 1, 0, 1]), set: ["height": 42], unset: [])]))
        check(
            store.receive(DecodeResult(value: .patch(PatchEnvelope(base: "1", patch: patch), version: "2"), diagnostics: [])),
            "the one-city patch applies")
        graph.update()
        guard let patched = store.screen else { return check(false, "the patched screen is gone") }
        let after = Presenter.presentOnce(patched, values: store.values, options: PresentationOptions())
        let expected = changed(before.root, after.root)
        let evaluated = graph.evaluations(of: "NodeView")
        check(
            expected > 0 && evaluated == expected,
            "a one-city patch evaluates \(evaluated) node views for \(expected) changed nodes: \(graph.evaluations)")
        report.append(
            "update rules: a one-city patch on the cities screen evaluates \(evaluated) of \(nodes(after)) node views "
                + "(\(graph.evaluations.values.reduce(0, +)) bodies in all)")
    }

    /// Duplicate node ids, ids that look like positions, hidden rows and inserted sections never
    /// give two children one identity.
    @MainActor static func checkIdentities() async {
        let screen = Screen(id: "identities") {
            Component.Text("first").id("a")
            Component.Text("second").id("a")
            Component.Text("third").id("1")
            Component.Text("fourth")
            Component.Text("hidden").visible(when: StateCondition("shown"))
            Component.Text("fifth").id("a@1")
        }
        let runtime = runtime(serving: ["/identities": screen])
        await runtime.open("/identities")
        guard let store = runtime.current else { return check(false, "the identities screen did not load") }
        let graph = ViewGraph(screenView(store, runtime))
        check(graph.problems.isEmpty, "duplicate and position-like ids: SwiftUI would report \(graph.problems)")
        store.set("shown", to: .bool(true))
        graph.update()
        check(graph.problems.isEmpty, "a row shown: SwiftUI would report \(graph.problems)")
        var texts: [String] = []
        graph.root.walk { if let text = $0.text?.plainText, $0.kind == "Text" { texts.append(text) } }
        check(
            texts == ["first", "second", "third", "fourth", "hidden", "fifth"], "every child is drawn once, in order: \(texts)")
    }
}
