import Foundation
import Screenplay
import ScreenplayPresentation

/// Drives a runtime without a screen, for tests and tools: shows the current screen as a text
/// outline (what a user would see: hidden nodes left out, inputs with their values), taps a node
/// by id or label, fills a field, and follows what the actions do. `screenplay open` is built on it.
/// It reads the same `ScreenPresentation` as every renderer: what it can tap is what an app draws.
///
/// ```swift
/// let driver = HeadlessDriver(runtime: runtime)
/// await runtime.open("/cities")
/// try driver.fill("city", with: "Paris")
/// try await driver.tap("Refresh")
/// print(driver.outline())
/// ```
@MainActor
public struct HeadlessDriver {
    public let runtime: ScreenplayRuntime
    let components: ComponentRegistry<String>

    /// - Parameters:
    ///   - runtime: the runtime to drive; open a screen on it before reading the outline.
    ///   - components: one-line descriptions of the app-defined components the app draws.
    public init(runtime: ScreenplayRuntime, components: ComponentRegistry<String> = ComponentRegistry()) {
        self.runtime = runtime
        self.components = components
    }

    /// Why a step could not be taken.
    public struct StepError: Error, Sendable, Hashable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The current screen as the user sees it, with a first line saying when it is stale or failed.
    public func outline() -> String {
        guard let store = runtime.current else { return "(no screen)\n" }
        switch store.phase {
        case .loading:
            return "loading \(store.path)\n"
        case .failed(let error):
            return "failed: \(error)\n"
        case .loaded(let loaded):
            let components = self.components
            // The outline calls this synchronously, on the main actor where the driver runs.
            let live = OutlineRenderer.Live(state: store.values, customTypes: components.typeNames) { custom in
                MainActor.assumeIsolated { (try? components.render(custom)) ?? nil }
            }
            let stale = loaded.stale ? "stale: shown from the cache; the server could not be reached\n" : ""
            return stale + OutlineRenderer.render(loaded.screen, as: live)
        }
    }

    /// Taps the visible node whose id is `target`, or else the first whose label is: a button's
    /// title, an accessibility label, a text, an item's title, a toggle's title.
    public func tap(_ target: String) async throws(StepError) {
        let store = try currentStore()
        guard let node = find(target, in: store) else {
            throw StepError(message: "no visible node with id or label \"\(target)\" on \(store.path)")
        }
        switch node.content {
        case .button(let button) where !button.isEnabled:
            throw StepError(message: "\"\(target)\" is a disabled button")
        case .toggle(let toggle):
            store.set(toggle.key, to: .bool(!toggle.isOn))
            if let action = node.tap { await runtime.perform(action, on: store) }
            return
        default:
            break
        }
        guard let action = node.tap else { throw StepError(message: "\"\(target)\" does nothing when tapped") }
        await runtime.tap(action, on: store)
    }

    /// Types `value` into the visible text field whose state key (or node id) is `key`.
    public func fill(_ key: String, with value: String) throws(StepError) {
        let store = try currentStore()
        var field: PresentedTextField?
        visit(store) { node in
            if field == nil, case .textField(let candidate) = node.content, candidate.key == key || node.nodeID == key { field = candidate }
        }
        guard let field else { throw StepError(message: "no visible text field \"\(key)\" on \(store.path)") }
        store.set(field.key, to: .string(value))
    }

    private func currentStore() throws(StepError) -> ScreenStore {
        guard let store = runtime.current, store.screen != nil else {
            throw StepError(message: "no screen is shown")
        }
        return store
    }

    private func find(_ target: String, in store: ScreenStore) -> PresentedNode? {
        var byID: PresentedNode?
        var byLabel: PresentedNode?
        visit(store) { node in
            if byID == nil, node.nodeID == target { byID = node }
            if byLabel == nil, Self.labels(of: node).contains(target) { byLabel = node }
        }
        return byID ?? byLabel
    }

    /// What a user reads on a node: its accessibility label and its visible title or text.
    static func labels(of node: PresentedNode) -> [String] {
        var labels: [String] = node.accessibility.label.map { [$0] } ?? []
        switch node.content {
        case .button(let button): labels.append(button.title)
        case .text(let text): labels.append(text.plainText)
        case .item(let item): if let title = item.title { labels.append(title.plainText) }
        case .toggle(let toggle): labels.append(toggle.title)
        case .badge(let badge): labels.append(badge.text)
        default: break
        }
        return labels
    }

    /// Visits the nodes the app draws for the store's screen, depth first.
    private func visit(_ store: ScreenStore, _ body: (PresentedNode) -> Void) {
        guard let screen = store.screen else { return }
        let options = PresentationOptions(customTypes: components.typeNames, missingComponents: .omitted)
        Presenter.presentOnce(screen, values: store.values, options: options).walk { node, _ in body(node) }
    }
}
