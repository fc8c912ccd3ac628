#if canImport(UIKit) && canImport(SwiftUI)
    import SwiftUI

    /// What the coordinator shows when its first screen could not open (the server does not have
    /// it and no web fallback opened it, or the runtime refused the path): why, and a Retry,
    /// rather than a spinner that never ends.
    ///
    /// ```swift
    /// UIHostingController(rootView: UnavailableScreen { Task { await runtime.open("/home") } })
    /// ```
    struct UnavailableScreen: View {
        let retry: () -> Void

        var body: some View {
            VStack(spacing: 12) {
                Text("This screen is not available.").multilineTextAlignment(.center)
                Button("Retry", action: retry).buttonStyle(.borderedProminent)
            }
            .padding(EdgeInsets(top: 24, leading: 24, bottom: 24, trailing: 24))
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
#endif
