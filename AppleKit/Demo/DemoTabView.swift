import ScreenplaySwiftUI
import SwiftUI

/// One tab per demo screen; each tab is a ScreenplayView with its own navigation stack.
struct DemoTabView: View {
    @Bindable var screens: DemoScreens

    var body: some View {
        TabView(selection: $screens.selected) {
            ForEach(DemoScreens.tabs) { tab in
                ScreenplayView(tab.path, runtime: screens.runtime(for: tab.path))
                    .tabItem { Label(tab.title, systemImage: tab.systemImage) }
                    .tag(tab.path)
            }
        }
    }
}
