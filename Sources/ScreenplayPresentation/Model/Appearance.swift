import Screenplay

/// Light or dark, as the system shows it. Presentations keep both variants of every colour, so a
/// switch to dark mode redraws without presenting again; a renderer resolves a colour for the
/// appearance it draws in.
///
/// ```swift
/// let rgba = text.style.color?.resolved(for: .dark)
/// ```
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

extension AdaptiveColor {
    /// The colour to draw in `appearance`: the dark variant in dark mode when there is one.
    public func resolved(for appearance: Appearance) -> RGBA {
        appearance == .dark ? (dark ?? light) : light
    }
}
