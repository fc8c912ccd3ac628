// scripts/check-apple's runner: the SwiftUI renderer and the UIKit coordinator, compiled against
// the stand-in SwiftUI and UIKit modules, evaluated here. It runs the conformance suite on the
// views ScreenView builds (in light and dark), checks that every demo screen shows what its
// presentation says, and drives the coordinator through a push, a back and a native route.
// Exits 1 after reporting every disagreement.
//
// It is also the app file of issue 13's point 4: it imports SwiftUI, the renderer, the runtime and
// the format, and writes `Text`, `Color` and `Image` without qualifying them.
import Foundation
import HTTPTypes
import Screenplay
import ScreenplayPresentation
import ScreenplaySwiftUI
import ScreenplayTestSupport
import ScreenplayUIKit
import SwiftUI
import UIKit

@testable import ScreenplayClient

@MainActor enum Run {
    static var captured: Action?
    static var failures: [String] = []
}

@MainActor func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { Run.failures.append(message()) }
}

/// Serves `screens` by path, as a server would.
func transport(_ screens: [String: Screen]) -> InMemoryTransport {
    InMemoryTransport { request in
        let path = String(request.url.path.dropFirst("/screens".count))
        guard let screen = screens[path] else { return TransportResponse(status: .notFound) }
        return TransportResponse(status: .ok, headers: [.cacheControl: "no-cache"], body: screen.encoded())
    }
}

@MainActor func components() -> ComponentRegistry<AnyView> {
    var registry = ComponentRegistry<AnyView>()
    registry.register(ConformanceCase.registeredType, as: [String: Int].self) { _ in
        AnyView(Text(verbatim: "custom:" + ConformanceCase.registeredType))
    }
    return registry
}

/// The facts of an inspected view tree (see ConformanceFacts), taps performed to learn their actions.
@MainActor func readFacts(of view: InspectedView, into facts: inout [String]) {
    if view.modifier("accessibilityHidden") as? Bool == true { return }
    let added = view.modifiers.filter { $0.name == "accessibilityAddTraits" }.compactMap { $0.value as? AccessibilityTraits }
    let removed = view.modifiers.filter { $0.name == "accessibilityRemoveTraits" }.compactMap { $0.value as? AccessibilityTraits }
    let roles = added.reduce(Set<String>()) { $0.union($1.roles) }.subtracting(removed.reduce(Set<String>()) { $0.union($1.roles) })
    let role = roles.contains("link") ? "link" : "button"
    func performed(_ perform: () -> Void) -> String {
        Run.captured = nil
        perform()
        return ConformanceFacts.action(Run.captured)
    }
    if let tap = view.modifier("onTapGesture") as? () -> Void { facts.append(role + performed(tap)) }
    switch view.kind {
    case "Text":
        guard let text = view.text else { return }
        let plain = text.plainText
        if roles.contains("header") {
            facts.append("header \(ConformanceFacts.quoted(plain))")
        } else if plain.hasPrefix("custom:") {
            facts.append("custom \(ConformanceFacts.quoted(String(plain.dropFirst("custom:".count))))")
        } else if plain.hasPrefix("⚠ nothing draws \"") {
            facts.append("marker \(ConformanceFacts.quoted(String(plain.dropFirst("⚠ nothing draws \"".count).prefix { $0 != "\"" })))")
        } else if !plain.isEmpty {
            let colour = (view.modifier("foregroundStyle") as? Color).map(\.name).flatMap {
                $0 == "primary" || $0 == "secondary" ? nil : " color=\($0)"
            }
            facts.append("text \(ConformanceFacts.quoted(plain))" + (colour ?? ""))
            for segment in text.segments {
                if let link = segment.link {
                    facts.append("link \(ConformanceFacts.quoted(segment.text)) → navigate \(link.relativeString)")
                }
            }
        }
    case "Button" where view.modifier("buttonStyle").map { "\(type(of: $0))" } == "NodeButtonStyle":
        // A tappable node: a real button around the node as drawn.
        facts.append(role + performed { view.action?() })
        for child in view.children { ConformanceCheck.collect(child, into: &facts) }
    case "Button":
        let title = view.children.first?.text?.plainText ?? ""
        let disabled = view.modifiers.contains { $0.name == "disabled" && $0.value as? Bool == true }
        facts.append("\(role) \(ConformanceFacts.quoted(title))" + (disabled ? " (disabled)" : performed { view.action?() }))
    case "TextField", "SecureField":
        let name = view.modifier("accessibilityLabel") as? String ?? view.title ?? ""
        facts.append("field \(ConformanceFacts.quoted(name)) = \(ConformanceFacts.quoted(view.value ?? ""))")
    case "UIView":
        // A masked field is UIKit's text field (MaskedTextInput).
        guard let field = view.uiView as? UITextField else { return }
        let name = view.modifier("accessibilityLabel") as? String ?? field.accessibilityLabel ?? ""
        facts.append("field \(ConformanceFacts.quoted(name)) = \(ConformanceFacts.quoted(field.text ?? ""))")
    case "Toggle":
        let state = view.value ?? "off"
        let action = performed { view.action?() }
        view.setFlag?(state == "on") // back as it was
        facts.append("switch \(ConformanceFacts.quoted(view.title ?? "")) \(state)" + action)
    case "Shape", "Color":
        if roles.contains("image"), let label = view.modifier("accessibilityLabel") as? String {
            facts.append("image \(ConformanceFacts.quoted(label))")
        }
    default:
        for child in view.children { ConformanceCheck.collect(child, into: &facts) }
    }
}

