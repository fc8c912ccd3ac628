import Crypto
import Foundation
import ScreenplayDSL

/// A whole web page for a screen: semantic HTML, one `<style>` element allowed by its hash in the
/// Content-Security-Policy, and (when served) the runtime script from the same origin. Inline
/// scripts and style attributes are never used, so the policy forbids them.
///
/// ```swift
/// let page = HTMLPage(screen: screen, language: "fr", runtimeScript: WebRuntime.path)
/// response.headers[.contentSecurityPolicy] = page.contentSecurityPolicy
/// response.body = page.html
/// ```
public struct HTMLPage: Sendable {
    /// The complete document.
    public let html: String
    /// The policy the page needs: send it as a header (the standalone page also carries it in a `<meta>`).
    public let contentSecurityPolicy: String
    /// The screen's part (title and content) and its CSS, for the runtime to swap in after an intent.
    public let fragment: Fragment

    public struct Fragment: Sendable {
        public let title: String?
        public let content: String
        public let css: String
    }

    /// - Parameters:
    ///   - screen: the screen the page shows.
    ///   - language: the page's language (`<html lang>`).
    ///   - runtimeScript: the runtime's URL path, or nil for a page without script (`render --format html`).
    ///   - intents: where the page's intents go (default: the screen's `intents`).
    ///   - stateToken: signed server state for the intents.
    ///   - link: where an app path leads on the web (`/requests/2` → `/screens/requests/2`).
    ///   - customRenderers: how the page draws app-defined components, by type; the others show their fallbacks.
    ///   - version: the id of the screen's version on its live stream: a first stream event of the
    ///     same version is the page already shown, and the runtime does not draw it again.
    public init(
        screen: Screen, language: String, runtimeScript: String? = nil, intents: String? = nil, stateToken: String? = nil,
        link: @escaping @Sendable (String) -> String = { $0 }, customRenderers: [String: HTMLRenderer.CustomRenderer] = [:],
        version: String? = nil
    ) {
        fragment = Self.fragment(for: screen, language: language, link: link, customRenderers: customRenderers)
        let style = Self.baseCSS + "\n" + fragment.css
        let styleHash = Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
        var policy = [
            "default-src 'none'", "style-src 'sha256-\(styleHash)'", "img-src http: https:", "base-uri 'none'",
            "form-action 'self'", "frame-ancestors 'none'",
        ]
        if runtimeScript != nil { policy += ["script-src 'self'", "connect-src 'self'"] }
        contentSecurityPolicy = policy.joined(separator: "; ")

        // The document is a String (its style sheet is the code's own); its names and values come in as `HTML`, escaped.
        var html = ("<!DOCTYPE html>\n<html lang=\"\(language)\">\n<head>\n<meta charset=\"utf-8\">\n" as HTML).text
        html +=
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n"
        if runtimeScript == nil {
            html += ("<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n" as HTML).text
        }
        html += ("<title>\(screen.title ?? screen.id)</title>\n" as HTML).text + "<style>\(style)</style>\n"
        if let runtimeScript {
            // The evaluator first (deferred scripts run in order), for a screen that uses it; the
            // runtime loads it itself when a later answer brings expressions.
            if screen.usesExpressions || !screen.fieldRules.isEmpty { html += "<script src=\"\(ExpressionScript.path)\" defer></script>\n" }
            // Triggers and timers: decided by their script, which needs the evaluator.
            if screen.hasBehaviour { html += "<script src=\"\(BehaviourScript.path)\" defer></script>\n" }
            if screen.usesInputs { html += "<script src=\"\(InputScript.path)\" defer></script>\n" }
            html += ("<script src=\"\(runtimeScript)\" defer></script>\n" as HTML).text
        }
        html += "</head>\n<body>\n"
        var data: [(String, String?)] = [("id", "screenplay"), ("data-screen", screen.id)]
        data.append(("data-state", String(decoding: JSONWriter.write(.object(screen.initialValues)), as: UTF8.self)))
        if !screen.variables.isEmpty {
            data.append(
                ("data-variables", String(decoding: JSONWriter.write(WebPageContent.typesJSON(screen.variableTypes)), as: UTF8.self)))
        }
        // Variables that outlive the screen (`scope: app`): the runtime keeps them for the tab.
        let appScoped = screen.variables.filter { $0.scope == .app }.map { JSONValue.string($0.name) }
        if !appScoped.isEmpty { data.append(("data-app", String(decoding: JSONWriter.write(.array(appScoped)), as: UTF8.self))) }
        if runtimeScript != nil {
            data.append(("data-expressions", ExpressionScript.path))
            data.append(("data-inputs", InputScript.path))
            data.append(("data-behaviour-script", BehaviourScript.path))
            if let behaviour = HTMLRenderer(link: link).webBehaviour(screen) {
                data.append(("data-behaviour", String(decoding: JSONWriter.write(behaviour), as: UTF8.self)))
            }
        }
        if let intents = intents ?? screen.intents { data.append(("data-intents", intents)) }
        if runtimeScript != nil, let stream = screen.stream, case .relative = URLPolicy().check(stream) {
            // The page follows the screen's live stream, rendered for the web.
            data.append(("data-stream", stream + (stream.contains("?") ? "&" : "?") + "format=html"))
            if let version { data.append(("data-version", version)) }
        }
        if let stateToken { data.append(("data-state-token", stateToken)) }
        html += "<div" + HTMLRenderer.attributes(data).text + ">\n" + Self.body(fragment) + "\n</div>\n</body>\n</html>\n"
        self.html = html
    }

