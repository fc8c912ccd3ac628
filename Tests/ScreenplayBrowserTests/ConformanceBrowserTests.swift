import Foundation
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayPresentation
import ScreenplayTestSupport
import Testing

/// The conformance suite (Tests/Conformance) against the web renderer, read back from the page in
/// a real headless Chromium as a user and a screen reader meet it: what is visible, its roles and
/// names, links and the actions the page's script would send, the colours in light and dark.
@Suite(
    .serialized,
    .enabled(
        if: WebDriver.isAvailable || WebDriver.isRequired, "needs chromium and chromium-driver (apt-get install chromium chromium-driver)"))
struct ConformanceBrowserTests {
    /// The page of a case: the renderer's HTML with the page's stylesheet, as a file.
    static func page(_ test: ConformanceCase, in folder: URL) throws -> URL {
        var renderer = HTMLRenderer(
            state: test.state, customRenderers: [ConformanceCase.registeredType: { _ in "<span>★★★★</span>" }])
        renderer.missingComponents = .marker
        renderer.variableTypes = test.screen.variableTypes
        let body = renderer.render(test.screen.body)
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(test.name)</title>
            <style>\(HTMLPage.baseCSS)\n\(renderer.css)</style></head>
            <body><main class="sp-main" id="root">\(body)</main></body></html>
            """
        let file = folder.appendingPathComponent(test.name + ".html")
        try Data(html.utf8).write(to: file)
        return file
    }

    /// Reads the facts off the page (see ConformanceFacts for the vocabulary); actions come back as
    /// `ACTION:` and their JSON, for Swift to describe.
    static let extractor = #"""
        const facts = [];
        const q = s => JSON.stringify(s);
        const hex = c => { const m = c.match(/\d+(\.\d+)?/g); if (!m) return c;
          const [r, g, b] = m.map(Number); const h = n => n.toString(16).padStart(2, '0'); return '#' + h(r) + h(g) + h(b); };
        const darkRules = [];
        for (const sheet of document.styleSheets) for (const rule of sheet.cssRules)
          if (rule.media && rule.conditionText.includes('prefers-color-scheme:dark') || (rule.media && rule.conditionText.includes('prefers-color-scheme: dark')))
            for (const inner of rule.cssRules) darkRules.push(inner);
        const colour = el => {
          const own = [...el.classList].some(c => c.startsWith('c') && [...document.styleSheets].some(s => [...s.cssRules].some(r => r.selectorText === '.' + c && r.style.color && !r.style.color.startsWith('var'))));
          if (!own) return '';
          const light = hex(getComputedStyle(el).color);
          let dark = light;
          for (const rule of darkRules) if (rule.style && rule.style.color && el.matches(rule.selectorText)) dark = hex(rule.style.color);
          return ' color=' + light + '/' + dark;
        };
        const text = el => { const t = el.textContent; if (!t) return;
          facts.push('text ' + q(t) + colour(el));
          for (const a of el.querySelectorAll('a[href]')) facts.push('link ' + q(a.textContent) + ' → navigate ' + a.getAttribute('href')); };
        const action = el => el.dataset.spAction ? ' → ACTION:' + el.dataset.spAction : '';
        const walk = el => {
          if (el.hidden || el.getAttribute('aria-hidden') === 'true' || getComputedStyle(el).display === 'none') return;
          const c = el.classList;
          if (c.contains('sp-custom')) { facts.push('custom ' + q(el.dataset.spType)); return; }
          if (c.contains('sp-missing')) { facts.push('marker ' + q(el.dataset.spType)); return; }
          if (el.tagName === 'BUTTON') { facts.push('button ' + q(el.textContent) + (el.disabled ? ' (disabled)' : action(el))); return; }
          if (el.tagName === 'A' && c.contains('sp-button')) { facts.push('link ' + q(el.textContent) + ' → navigate ' + el.getAttribute('href')); return; }
          if (el.tagName === 'A') facts.push('link → navigate ' + el.getAttribute('href'));
          else if (el.dataset.spAction && !c.contains('sp-toggle')) facts.push((el.getAttribute('role') === 'link' ? 'link' : 'button') + action(el));
          if (el.tagName === 'IMG') { if (el.alt) facts.push('image ' + q(el.alt)); return; }
          if (el.getAttribute('role') === 'img' && el.getAttribute('aria-label')) { facts.push('image ' + q(el.getAttribute('aria-label'))); return; }
          if (el.tagName === 'H2') { facts.push('header ' + q(el.textContent)); return; }
          if (c.contains('sp-field')) { const input = el.querySelector('input');
            facts.push('field ' + q(el.getAttribute('aria-label') || el.querySelector('.sp-field-label').textContent) + ' = ' + q(input.value)); return; }
          if (c.contains('sp-toggle')) { facts.push('switch ' + q(el.textContent) + (el.querySelector('input').checked ? ' on' : ' off') + action(el)); return; }
          if (c.contains('sp-text') || c.contains('sp-badge') || c.contains('sp-item-title') || c.contains('sp-item-aside') ||
              c.contains('sp-item-subtitle') || c.contains('sp-item-detail') || (el.parentElement && el.parentElement.classList.contains('sp-item-bottom'))) {
            text(el); return; }
          for (const child of el.children) walk(child);
        };
        walk(document.getElementById('root'));
        return facts;
        """#

    @Test func theWebRendererShowsWhatEveryCaseSays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try await WebDriver.start()
        do {
            for test in try ConformanceCase.all() {
                try await browser.open(try Self.page(test, in: folder).absoluteString)
                let raw = try await browser.execute(Self.extractor)
                guard case .array(let lines) = raw else {
                    Issue.record("no facts from \(test.name): \(raw)")
                    continue
                }
                let facts = lines.compactMap(\.stringValue).map(Self.describingActions)
                if let mismatch = test.mismatch(facts, renderer: "the web renderer in Chromium") {
                    Issue.record(Comment(rawValue: mismatch))
                }
                #expect(await !browser.hasAlert(), "no script ran on \(test.name)")
            }
        } catch {
            await browser.quit()
            throw error
        }
        await browser.quit()
    }

    /// `… → ACTION:{json}` with the action described as the outline does.
    static func describingActions(_ fact: String) -> String {
        guard let marker = fact.range(of: "ACTION:") else { return fact }
        let json = try? JSONParser.parse(Array(fact[marker.upperBound...].utf8))
        let action = json.flatMap { Action.decode(from: $0).value }
        return String(fact[..<marker.lowerBound]) + (action.map(OutlineRenderer.describe) ?? "(undecodable action)")
    }
}
