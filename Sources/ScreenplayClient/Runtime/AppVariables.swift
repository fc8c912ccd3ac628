import Screenplay

/// The variables an app keeps across screens: those screens declare with `"scope": "app"` (a
/// theme, a user tier), and those the app sets itself. A screen that declares one starts from
/// the value kept here rather than its own initial value, and a change on any screen is kept.
///
/// ```swift
/// runtime.appVariables.set("tier", to: "gold")   // before or after the screens that read it
/// ```
@MainActor
public final class AppVariables {
    /// The values kept, by name.
    public private(set) var values: [String: JSONValue] = [:]

    init() {}

    /// Sets `name` for every screen that declares it with app scope from now on.
    public func set(_ name: String, to value: JSONValue) {
        values[name] = value
    }

    /// `screen`'s initial values, with each app-scoped variable's kept value where there is one.
    func initialValues(of screen: Screen) -> [String: JSONValue] {
        var initial = screen.initialValues
        for variable in screen.variables where variable.scope == .app {
            if let kept = values[variable.name] { initial[variable.name] = kept } else { values[variable.name] = variable.value }
        }
        return initial
    }
}
