// The demo backend's screens in a native window, drawn by the SwiftUI renderer: every demo
// screen, navigation, intents, the checkout flow and the live cities. On a Mac:
//
//     swift run screenplay serve            # one terminal
//     swift run screenplay-mac-demo         # another (SCREENPLAY_SERVER=http://host:port to point elsewhere)
//
// The package builds this target on macOS only; scripts/check-apple type-checks it on Linux.
#if canImport(SwiftUI)
    import Foundation
    import Observation
    import ScreenplayClient
    import ScreenplaySwiftUI
    import SwiftUI

    #if canImport(AppKit)
        import AppKit
    #endif

    @main
    struct DemoApp: App {
        @State private var demo = DemoScreens()

        init() {
            #if canImport(AppKit)
                // Started with `swift run`, the process is not an app bundle: make it a regular app
                // in front, so that its window takes the keyboard.
                NSApplication.shared.setActivationPolicy(.regular)
                NSApplication.shared.activate(ignoringOtherApps: true)
            #endif
        }

        var body: some Scene {
            WindowGroup("Screenplay") {
                VStack(spacing: 0) {
                    HStack(spacing: 8) {
                        ForEach(DemoScreens.paths, id: \.self) { path in
                            Button(path) { demo.selected = path }
                                .buttonStyle(.bordered)
                                .disabled(demo.selected == path)
                        }
                    }
                    .padding(EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
                    Divider()
                    ScreenplayView(demo.selected, runtime: demo.runtime(for: demo.selected))
                        .id(demo.selected)
                }
                .frame(minWidth: 420, minHeight: 640)
            }
        }
    }

    /// One runtime per demo screen, all made when the app starts (never while a body is
    /// evaluated), so that each keeps its own navigation, with a cache folder of its own (two
    /// runtimes never write one folder).
    @MainActor @Observable
    final class DemoScreens {
        static let paths = ["/requests", "/messages", "/cities", "/home", "/checkout"]
        var selected = "/requests"
        @ObservationIgnored private let runtimes: [String: ScreenplayRuntime]
        @ObservationIgnored private let first: ScreenplayRuntime

        init() {
            let server = URL(string: ProcessInfo.processInfo.environment["SCREENPLAY_SERVER"] ?? "http://127.0.0.1:8080")!
            let caches = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-demo")
            let made = Self.paths.map { path in
                ScreenplayRuntime(
                    configuration: ClientConfiguration(server: server),
                    cache: try? ScreenCache(directory: caches.appendingPathComponent(String(path.dropFirst()))))
            }
            runtimes = Dictionary(uniqueKeysWithValues: zip(Self.paths, made))
            first = made[0]
        }

        /// The runtime of one of ``paths``.
        func runtime(for path: String) -> ScreenplayRuntime {
            runtimes[path] ?? first
        }
    }
#else
    @main
    enum DemoApp {
        static func main() {
            print("screenplay-mac-demo needs SwiftUI (macOS); on Linux, try: swift run screenplay open http://127.0.0.1:8080/screens/home")
        }
    }
#endif
