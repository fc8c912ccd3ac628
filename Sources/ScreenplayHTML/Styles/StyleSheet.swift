import Screenplay
import ScreenplayDSL

/// The per-screen CSS: each distinct set of declarations becomes one class (named by a hash of
/// its declarations), with its dark-mode
/// variant in a `prefers-color-scheme` block. Styles live in the sheet, never in `style`
/// attributes, so the page's Content-Security-Policy can allow exactly one `<style>` by its hash.
struct StyleSheet {
    private var classes: [String: String] = [:]
    private var rules: [String] = []
    private var darkRules: [String] = []
    /// Rules under `prefers-reduced-motion: reduce` (presses that dim instead of shrinking).
    private var reducedRules: [String] = []

    /// The class for `declarations` (`["gap:8px", "padding:12px"]`) and their dark-mode overrides.
    mutating func className(_ declarations: [String], dark: [String] = []) -> String? {
        guard !declarations.isEmpty || !dark.isEmpty else { return nil }
        let key = declarations.joined(separator: ";") + "|" + dark.joined(separator: ";")
        if let existing = classes[key] { return existing }
        // Named after their content, so a node rendered again later (a live patch) gets the same
        // class names as the page, and its rules can simply be added.
        let name = Self.name(for: key)
        classes[key] = name
        if !declarations.isEmpty { rules.append(".\(name){\(declarations.joined(separator: ";"))}") }
        if !dark.isEmpty { darkRules.append(".\(name){\(dark.joined(separator: ";"))}") }
        return name
    }

    /// The class of a tappable node's pressed look (``WebMotion/pressRules(_:className:)``).
    mutating func pressClassName(_ press: Motion.Press) -> String? {
        guard press.isVisible else { return nil }
        let key = "press|\(press.opacity)|\(press.scale)"
        if let existing = classes[key] { return existing }
        let name = Self.name(for: key)
        classes[key] = name
        let made = WebMotion.pressRules(press, className: name)
        rules += made.rules
        reducedRules += made.reduced
        return name
    }

    private static func name(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return "c" + String(hash & 0xff_ffff_ffff, radix: 36)
    }

    var css: String { Self.css(rules, dark: darkRules, reduced: reducedRules) }

    /// The CSS of the rules `page` does not have: what a live patch adds to a page that already
    /// holds `page`'s rules (class names follow their declarations, so a rule the page has is the
    /// same rule). Empty when the page has them all.
    func css(beyond page: StyleSheet) -> String {
        func new(_ rules: [String], _ known: [String]) -> [String] {
            let known = Set(known)
            return rules.filter { !known.contains($0) }
        }
        return Self.css(new(rules, page.rules), dark: new(darkRules, page.darkRules), reduced: new(reducedRules, page.reducedRules))
    }

    private static func css(_ rules: [String], dark: [String], reduced: [String]) -> String {
        var css = rules.joined(separator: "\n")
        if !dark.isEmpty {
            css += "\n@media (prefers-color-scheme:dark){\n" + dark.joined(separator: "\n") + "\n}"
        }
        if !reduced.isEmpty {
            css += "\n@media (prefers-reduced-motion:reduce){\n" + reduced.joined(separator: "\n") + "\n}"
        }
        return css
    }

    /// A CSS length in pixels, finite and bounded (a hostile 1e308 is not a layout).
    static func px(_ value: Double) -> String {
        let bounded = value.isFinite ? min(max(value, 0), 100_000) : 0
        return bounded == bounded.rounded() ? "\(Int(bounded))px" : "\(Double(Int(bounded * 100)) / 100)px"
    }

    /// `#rrggbb` or `#rrggbbaa`: generated from bytes, so always safe in CSS.
    static func color(_ rgba: Color.RGBA) -> String { rgba.hex }
}
