// The scene's phase, as SwiftUI declares it (iOS 14, macOS 11): what an app's scene reports, read
// from the environment (`@Environment(\.scenePhase)`). The graph's environment sets it; a change is
// seen at the next update, so `.onChange(of: scenePhase)` runs as it does on a device.

@available(iOS 14.0, macOS 11.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// Not visible: the app is in the background.
    case background
    /// Visible, but not taking events (the app switcher, a call banner).
    case inactive
    /// In the foreground and interactive.
    case active
}

struct ScenePhaseKey: EnvironmentKey {
    static let defaultValue = ScenePhase.active
}

extension EnvironmentValues {
    @available(iOS 14.0, macOS 11.0, *)
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
}
