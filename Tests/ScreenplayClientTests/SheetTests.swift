import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayDSL
import ScreenplayTestHarness
import Testing

/// Presented sheets as the runtime keeps them: their own navigation, one at a time, a dismissal
/// by the user reported, and screens that finish loading after their sheet went are let go.
@MainActor @Suite struct SheetTests {
    /// Serves one screen per path (`/screens/a` has id `a`); `/screens/slow` answers after `delay`.
    static func runtime(delay: Duration = .zero) -> ScreenplayRuntime {
        let transport = InMemoryTransport { request in
            let path = String(request.url.path.dropFirst("/screens/".count))
            if path == "missing" { return TransportResponse(status: .notFound) }
            // Kept: the server's latency this fake transport plays (a screen that loads late).
            if path == "slow" { try await Task.sleep(for: delay) }
            let screen = Screen(id: path) { Text(path) }
            return TransportResponse(status: .ok, headers: [.cacheControl: "no-cache"], body: screen.encoded())
        }
        return ScreenplayRuntime(configuration: ClientConfiguration(server: URL(string: "http://screens.test")!), transport: transport)
    }

    @Test func navigationInsideASheetStaysInTheSheet() async {
        let runtime = Self.runtime()
        await runtime.open("/home")
        await runtime.perform(.present("/sheet", style: .sheet))
        await runtime.perform(.navigate("/inside"))
        #expect(runtime.stack.map(\.path) == ["/home"])
        #expect(runtime.presentedStack.map(\.path) == ["/sheet", "/inside"])
        #expect(runtime.current?.screen?.id == "inside")
        #expect(runtime.eventLog.suffix(2).map(\.description).allSatisfy { $0.hasPrefix("presented screen") })
        // Back pops inside the sheet first, then dismisses it.
        await runtime.perform(.back)
        #expect(runtime.presentedStack.map(\.path) == ["/sheet"])
        await runtime.perform(.back)
        #expect(runtime.presented == nil)
        #expect(runtime.current?.path == "/home")
        #expect(runtime.eventLog.last == .dismissed)
    }

    @Test func aSecondPresentIsRefusedWhileOneIsUp() async {
        let runtime = Self.runtime()
        await runtime.open("/home")
        await runtime.perform(.present("/first", style: .sheet))
        await runtime.perform(.present("/second", style: .sheet))
        #expect(runtime.presentedStack.map(\.path) == ["/first"])
        guard case .refused(let target, let reason)? = runtime.eventLog.last else {
            Issue.record("the second present was not refused: \(runtime.eventLog.last.map(\.description) ?? "")")
            return
        }
        #expect(target == "/second")
        #expect(reason.contains("/first is presented"))
    }

    @Test func aSheetTheUserDismissedIsLetGoOnce() async {
        let runtime = Self.runtime()
        await runtime.open("/home")
        await runtime.perform(.present("/sheet", style: .sheet))
        let sheet = runtime.presented
        runtime.presentationDismissed()
        #expect(runtime.presented == nil)
        #expect(runtime.eventLog.last == .dismissed)
        #expect(sheet != nil)
        let count = runtime.eventCount
        runtime.presentationDismissed() // the system's second word about the same sheet
        #expect(runtime.eventCount == count, "nothing happens when nothing is presented")
    }

    @Test func aScreenThatLoadsAfterItsSheetWentIsLetGo() async throws {
        let runtime = Self.runtime(delay: .milliseconds(200))
        await runtime.open("/home")
        await runtime.perform(.present("/sheet", style: .sheet))
        let navigation = Task { await runtime.perform(.navigate("/slow")) }
        try await eventually("/slow to be on the sheet's stack, loading") { @MainActor in runtime.presentedStack.count == 2 }
        #expect(runtime.presentedStack.map(\.path) == ["/sheet", "/slow"])
        runtime.presentationDismissed() // swiped away while /slow loads
        await navigation.value
        #expect(runtime.presentedStack.isEmpty)
        #expect(runtime.stack.map(\.path) == ["/home"], "the late screen went nowhere")
        #expect(runtime.current?.path == "/home")
    }

    @Test func screensHaveIdentitiesOfTheirOwn() async {
        let runtime = Self.runtime()
        await runtime.open("/home")
        await runtime.perform(.navigate("/a"))
        let first = runtime.stack.last?.id
        await runtime.perform(.back)
        await runtime.perform(.navigate("/a"))
        #expect(runtime.stack.last?.id != first, "the same path opened again is a new screen")
        #expect(Set(runtime.stack.map(\.id)).count == runtime.stack.count)
    }

    @Test func aFragmentIsThereAtOnceAndLoadsBehind() async throws {
        let runtime = Self.runtime(delay: .milliseconds(100))
        let fragment = runtime.loadFragment("/slow")
        guard case .loading = fragment.phase else {
            Issue.record("the fragment is not loading at first")
            return
        }
        try await eventually(within: .seconds(2), "the fragment to load") { @MainActor in fragment.screen != nil }
        #expect(fragment.screen?.id == "slow")
        #expect(runtime.stack.isEmpty, "a fragment is not on the stack")
    }
}
