import ScreenplayClient
import SwiftUI

/// The app-defined component every renderer of the conformance suite registers (`RATING`, whose
/// properties are `{"stars": 4}`), drawn as an app would: five stars, read as "4 of 5 stars".
public struct Rating: ScreenplayComponent {
    public static let type = "RATING"
    public var stars: Int

    /// The components the snapshot tests draw with: the rating.
    @MainActor public static func registry() -> ComponentRegistry<AnyView> {
        var registry = ComponentRegistry<AnyView>()
        registry.register(Rating.self) { rating in AnyView(RatingView(stars: rating.stars)) }
        return registry
    }
}

/// Filled and empty stars in the accent colour.
struct RatingView: View {
    let stars: Int

    var body: some View {
        let filled = min(max(stars, 0), 5)
        Text(String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled))
            .foregroundStyle(Color.accentColor)
            .accessibilityLabel("\(filled) of 5 stars")
    }
}
