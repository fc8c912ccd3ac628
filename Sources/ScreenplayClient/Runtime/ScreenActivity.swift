import Screenplay

/// Why a screen is or is not active, and what that allows: the one rule of a screen that is not
/// on screen, which the page's script follows too (`WebRuntime`: a hidden page is a screen whose
/// app is in the background).
///
/// A screen is active while its host shows it, no other screen of the runtime covers it, it has
/// not left, and the app is in the foreground. An inactive screen's timers and triggers are held.
/// Its navigation (`navigate`, `present`, `back`, `dismiss`, `open`) is refused, so that `back`
/// from a covered screen never pops the one on top and `navigate` never pushes over another
/// screen — except on the screen the user will come back to (only its app is in the
/// background): its first navigation waits for the app to be back, so that an intent's answer
/// that arrives meanwhile (a payment confirmed in the bank's app) still leads where it says.
///
/// ```swift
/// var activity = ScreenActivity()
/// activity.covered = true
/// activity.navigation   // .refused("is covered by another screen")
/// ```
struct ScreenActivity: Sendable, Hashable {
    /// What the host said last (`activate()`, `deactivate()`); true until it says otherwise.
    var shownByHost = true
    /// Another screen of the runtime is on top of it (pushed over it, or a sheet).
    var covered = false
    /// The app is in the background (a hidden page on the web).
    var inBackground = false
    /// Popped or dismissed: it never comes back.
    var left = false

    var isActive: Bool { shownByHost && !covered && !inBackground && !left }

    /// What becomes of a navigation action of the screen.
    enum Navigation: Sendable, Hashable {
        case go
        /// Done when the app is back in the foreground, if the screen is still the one shown.
        case waits
        case refused(String)
    }

    var navigation: Navigation {
        if left { return .refused("has left the navigation") }
        if covered { return .refused("is covered by another screen") }
        if !shownByHost { return .refused("is not on screen") }
        return inBackground ? .waits : .go
    }
}

extension Action {
    /// Whether the action leaves the screen it belongs to (or opens something over it).
    var navigates: Bool {
        switch self {
        case .navigate, .present, .back, .dismiss, .open: true
        default: false
        }
    }
}
