#if canImport(UIKit) && canImport(SwiftUI)
    import Foundation
    import ScreenplayClient
    import UIKit

    /// Tells a runtime when the app goes to the background and comes back (UIKit's notifications),
    /// for as long as it lives: the runtime holds every screen's timers and triggers meanwhile.
    /// The coordinator and each fragment keep one; several on one runtime agree.
    ///
    /// ```swift
    /// let follower = ForegroundFollower(runtime: runtime)   // keep it with the host
    /// ```
    @MainActor final class ForegroundFollower {
        /// The notification center's observers, removed when the follower goes.
        nonisolated(unsafe) private var observers: [any NSObjectProtocol] = []

        init(runtime: ScreenplayRuntime) {
            let center = NotificationCenter.default
            // UIKit posts both on the main thread: delivered there at once (no queue).
            observers = [
                center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil) { [weak runtime] _ in
                    MainActor.assumeIsolated { runtime?.isInForeground = false }
                },
                center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil) { [weak runtime] _ in
                    MainActor.assumeIsolated { runtime?.isInForeground = true }
                },
            ]
        }

        deinit {
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
        }
    }
#endif
