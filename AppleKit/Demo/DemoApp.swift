// The iOS demo app the accessibility audit runs on (AppleKit/UITests): the demo backend's five
// screens, one tab each, drawn by ScreenplayView. XcodeGen makes its project from AppleKit/project.yml;
// AppleKit/check builds it, starts `screenplay serve` and runs the audit.
//
// Launch environment:
//   SCREENPLAY_SERVER  the backend (default http://127.0.0.1:8080: the simulator shares the Mac's network)
//   SCREENPLAY_SCREEN  the tab shown first: /requests, /messages, /cities, /home (default) or /checkout
import SwiftUI

@main
struct DemoApp: App {
    @State private var screens = DemoScreens(environment: ProcessInfo.processInfo.environment)

    var body: some Scene {
        WindowGroup {
            DemoTabView(screens: screens)
        }
    }
}
