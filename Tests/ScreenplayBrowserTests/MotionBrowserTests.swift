import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayServer
import ScreenplayTestHarness
import Testing

@testable import ScreenplayHTML

/// Motion in a real headless Chromium, against a real server on loopback: every case of
/// `Tests/Conformance/motion/cases.json` (which `MotionCaseTests` runs through `MotionPlan`) is
/// loaded, tapped and patched through the screen's live stream, and the animations the page's
/// script starts are read back from the Web Animations API — which nodes move and how
/// (keyframes, durations, delays, as `WebMotion` decided them), and the state they leave once
/// finished. The same cases run under emulated `prefers-reduced-motion`, where no keyframe moves;
/// pressed nodes dim (and shrink only without it); an exit interrupted by a re-show ends shown;
/// no script error or Content-Security-Policy violation anywhere.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct MotionBrowserTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/motion/cases.json")

    static func cases() throws -> [JSONValue] {
        try JSONParser.parse(Array(try Data(contentsOf: file))).arrayValue ?? []
    }

    static var descriptions: [String] { (try? cases().compactMap { $0["description"]?.stringValue }) ?? [] }

    /// The variable browser tests' watcher, and every animation the page starts, kept (even once
    /// finished) so that a short one is read as surely as a long one.
    static let watcher =
        VariableBrowserTests.watcher + #"""
            window.__animations = [];
            const originalAnimate = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
              const animation = originalAnimate.apply(this, args);
              window.__animations.push(animation);
              return animation;
            };
            """#

    /// The screens a test serves, changed by the test as a patch would change them.
    final class Screens: Sendable {
        private let screens = NIOLockedValueBox<[String: Screen]>([:])
        subscript(id: String) -> Screen? {
            get { screens.withLockedValue { $0[id] } }
            set { screens.withLockedValue { $0[id] = newValue } }
        }
    }

    static func server(serving screen: Screen, in screens: Screens, live: LiveUpdates) async throws -> TestServer {
        screens[screen.id] = screen
        return try await TestServer.serving {
            var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en"], default: "en"))
            routes.live = live
            routes.screen(screen.id) { _ in screens[screen.id] ?? screen }
            let router = Router()
            routes.addRoutes(to: router)
            return router
        }
    }

    /// What one recorded animation is, read from the Web Animations API.
    static let recorded = #"""
        const meta = ["offset", "easing", "composite", "computedOffset", "transformOrigin"];
        const properties = (frame) => Object.keys(frame || {}).filter((key) => !meta.includes(key)).sort();
        // (A node drawn again while it moves, by the stream's first event, goes on in a copy: the same movement.)
        const seen = new Set();
        return window.__animations.slice(arguments[0]).filter((a) => / (enter|exit|change)$/.test(a.id) && !seen.has(a.id) && seen.add(a.id)).map((a) => {
          const timing = a.effect.getTiming();
          const frames = a.effect.getKeyframes();
          return { id: a.id, duration: timing.duration, delay: timing.delay, iterations: timing.iterations, easing: timing.easing,
            first: properties(frames[0]), last: properties(frames[frames.length - 1]), frames: frames.length,
            moves: frames.some((f) => "transform" in f || "width" in f || "height" in f),
            listed: window.__animations.slice(arguments[0]).some((b) => b.id === a.id && (b.playState === "finished" || document.getAnimations().includes(b))),
            state: a.playState };
        });
        """#

    @Test(arguments: descriptions, [false, true])
    func theCasePlaysInChromiumAsThePlanSays(description: String, reducedMotion: Bool) async throws {
        let entry = try #require(try Self.cases().first { $0["description"]?.stringValue == description })
        let document = try #require(entry["screen"])
        var screen = try #require(Screen.decode(from: document).value)
        screen.stream = "/screens/\(screen.id)/stream"
        let steps = entry["steps"]?.arrayValue ?? []
        let live = LiveUpdates()
        let screens = Screens()
        let server = try await Self.server(serving: screen, in: screens, live: live)
        let label = "\(description)\(reducedMotion ? " (reduced motion)" : "")"
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await browser.emulate(reducedMotion: reducedMotion)
            // Ten times slower: what a step starts is still running when it is read.
            try await browser.devTools("Animation.enable")
            try await browser.devTools("Animation.setPlaybackRate", ["playbackRate": 0.1])
            for (index, step) in steps.enumerated() {
                let at = "\(label), step \(index)"
                let before = screen
                var mark = 0
                if step["load"]?.boolValue == true {
                    try await BrowserTests.loaded(browser, "\(server.url)/screens/\(screen.id)")
                    if steps.contains(where: { $0["patch"] != nil }) {
                        try await browser.wait(
                            until: "return document.getElementById('screenplay').dataset.live === 'true'", "the page's stream opened")
                    }
                    if screen.usesExpressions {
                        try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
                    }
                } else {
                    mark = try await browser.execute("return window.__animations.length").intValue ?? 0
                    if let id = step["tap"]?.stringValue {
                        try await browser.click("[data-sp-id=\"\(id)\"]")
                    } else if let patch = step["patch"] {
                        let decoded = try #require(try ScreenPatch.decode(from: patch).value)
                        screen = try decoded.apply(to: screen)
                        screens[screen.id] = screen
                        live.invalidate(screen.id)
                    }
                }
                var expected = step["plays"]?.arrayValue?.compactMap(\.stringValue) ?? []
                if reducedMotion {
                    // Under reduced motion a change is set at once (Motion.reducingMotion()): the same nodes enter and leave.
                    expected = expected.filter { !$0.hasSuffix(" change") }
                }
                try await Self.waitForAnimations(browser, since: mark, playing: expected, at)
                let played = try await browser.execute(Self.recorded, [.number(Double(mark))]).arrayValue ?? []
                #expect(played.compactMap { $0["id"]?.stringValue } == expected, "\(at): what plays")
                for animation in played {
                    try Self.check(animation, before: before, after: screen, reducedMotion: reducedMotion, at)
                }
                // Finished, every movement leaves the new state: shown as the case says, nothing leaving, nothing held.
                try await browser.execute("document.getAnimations().forEach((a) => { try { a.finish(); } catch (_) {} })")
                try await browser.wait(
                    until: "return !document.querySelector('[data-sp-leaving],[inert]') && "
                        + "!document.getAnimations().some((a) => / (enter|exit|change)$/.test(a.id))",
                    "\(at): every movement ended")
                for (id, shown) in step["shown"]?.objectValue ?? [:] {
                    let visible = try await browser.execute(
                        "const e = document.querySelector(`[data-sp-id=\"${arguments[0]}\"]`); return !!e && e.checkVisibility()",
                        [.string(id)])
                    #expect(visible.boolValue == shown.boolValue, "\(at): \(id) shown")
                }
                let still = try await browser.execute(
                    "return [...document.querySelectorAll('[data-sp-motion]')].filter((e) => e.checkVisibility())"
                        + ".filter((e) => getComputedStyle(e).opacity !== '1' || getComputedStyle(e).transform !== 'none').map((e) => e.dataset.spId || e.outerHTML)"
                )
                #expect(still == [], "\(at): shown nodes not in their final state")
            }
            try await VariableBrowserTests.expectClean(browser, label)
        }
    }

    /// Waits until as many movements as `expected` were recorded since `mark`, then checks for a
    /// little longer that those and no others play (for any that should not).
    static func waitForAnimations(_ browser: WebDriver, since mark: Int, playing expected: [String], _ label: String) async throws {
        let count = expected.count
        try await browser.wait(
            until:
                "return new Set(window.__animations.slice(\(mark)).filter((a) => / (enter|exit|change)$/.test(a.id)).map((a) => a.id)).size >= \(count)",
            "\(label): \(count) movements")
        try await consistently(
            for: .milliseconds(count == 0 ? 500 : 150), pollingEvery: .milliseconds(50), "\(label): only \(expected) play"
        ) {
            let played = try await browser.execute(Self.recorded, [.number(Double(mark))]).arrayValue ?? []
            return played.compactMap { $0["id"]?.stringValue } == expected
        }
    }

    /// One animation against what ``WebMotion`` decided for its node: timing, the properties its
    /// keyframes move, and under reduced motion no movement at all.
    static func check(_ animation: JSONValue, before: Screen, after: Screen, reducedMotion: Bool, _ label: String) throws {
        let id = animation["id"]?.stringValue ?? ""
        let parts = id.split(separator: " ")
        guard parts.count == 2 else { return }
        let (node, kind) = (String(parts[0]), String(parts[1]))
        let source = (kind == "exit" ? before : after).body.node(withID: node)
        let motion = try #require(source?.motion, "\(label): \(id) has no motion")
        var decided = try #require(WebMotion.json(for: motion))
        if reducedMotion, let reduced = decided["reduced"] { decided = reduced }
        let part = try #require(decided[kind], "\(label): \(id) was not decided")
        #expect(animation["duration"]?.doubleValue == part["duration"]?.doubleValue, "\(label): \(id) duration")
        #expect(animation["delay"]?.doubleValue == part["delay"]?.doubleValue, "\(label): \(id) delay")
        #expect(
            animation["listed"]?.boolValue == true, "\(label): \(id) is not one of document.getAnimations(): \(animation["state"] ?? nil)")
        if reducedMotion { #expect(animation["moves"]?.boolValue == false, "\(label): \(id) moves under reduced motion") }
        switch kind {
        case "enter":
            let from = Set(part["from"]?.objectValue?.keys.map { $0 } ?? [])
            #expect(Set(animation["first"]?.arrayValue?.compactMap(\.stringValue) ?? []) == from, "\(label): \(id) starts from")
            #expect(animation["iterations"]?.doubleValue == part["iterations"]?.doubleValue, "\(label): \(id) iterations")
        case "exit":
            let to = Set(part["to"]?.objectValue?.keys.map { $0 } ?? [])
            #expect(Set(animation["last"]?.arrayValue?.compactMap(\.stringValue) ?? []) == to, "\(label): \(id) goes to")
        default:
            let moved = Set(animation["first"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            #expect(
                !moved.isEmpty && moved.isSubset(of: ["opacity", "transform", "width", "height", "backgroundColor", "color"]),
                "\(label): \(id) changes \(moved)")
        }
    }

    // MARK: - Interruption

    /// Hidden, then shown again before its exit ends: the exit is cancelled, the node stays shown
    /// and ends as itself (no leftover opacity, transform or `inert`).
    @Test(arguments: [false, true])
    func anExitInterruptedByAReShowEndsShown(reducedMotion: Bool) async throws {
        let entry = try #require(try Self.cases().first { $0["screen"]?["id"]?.stringValue == "toggle" })
        let document = try #require(entry["screen"])
        let screen = try #require(Screen.decode(from: document).value)
        let server = try await Self.server(serving: screen, in: Screens(), live: LiveUpdates())
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await browser.emulate(reducedMotion: reducedMotion)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/toggle")
            try await browser.wait(until: "return typeof window.ScreenplayExpressions === 'object'", "the evaluator loaded")
            let panel = "document.querySelector('[data-sp-id=\"panel\"]')"
            try await browser.click("[data-sp-id=\"show\"]")
            try await browser.wait(until: "return \(panel).checkVisibility()", "the panel is shown")
            try await browser.execute("document.getAnimations().forEach((a) => a.finish())")
            // Hide, and show again 60 ms into its 150 ms exit.
            let midway = try await browser.execute(
                """
                const panel = \(panel);
                document.querySelector('[data-sp-id="hide"]').click();
                await new Promise((resolve) => setTimeout(resolve, 60));
                const exit = window.__animations.filter((a) => a.id === "panel exit").pop();
                const leaving = { hidden: panel.hidden, inert: panel.hasAttribute("inert"), exit: exit ? exit.playState : "none",
                  opacity: Number(getComputedStyle(panel).opacity) };
                document.querySelector('[data-sp-id="show"]').click();
                const back = window.__animations.filter((a) => a.id === "panel enter").pop();
                return { leaving, exit: exit ? exit.playState : "none", hidden: panel.hidden, inert: panel.hasAttribute("inert"),
                  enter: back ? back.playState : "none", from: back ? Number(back.effect.getKeyframes()[0].opacity) : -1 };
                """)
            #expect(midway["leaving"]?["hidden"] == false, "drawn while it leaves")
            #expect(midway["leaving"]?["inert"] == true, "not reachable while it leaves")
            #expect(midway["leaving"]?["exit"] == "running")
            #expect(midway["exit"] == "idle", "the exit was cancelled")
            #expect(midway["hidden"] == false)
            #expect(midway["inert"] == false)
            #expect(midway["enter"] == "running", "it comes back from where it was")
            let from = midway["from"]?.doubleValue ?? -1
            let leavingOpacity = midway["leaving"]?["opacity"]?.doubleValue ?? -2
            #expect(
                from > 0 && abs(from - leavingOpacity) < 0.35,
                "it comes back from about where it was (\(from), \(leavingOpacity)), not from nothing")
            // Left to play out, it ends shown and as itself.
            try await browser.wait(
                until: "const p = \(panel); return p.checkVisibility() && getComputedStyle(p).opacity === '1'"
                    + " && getComputedStyle(p).transform === 'none' && !p.hasAttribute('inert')",
                "left to play out, it ends shown and as itself")
            let end = try await browser.execute(
                "const p = \(panel); return [p.checkVisibility(), getComputedStyle(p).opacity, getComputedStyle(p).transform, p.hasAttribute('inert')]"
            )
            #expect(end == [true, "1", "none", false], "\(end)")
            // Hidden for good, it ends hidden.
            try await browser.click("[data-sp-id=\"hide\"]")
            try await browser.wait(until: "return \(panel).hidden === true && !\(panel).hasAttribute('inert')", "hidden after its exit")
            #expect(try await browser.execute("return \(panel).getAnimations().length") == 0, "a hidden node holds no end state")
            try await VariableBrowserTests.expectClean(browser, "interruption")
        }
    }

    // MARK: - Press

    static let pressScreen = Screen(id: "press") {
        VStack(spacing: 24) {
            Text("Card").id("card").onTap(.setState("tapped", "card")).padding(20)
            Text("Tile").id("tile").onTap(.setState("tapped", "tile")).pressEffect(.scale).padding(20)
            Text("Quiet").id("quiet").onTap(.setState("tapped", "quiet")).pressEffect(.off).padding(20)
        }
    }

    /// True when the node `id` runs no transition and looks as it does at rest (`rest`) or not (`!rest`).
    static func still(_ id: String, atRest rest: Bool) -> String {
        "const e = document.querySelector('[data-sp-id=\"\(id)\"]'); const s = getComputedStyle(e);"
            + " return e.getAnimations().length === 0 && (s.opacity === '1' && s.transform === 'none') === \(rest)"
    }

    /// Held down, a tappable node dims by default, shrinks with `scale`, and does nothing with
    /// `none`; under reduced motion nothing shrinks (it dims instead).
    @Test(arguments: [false, true])
    func pressedNodesDimAndShrinkOnlyWithoutReducedMotion(reducedMotion: Bool) async throws {
        let server = try await Self.server(serving: Self.pressScreen, in: Screens(), live: LiveUpdates())
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(Self.watcher)
            try await browser.emulate(reducedMotion: reducedMotion)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/press")
            var pressed: [String: JSONValue] = [:]
            for id in ["card", "tile", "quiet"] {
                try await browser.force(["active"], on: "[data-sp-id=\"\(id)\"]")
                if id == "quiet" {
                    try await browser.holds(Self.still(id, atRest: true), for: .milliseconds(400), "quiet, pressed, keeps its look")
                } else {
                    try await browser.wait(until: Self.still(id, atRest: false), "\(id) pressed, its transition ended")
                }
                pressed[id] = try await browser.execute(
                    "const e = document.querySelector(`[data-sp-id=\"${arguments[0]}\"]`); const s = getComputedStyle(e); return [s.opacity, s.transform]",
                    [.string(id)])
                try await browser.force([], on: "[data-sp-id=\"\(id)\"]")
            }
            #expect(pressed["card"] == ["0.6", "none"], "the default press dims: \(pressed)")
            #expect(pressed["quiet"] == ["1", "none"], "none turns it off: \(pressed)")
            if reducedMotion {
                #expect(pressed["tile"] == ["0.6", "none"], "under reduced motion a press does not shrink: \(pressed)")
            } else {
                #expect(pressed["tile"] == ["0.85", "matrix(0.96, 0, 0, 0.96, 0, 0)"], "scale shrinks and dims: \(pressed)")
            }
            // (A released node's style is recomputed at the next press; the tile's is, at the quiet one's.)
            try await browser.wait(until: Self.still("tile", atRest: true), "the tile released, back at rest")
            let released = try await browser.execute("return getComputedStyle(document.querySelector('[data-sp-id=\"tile\"]')).transform")
            #expect(released == "none", "released, it is itself again")
            try await VariableBrowserTests.expectClean(browser, "press")
        }
    }

    // MARK: - A figure

    /// The longest long animation frame (`long-animation-frame`, over 50 ms) while the demo's
    /// cities screen plays a live patch — a new day's bars growing, the oldest leaving — with the
    /// CPU throttled 4×. A figure for docs/PERFORMANCE.md, not a timed test: it prints what it
    /// measured and only checks that it measured something. Opt in with SCREENPLAY_MOTION_FIGURES=1:
    ///
    /// ```sh
    /// SCREENPLAY_MOTION_FIGURES=1 swift test --filter MotionBrowserTests/longAnimationFramesOfAnAnimatedLivePatch
    /// ```
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SCREENPLAY_MOTION_FIGURES"] == "1"))
    func longAnimationFramesOfAnAnimatedLivePatch() async throws {
        let feed = CityFeed()
        let server = try await TestServer.demo(feed: feed)
        try await BrowserTests.withBrowser(server) { browser in
            try await browser.runBeforeEveryPage(
                Self.watcher + #"""
                    window.__frames = [];
                    new PerformanceObserver((list) => {
                      for (const entry of list.getEntries()) window.__frames.push({ start: entry.startTime, duration: entry.duration,
                        blocking: entry.blockingDuration, scripts: entry.scripts.reduce((sum, s) => sum + s.duration, 0) });
                    }).observe({ type: "long-animation-frame", buffered: true });
                    """#)
            try await BrowserTests.loaded(browser, "\(server.url)/screens/cities")
            try await browser.wait(
                until: "return document.getElementById('screenplay').dataset.live === 'true'", "the page's stream opened")
            try await browser.wait(
                until: "return !document.getAnimations().some((a) => a.playState === 'running')", "the page came to rest after loading")
            try await browser.devTools("Emulation.setCPUThrottlingRate", ["rate": 4])
            let rounds = 9
            var longest = 0.0
            var animations = 0
            for _ in 0..<rounds {
                let (mark, frames) = try await (
                    browser.execute("return window.__animations.length").intValue ?? 0,
                    browser.execute("return window.__frames.length").intValue ?? 0
                )
                feed.newDay()
                try await browser.wait(until: "return window.__animations.length > \(mark)", "a new day arrived and moved")
                // The bars grow (a spring of about 0.9 s at 4× slower) and the oldest day fades out.
                try await browser.wait(
                    until: "return !document.getAnimations().some((a) => a.playState === 'running')", "the new day's movements ended")
                animations += try await browser.execute("return window.__animations.length").intValue.map { $0 - mark } ?? 0
                let measured = try await browser.execute(
                    "return window.__frames.slice(arguments[0]).reduce((m, f) => Math.max(m, f.duration), 0)", [.number(Double(frames))])
                longest = max(longest, measured.doubleValue ?? 0)
            }
            try await browser.devTools("Emulation.setCPUThrottlingRate", ["rate": 1])
            let all = try await browser.execute(
                "return window.__frames.map((f) => `${Math.round(f.duration)} ms (scripts ${Math.round(f.scripts)} ms, blocking ${Math.round(f.blocking)} ms)`)"
            )
            print(
                "motion figure: \(rounds) animated live patches on /screens/cities at 4× CPU throttling: \(animations) animations started, longest long animation frame \(Int(longest.rounded())) ms (0 = none over 50 ms); every long frame since load: \(all.arrayValue?.compactMap(\.stringValue) ?? [])"
            )
            #expect(animations > 0, "the live patches animated nothing")
            // The demo's images point to an example host: their load errors are not the script's.
            #expect(try await browser.execute("return window.__errors.filter((e) => e.trim() !== 'error')") == [], "script errors")
            #expect(try await browser.execute("return window.__violations") == [], "policy violations")
        }
    }
}
