// An app's own SwiftUI file, as the README shows it: it imports SwiftUI, the renderer, the runtime
// and the format, registers an app-defined component, and writes `Text`, `Color`, `Image`, `VStack`,
// `Button` and `Toggle` without `SwiftUI.` in front — the format's names live under `Component`.
import Screenplay
import ScreenplayClient
import ScreenplaySwiftUI
import SwiftUI

struct Banner: ScreenplayComponent {
    static let type = "BANNER"
    var title: String
    var subscribed: Bool
}

struct BannerView: View {
    let banner: Banner
    @State private var subscribed = false

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(banner.title).font(.system(size: 20, weight: .bold)).foregroundStyle(Color.red)
            Toggle("Subscribe", isOn: $subscribed)
            Button("Close") {}
            Image(uiImage: UIImage(data: Data([1]))!)
        }
    }
}

@MainActor func appRegistry() -> ComponentRegistry<AnyView> {
    var components = ComponentRegistry<AnyView>()
    components.register(Banner.self) { banner in AnyView(BannerView(banner: banner)) }
    return components
}

/// The format's own types are still at hand, by their full names.
let formatText: Component.Text = Component.Text("from the format")
let formatColor: AdaptiveColor = "#1a73e8"
