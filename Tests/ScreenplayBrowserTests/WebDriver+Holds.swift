import ScreenplayTestHarness

extension WebDriver {
    /// Checks that `script` (a function body returning a boolean) stays true for the whole of
    /// `window`, and fails naming `what` the moment it is not: the browser's "nothing happens"
    /// (a hidden page's timer does not tick, a second tap sends nothing), looked at every 50 ms.
    ///
    ///     try await browser.holds("return window.__ticks === 3", for: .milliseconds(500), "the hidden page's timer holds still")
    func holds(_ script: String, for window: Duration, _ what: String) async throws {
        try await consistently(for: window, pollingEvery: .milliseconds(50), what) { try await execute(script) == true }
    }

    /// Waits until the page has come to rest for a picture of it: its fonts and images loaded and
    /// no animation or transition running.
    func waitUntilAtRest(_ what: String) async throws {
        try await wait(
            until: "return document.fonts.status === 'loaded' && [...document.images].every((i) => i.complete)"
                + " && !document.getAnimations().some((a) => a.playState === 'running')",
            what)
    }
}
