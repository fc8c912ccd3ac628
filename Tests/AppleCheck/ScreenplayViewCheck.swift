// ScreenplayView through the stand-ins (issue 41, item 8), on the real runtime over an in-memory
// server: it opens its path, a tap that navigates pushes on its NavigationStack and Back pops the
// runtime, `present` opens a sheet with a navigation of its own that a swipe down or `dismiss`
// closes, and its hooks: the web fallback the app gives, `openURL` for `open` and for a fallback
// the app left unset, hooks the app set on the runtime kept, and `onAction` seeing every tap first.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplaySwiftUI
import SwiftUI

enum ScreenplayViewCheck {
    @MainActor static func verify() async {
        let server = Screens([
            "/first": Screen(id: "first", title: "First") {
                Component.Text("first").onTap(.navigate("/second"))
                Component.Text("open sheet").onTap(.present("/sheet", style: .sheet))
                Component.Text("leave").onTap(.open("https://example.com/help"))
            },
            "/second": Screen(id: "second", title: "Second") { Component.Text("second").onTap(.back) },
            "/sheet": Screen(id: "sheet", title: "Sheet") {
                Component.Text("in sheet").onTap(.navigate("/second"))
                Component.Text("close").onTap(.dismiss)
            },
        ])
        await navigation(server)
        await sheets(server)
        await hooks(server)
        await unavailableFirstScreen(server)
    }

