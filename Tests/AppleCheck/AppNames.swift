// An app file that imports SwiftUI and the presentation together and names the presentation's
// types without qualifying them: with `GridLayout` and `Visibility` (both SwiftUI's names too)
// this file did not compile in Xcode; scripts/check-apple also proves that such a name fails here.
import ScreenplayPresentation
import SwiftUI

enum AppNames {
    @MainActor static func check() -> Bool {
        let grid = GridArrangement(columns: 2, spacing: nil)
        let visibility = PresentedVisibility.always
        let stack: VStack<Text> = VStack { Text(verbatim: "SwiftUI's own") }
        _ = stack
        return grid.columns == 2 && visibility.isVisible
    }
}