enum ConformanceCheck {
    @MainActor static func collect(_ view: InspectedView, into list: inout [String]) { readFacts(of: view, into: &list) }

    /// The facts of a screen view in light and dark, colours merged as `#light/#dark`.
    @MainActor static func facts(of view: ScreenView) -> [String] {
        var light: [String] = []
        var dark: [String] = []
        var environment = EnvironmentValues()
        collect(ViewInspector.inspect(view, environment: environment), into: &light)
        environment.colorScheme = .dark
        collect(ViewInspector.inspect(view, environment: environment), into: &dark)
        guard light.count == dark.count else {
            let first = zip(light, dark).first { $0.prefix(12) != $1.prefix(12) }.map { "\($0) (light) ≠ \($1) (dark)" } ?? "at the end"
            return light + ["(dark mode shows \(dark.count) facts, light \(light.count); first difference: \(first))"]
        }
        return zip(light, dark).map { light, dark in
            guard let lightColour = light.range(of: " color="), let darkColour = dark.range(of: " color=") else { return light }
            return String(light[..<lightColour.upperBound]) + light[lightColour.upperBound...] + "/" + dark[darkColour.upperBound...]
        }
    }
}

@MainActor func runtime(serving screens: [String: Screen]) -> ScreenplayRuntime {
    ScreenplayRuntime(
        configuration: ClientConfiguration(server: URL(string: "http://screens.test")!), components: components(),
        transport: transport(screens))
}

@MainActor func screenView(_ store: ScreenStore, _ runtime: ScreenplayRuntime) -> ScreenView {
    ScreenView(store: store, runtime: runtime, components: components()) { action in
        Run.captured = action
        return true
    }
}