    /// The title and content of a screen, as the page shows them.
    public static func fragment(
        for screen: Screen, language: String = "en", link: @escaping @Sendable (String) -> String = { $0 },
        customRenderers: [String: HTMLRenderer.CustomRenderer] = [:]
    ) -> Fragment {
        var renderer = HTMLRenderer(state: screen.initialValues, link: link, customRenderers: customRenderers)
        renderer.localeIdentifier = language
        let content = renderer.render(screen)
        return Fragment(title: screen.title, content: content, css: renderer.css)
    }

    /// `<header>` with the title, then `<main>` with the content.
    public static func body(_ fragment: Fragment) -> String {
        var html = ""
        if let title = fragment.title { html += ("<header class=\"sp-header\"><h1>\(title)</h1></header>\n" as HTML).text }
        html += "<main class=\"sp-main\">" + fragment.content + "</main>"
        return html
    }

    /// The styles every page shares: layout primitives, controls, the generic item, light and dark.
    public static let baseCSS = """
        :root{--sp-fg:#1b1b1f;--sp-bg:#fff;--sp-muted:#5f6368;--sp-accent:#1a73e8;--sp-on-accent:#fff;--sp-line:#dadce0;--sp-surface:#f1f3f4;--sp-danger:#c5221f}
        @media (prefers-color-scheme:dark){:root{--sp-fg:#e8eaed;--sp-bg:#121212;--sp-muted:#9aa0a6;--sp-accent:#8ab4f8;--sp-on-accent:#202124;--sp-line:#3c4043;--sp-surface:#202124;--sp-danger:#f28b82}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--sp-fg);background:var(--sp-bg)}
        #screenplay{max-width:760px;margin:0 auto}
        .sp-header h1{font-size:22px;margin:0;padding:16px 16px 8px}
        .sp-main{display:flex;flex-direction:column;min-width:0}
        .sp-v{display:flex;flex-direction:column;min-width:0}
        .sp-h{display:flex;flex-direction:row;min-width:0}
        .sp-z{display:grid}.sp-z>*{grid-area:1/1}
        .sp-scroll-h{display:flex;flex-direction:row;overflow-x:auto}
        .sp-scroll-h>*{flex:0 0 auto}
        .sp-carousel{display:flex;overflow-x:auto;scroll-snap-type:x mandatory}
        .sp-carousel>*{flex:0 0 auto;scroll-snap-align:start}
        .sp-grid{display:grid}
        .sp-spacer{flex:1 1 0}
        .sp-v>.sp-fill,.sp-main>.sp-fill{align-self:stretch}
        .sp-divider{border:0;border-top:1px solid var(--sp-line);margin:0;width:100%;align-self:stretch}
        .sp-text{margin:0;white-space:pre-line;overflow-wrap:anywhere}
        .sp-text a,.sp-item-detail a{color:var(--sp-accent)}
        .sp-image{display:block;max-width:100%}
        .sp-image-missing{background:var(--sp-surface)}
        .sp-rect{flex-shrink:0}
        .sp-badge{display:inline-block;padding:2px 8px;border-radius:999px;font-size:13px;background:var(--sp-surface);align-self:flex-start}
        .sp-link{color:inherit;text-decoration:none;display:flex;flex-direction:column;min-width:0}
        .sp-link:focus-visible>*,[data-sp-action]:focus-visible{outline:2px solid var(--sp-accent);outline-offset:2px}
        [role=button]{cursor:pointer}
        .sp-button{font:inherit;font-weight:600;border-radius:10px;padding:10px 16px;border:1px solid transparent;cursor:pointer;text-align:center;display:inline-block;text-decoration:none}
        .sp-button-primary{background:var(--sp-accent);color:var(--sp-on-accent)}
        .sp-button-secondary{background:var(--sp-surface);color:var(--sp-fg);border-color:var(--sp-line)}
        .sp-button-plain{background:none;color:var(--sp-accent);padding:10px 4px}
        .sp-button-destructive{background:var(--sp-danger);color:var(--sp-on-accent)}
        .sp-button:disabled{opacity:.45;cursor:default}
        .sp-field{display:flex;flex-direction:column;gap:4px;min-width:0}
        .sp-h>.sp-field{flex:1 1 160px}
        .sp-field-label{font-size:13px;color:var(--sp-muted)}
        .sp-field-problem{font-size:13px;color:var(--sp-danger)}
        .sp-input[aria-invalid=true]{border-color:var(--sp-danger)}
        .sp-input{font:inherit;padding:10px 12px;border:1px solid var(--sp-line);border-radius:10px;background:var(--sp-bg);color:var(--sp-fg);width:100%}
        .sp-toggle{display:flex;align-items:center;gap:10px}
        .sp-toggle input{width:24px;height:24px;margin:0;accent-color:var(--sp-accent)}
        .sp-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        [hidden]{display:none!important}
        .sp-list{display:flex;flex-direction:column}
        .sp-section-title{font-size:13px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--sp-muted);margin:16px 16px 4px}
        .sp-rows{list-style:none;margin:0;padding:0}
        .sp-row{border-bottom:1px solid var(--sp-line)}
        .sp-item{display:flex;gap:12px;padding:12px 16px;color:inherit;text-decoration:none;align-items:flex-start}
        a.sp-item:hover{background:var(--sp-surface)}
        .sp-item-image{width:48px;height:48px;border-radius:50%;object-fit:cover;background:var(--sp-surface);flex-shrink:0}
        .sp-item-body{display:flex;flex-direction:column;gap:2px;flex:1;min-width:0}
        .sp-item-top,.sp-item-bottom{display:flex;justify-content:space-between;gap:8px}
        .sp-item-detail{margin:4px 0}
        .sp-missing{border:2px dashed var(--sp-danger);color:var(--sp-danger);padding:8px;font:13px monospace}
        .sp-custom{display:contents}
        @media (min-width:700px){.sp-header h1{font-size:28px;padding-top:24px}}
        """
}