    /// Waits (at most a second) until `done`: the runtime loads on the in-memory server and the
    /// view's `.task` runs, both off the test's turn.
    @MainActor static func settle(until done: () -> Bool) async {
        for _ in 0..<200 where !done() {
            await Task.yield()
            if !done() { try? await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// The NavigationStack a graph shows (the outermost).
    static func stack(in view: InspectedView) -> InspectedView? {
        var found: InspectedView?
        view.walk { if found == nil, $0.kind == "NavigationStack" { found = $0 } }
        return found
    }

    /// Every text of a tree, in order.
    static func texts(in view: InspectedView?) -> [String] {
        var texts: [String] = []
        view?.walk { if $0.kind == "Text", let text = $0.text?.plainText, !text.isEmpty { texts.append(text) } }
        return texts
    }

    /// The user taps the node that shows `text` (its button's action).
    @MainActor static func tap(_ text: String, in view: InspectedView?) -> Bool {
        var action: (() -> Void)?
        view?.walk { node in
            if action == nil, node.kind == "Button", texts(in: node) == [text] { action = node.action }
        }
        action?()
        return action != nil
    }

    /// What `.sheet(item:)` shows now.
    static func sheet(of view: InspectedView) -> SheetRecord? {
        var record: SheetRecord?
        view.walk { node in
            if record == nil, let sheet = node.modifier("sheet") as? SheetRecord { record = sheet }
        }
        return record
    }

    @MainActor static func navigation(_ server: Screens) async {
        let runtime = server.runtime()
        let graph = ViewGraph(ScreenplayView("/first", runtime: runtime))
        check(stack(in: graph.root)?.children.first?.kind == "ProgressView", "ScreenplayView: loading shows a progress view first")
        await settle { runtime.stack.first?.screen != nil }
        graph.update()
        check(texts(in: stack(in: graph.root)).first == "first", "ScreenplayView: opens its path (\(texts(in: graph.root)))")
        check(stack(in: graph.root)?.value == "0", "ScreenplayView: nothing is pushed over the first screen")

        // A tap that navigates pushes the screen on the NavigationStack.
        check(tap("first", in: graph.root), "ScreenplayView: the first screen's node is a button")
        await settle { runtime.stack.count == 2 && runtime.stack.last?.screen != nil }
        graph.update()
        let pushed = stack(in: graph.root)
        check(
            pushed?.value == "1" && texts(in: pushed?.children.last) == ["second"],
            "ScreenplayView: a navigate pushes the screen (\(pushed?.value ?? "no stack"), \(texts(in: pushed?.children.last)))")

        // The user taps Back: the runtime pops, and the stack shows the first screen again.
        pushed?.action?()
        check(runtime.stack.count == 1, "ScreenplayView: Back pops the runtime (\(runtime.stack.count) screens)")
        graph.update()
        check(stack(in: graph.root)?.value == "0", "ScreenplayView: and the stack (\(stack(in: graph.root)?.value ?? "no stack"))")

        // The pushed screen's own `back` pops too; pushing the same path again is a new screen.
        let before = runtime.stack.last?.id
        _ = tap("first", in: graph.root)
        await settle { runtime.stack.count == 2 && runtime.stack.last?.screen != nil }
        graph.update()
        check(runtime.stack.last?.id != before, "ScreenplayView: a screen pushed again has an identity of its own")
        check(tap("second", in: stack(in: graph.root)?.children.last), "ScreenplayView: the pushed screen's node is a button")
        await settle { runtime.stack.count == 1 }
        graph.update()
        check(stack(in: graph.root)?.value == "0", "ScreenplayView: a back action pops the stack (\(runtime.stack.count) screens)")
    }

    @MainActor static func sheets(_ server: Screens) async {
        let runtime = server.runtime()
        let graph = ViewGraph(ScreenplayView("/first", runtime: runtime))
        await settle { runtime.stack.first?.screen != nil }
        graph.update()
        check(sheet(of: graph.root)?.content == nil, "ScreenplayView: no sheet at first")

        // `present` opens a sheet with its own navigation; a navigate inside it stays in it.
        _ = tap("open sheet", in: graph.root)
        await settle { runtime.presented?.screen != nil }
        graph.update()
        guard let content = sheet(of: graph.root)?.content else {
            check(false, "ScreenplayView: present opens a sheet")
            return
        }
        let sheetGraph = ViewGraph(content)
        check(
            texts(in: sheetGraph.root).first == "in sheet",
            "ScreenplayView: the sheet shows the presented screen (\(texts(in: sheetGraph.root)))")
        _ = tap("in sheet", in: sheetGraph.root)
        await settle { runtime.presentedStack.count == 2 && runtime.presentedStack.last?.screen != nil }
        sheetGraph.update()
        graph.update()
        check(stack(in: sheetGraph.root)?.value == "1", "ScreenplayView: a navigate in the sheet pushes in the sheet")
        check(stack(in: graph.root)?.value == "0", "ScreenplayView: and not under it")
        // Back in the sheet pops in the sheet.
        stack(in: sheetGraph.root)?.action?()
        check(runtime.presentedStack.count == 1, "ScreenplayView: Back in the sheet pops in the sheet (\(runtime.presentedStack.count))")

        // The user swipes the sheet down: the runtime lets it go.
        sheet(of: graph.root)?.dismiss()
        check(runtime.presented == nil, "ScreenplayView: a sheet swiped down is dismissed in the runtime")
        graph.update()
        check(sheet(of: graph.root)?.content == nil, "ScreenplayView: and on screen")

        // A `dismiss` action closes it too.
        _ = tap("open sheet", in: graph.root)
        await settle { runtime.presented?.screen != nil }
        graph.update()
        if let content = sheet(of: graph.root)?.content { _ = tap("close", in: ViewGraph(content).root) }
        await settle { runtime.presented == nil }
        graph.update()
        check(runtime.presented == nil && sheet(of: graph.root)?.content == nil, "ScreenplayView: a dismiss action closes the sheet")
    }

    /// A first screen that cannot open (the server does not have it: its web page opened instead)
    /// leaves no spinner behind: the view says so, with a Retry that opens it once the server has it.
    @MainActor static func unavailableFirstScreen(_ server: Screens) async {
        var fellBack: [URL] = []
        let runtime = server.runtime()
        let graph = ViewGraph(ScreenplayView("/soon", runtime: runtime, webFallback: { fellBack.append($0) }))
        await settle { !fellBack.isEmpty }
        for _ in 0..<20 { await Task.yield() }
        graph.update()
        let root = stack(in: graph.root)?.children.first
        check(root?.kind != "ProgressView", "ScreenplayView: a first screen that cannot open leaves a spinner (\(fellBack))")
        check(
            texts(in: root).contains("Retry") && texts(in: root).count > 1,
            "ScreenplayView: a first screen that cannot open says so, with a Retry (\(texts(in: root)))")
        server.add("/soon", Screen(id: "soon", title: "Soon") { Component.Text("soon") })
        _ = tap("Retry", in: root)
        await settle { runtime.stack.first?.screen != nil }
        graph.update()
        check(texts(in: stack(in: graph.root)) == ["soon"], "ScreenplayView: Retry opens it (\(texts(in: stack(in: graph.root))))")
    }

    @MainActor static func hooks(_ server: Screens) async {
        // The app's web fallback, and `openURL` for `open`.
        var opened: [URL] = []
        var fellBack: [URL] = []
        var environment = EnvironmentValues()
        environment.openURL = OpenURLAction { url in
            opened.append(url)
            return .handled
        }
        let runtime = server.runtime()
        let graph = ViewGraph(ScreenplayView("/first", runtime: runtime, webFallback: { fellBack.append($0) }), environment: environment)
        await settle { runtime.stack.first?.screen != nil }
        graph.update()
        await runtime.perform(.navigate("/gone"))
        check(
            fellBack.map(\.path) == ["/gone"],
            "ScreenplayView: a screen the server does not have opens the app's web fallback (\(fellBack))")
        _ = tap("leave", in: graph.root)
        await settle { !opened.isEmpty }
        check(opened.map(\.absoluteString) == ["https://example.com/help"], "ScreenplayView: `open` goes to openURL (\(opened))")

        // Without one, the web fallback is openURL too.
        opened = []
        let plain = server.runtime()
        let plainGraph = ViewGraph(ScreenplayView("/first", runtime: plain), environment: environment)
        await settle { plain.stack.first?.screen != nil }
        await plain.perform(.navigate("/gone"))
        check(
            opened.map(\.path) == ["/gone"], "ScreenplayView: without a web fallback of the app's, openURL opens the web page (\(opened))")
        withExtendedLifetime(plainGraph) {}

        // Hooks the app set on the runtime are kept.
        var own: [URL] = []
        let configured = server.runtime()
        configured.openExternally = { own.append($0) }
        configured.webFallback = { own.append($0) }
        let configuredGraph = ViewGraph(ScreenplayView("/first", runtime: configured), environment: environment)
        await settle { configured.stack.first?.screen != nil }
        configuredGraph.update()
        opened = []
        await configured.perform(.navigate("/gone"))
        _ = tap("leave", in: configuredGraph.root)
        await settle { own.count == 2 }
        check(own.count == 2 && opened.isEmpty, "ScreenplayView: the app's own hooks on the runtime are kept (\(own), openURL: \(opened))")

        // `onAction` sees every tap first; what it handles never reaches the runtime.
        var seen: [Action] = []
        let intercepted = server.runtime()
        let interceptedGraph = ViewGraph(
            ScreenplayView(
                "/first", runtime: intercepted,
                onAction: { action in
                    seen.append(action)
                    return true
                }))
        await settle { intercepted.stack.first?.screen != nil }
        interceptedGraph.update()
        _ = tap("first", in: interceptedGraph.root)
        for _ in 0..<20 { await Task.yield() }
        check(seen == [.navigate("/second")], "ScreenplayView: onAction sees the tap first (\(seen))")
        check(
            intercepted.stack.count == 1,
            "ScreenplayView: and a tap it handled does not reach the runtime (\(intercepted.stack.count) screens)")
    }
}