@MainActor func main() async throws {
    // 1. The conformance suite.
    let cases = try ConformanceCase.all()
    for test in cases {
        let runtime = runtime(serving: ["/" + test.name: test.screen])
        await runtime.open("/" + test.name)
        guard let store = runtime.current, store.screen != nil else {
            Run.failures.append("\(test.name): the runtime did not load the case")
            continue
        }
        for (key, value) in test.values { store.set(key, to: value) }
        if let mismatch = test.mismatch(ConformanceCheck.facts(of: screenView(store, runtime)), renderer: "the SwiftUI renderer") {
            Run.failures.append(mismatch)
        }
        let graph = ViewGraph(screenView(store, runtime))
        check(graph.problems.isEmpty, "\(test.name): SwiftUI would report \(graph.problems)")
        let keys = LocalizationCheck.serverWordsAsKeys(in: graph.root)
        check(keys.isEmpty, "\(test.name): server words drawn as localized keys: \(keys)")
        let clipped = FocusCheck.clippedControls(in: graph.root)
        check(clipped.isEmpty, "\(test.name): focus rings clipped around \(clipped)")
    }

    // 2. Every example screen of the write-ups (Examples/screens) shows what its presentation says.
    let examples = ConformanceCase.defaultFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/screens")
    var demo: [String: Screen] = [:]
    for file in try FileManager.default.contentsOfDirectory(at: examples, includingPropertiesForKeys: nil)
    where file.pathExtension == "json" {
        guard let screen = Screen.decode(from: Array(try Data(contentsOf: file))).value else {
            Run.failures.append("\(file.lastPathComponent) does not decode")
            continue
        }
        demo["/" + file.deletingPathExtension().lastPathComponent] = screen
    }
    check(demo.count >= 5, "the example screens are there (\(demo.count))")
    for path in demo.keys.sorted() {
        let runtime = runtime(serving: demo)
        await runtime.open(path)
        guard let store = runtime.current, let screen = store.screen else {
            Run.failures.append("\(path): the runtime did not load it")
            continue
        }
        let presented = Presenter(options: PresentationOptions(customTypes: components().typeNames)).present(screen, values: store.values)
        let expected = ConformanceFacts.facts(of: presented)
        let shown = ConformanceCheck.facts(of: screenView(store, runtime))
        let clipped = FocusCheck.clippedControls(in: ViewInspector.inspect(screenView(store, runtime)))
        check(clipped.isEmpty, "\(path): focus rings clipped around \(clipped)")
        check(expected.count > 5, "\(path): only \(expected.count) facts")
        check(
            shown == expected,
            "\(path): the SwiftUI renderer shows \(shown.count) facts, the presentation \(expected.count): "
                + "first difference \(zip(shown, expected).first { $0 != $1 }.map { "\($0) ≠ \($1)" } ?? "in length")"
                + (shown.count != expected.count ? "; \(shown.last ?? "")" : ""))
    }

    // 3. SwiftUI's update rules: the stand-in's model holds, and the renderer re-evaluates only
    // what a keystroke or a one-city patch changed.
    LocalizationCheck.verifyModel()
    await UpdateRules.checkModel()
    await UpdateRules.checkKeystroke(demo: demo)
    await UpdateRules.checkLeavingAField()
    await UpdateRules.checkPatch(demo: demo)
    await UpdateRules.checkIdentities()
    await DynamicTypeCheck.verify(demo: demo)
    try await MotionCheck.verify()

    // 4. The coordinator pushes, pops and opens native routes on a navigation controller.
    // The format's own names: `Text` here is SwiftUI's.
    let first = Screen(id: "first") { Component.Text("first").onTap(.navigate("/second")) }
    let second = Screen(id: "second") { Component.Text("second") }
    let runtime = runtime(serving: ["/first": first, "/second": second])
    let navigation = UINavigationController()
    let coordinator = ScreenplayCoordinator(runtime: runtime, navigationController: navigation)
    var nativeRoutes: [String] = []
    coordinator.route("/cars/:id") { route in
        nativeRoutes.append(route.parameters["id"] ?? "")
        return UIViewController()
    }
    await coordinator.start("/first")
    try await Task.sleep(for: .milliseconds(50))
    check(navigation.viewControllers.count == 1, "the coordinator shows the first screen (\(navigation.viewControllers.count) controllers)")
    await runtime.perform(.navigate("/second"))
    try await Task.sleep(for: .milliseconds(50))
    check(navigation.viewControllers.count == 2, "a navigate pushes a screen (\(navigation.viewControllers.count) controllers)")
    check((navigation.topViewController as? ScreenViewController)?.store.screen?.id == "second", "the pushed screen is the second")
    navigation.popViewController(animated: true)
    check(runtime.stack.count == 1, "a swipe back pops the runtime (\(runtime.stack.count) screens)")
    await runtime.perform(.navigate("/cars/42"))
    check(nativeRoutes == ["42"], "a native route opens the app's view controller (\(nativeRoutes))")
    check(navigation.viewControllers.count == 2, "the native view controller is pushed")

    try await UIKitCheck.verify()
    try await UIKitEndingsCheck.verify()
    await ScreenplayViewCheck.verify()
    await UIKitActivityCheck.verify()
    try await ImageCheck.verify()
    try await ImageAccessibilityCheck.verify()
    await LazyCheck.verify()
    await FieldCheck.verify()
    await MaskedFieldCheck.verify()
    await FocusCheck.verify()
    await LifecycleCheck.verify()

    // 5. An app's registration (AppFile.swift) draws its component.
    let banner = CustomComponent("BANNER", properties: ["title": "Sale", "subscribed": false])
    let drawn = try appRegistry().render(banner).map { ViewInspector.inspect($0) }
    var bannerFacts: [String] = []
    if let drawn { ConformanceCheck.collect(drawn, into: &bannerFacts) }
    check(bannerFacts.first == "text \"Sale\" color=red", "the app's component is drawn (\(bannerFacts))")
    check(formatText.text == "from the format" && formatColor.light.hex == "#1a73e8", "the format's types by their full names")
    check(AppNames.check(), "an app file names the presentation's types next to SwiftUI's")

    for line in UpdateRules.report { print(line) }
    print(
        "check-apple: \(cases.count) conformance cases, \(demo.count) example screens, update rules, the coordinator: "
            + (Run.failures.isEmpty ? "all agree" : "\(Run.failures.count) failures"))
    for failure in Run.failures { print(failure) }
    exit(Run.failures.isEmpty ? 0 : 1)
}

try await main()
