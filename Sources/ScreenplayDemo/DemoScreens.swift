import ScreenplayDSL

/// The demo's screens built directly, without a request: for benchmarks, exports and side-by-side
/// comparisons with other formats. The server builds the same screens for each request's context.
///
/// ```swift
/// let home = DemoScreens.home(language: "fr")
/// print(String(decoding: home.encoded(), as: UTF8.self))
/// ```
public enum DemoScreens {
    /// The Drivy write-up's list of car requests as generic items, formatted for `language`.
    public static func requests(language: String = "en") -> Screen {
        RequestScreens.list(language: language)
    }

    /// The Tutu write-up's city statistics as `feed` has them now, unfiltered.
    public static func cities(language: String = "en", feed: CityFeed = CityFeed()) -> Screen {
        CityScreens.screen(language: language, query: "", generation: 0, feed: feed)
    }

    /// The Movile write-up's super-app home; `variant` is the home experiment's (`paymentsFirst`, or nil for
    /// the control).
    public static func home(language: String = "en", variant: String? = nil) -> Screen {
        HomeScreen.screen(language: language, variant: variant)
    }

    /// The checkout's card step (card number and expiry with their rules and masks, validated on
    /// the device before `continue`), in `variant`'s order.
    public static func checkoutCard(language: String = "en", variant: String = "cardFirst") -> Screen {
        CheckoutFlow.screen(step: .addCard, variant: variant, language: language)
    }
}
