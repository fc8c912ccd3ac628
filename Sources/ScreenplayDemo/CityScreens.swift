import ScreenplayDSL
import ScreenplayServer

/// The Tutu write-up: coronavirus statistics, a card per city with seven bars whose height and
/// green→red colour come from the number of cases, a filter field and a refresh intent.
public enum CityScreens {
    public struct City: Sendable {
        let id: String
        /// The city's name in each language (the write-up's cities have names of their own in French and German).
        let names: [String: String]
        let image: String
        let description: [String: String]

        func name(in language: String) -> String { names[language] ?? names["en"] ?? id }

        /// Whether a filter typed in any language finds the city: its name in every language,
        /// compared without case, accents or hyphens (`moscou`, `MOSKAU`, `saint-petersbourg`).
        func matches(_ query: String) -> Bool {
            let needle = Self.folded(query)
            return needle.isEmpty || names.values.contains { Self.folded($0).contains(needle) }
        }

        static func folded(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(of: "-", with: " ")
                .trimmingWhitespace()
        }
    }

    public static let cities = [
        City(
            id: "moscow", names: ["en": "Moscow", "fr": "Moscou", "de": "Moskau"], image: DemoImages.url("cities/moscow.png"),
            description: [
                "en": "Masks are required on public transport.", "fr": "Le masque est obligatoire dans les transports.",
                "de": "Im Nahverkehr gilt Maskenpflicht.",
            ]),
        City(
            id: "saint-petersburg", names: ["en": "Saint Petersburg", "fr": "Saint-Pétersbourg", "de": "Sankt Petersburg"],
            image: DemoImages.url("cities/spb.png"),
            description: [
                "en": "Restaurants close at 23:00.", "fr": "Les restaurants ferment à 23 h.", "de": "Restaurants schließen um 23 Uhr.",
            ]),
        City(
            id: "vladivostok", names: ["en": "Vladivostok", "fr": "Vladivostok", "de": "Wladiwostok"],
            image: DemoImages.url("cities/vladivostok.png"),
            description: [
                "en": "No restrictions beyond masks in hospitals.", "fr": "Pas de restriction hors masque à l’hôpital.",
                "de": "Keine Einschränkungen außer Masken in Kliniken.",
            ]),
    ]

    /// Cases for one city and day of a generation of figures: 100 to 1,000, the same on every
    /// process for the same inputs.
    static func cases(city: Int, day: Int, generation: Int) -> Int {
        var state = UInt64(truncatingIfNeeded: city &* 1_000_003 &+ day &* 7_919 &+ generation &* 104_729) &+ 0x9E37_79B9_7F4A_7C15
        state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        state = (state ^ (state >> 27)) &* 0x94D0_49BB_1331_11EB
        state ^= state >> 31
        return 100 + Int(state % 901)
    }

    /// A city's card: one bar per day from `start`, each with an id naming its day, so a new day
    /// removes one bar and adds one rather than changing all seven.
    static func card(_ city: City, index: Int, start: Int, generation: Int, strings: Strings) -> Node {
        HStack(alignment: .top, spacing: 12) {
            Image(city.image, width: 100, height: 100, contentMode: .fill).accessibilityLabel(city.name(in: strings.language))
            VStack(alignment: .leading, spacing: 6) {
                Text(city.name(in: strings.language)).font(size: 18, weight: .bold)
                Text(strings["cities.heading"], size: 15)
                HStack(alignment: .bottom, spacing: 4) {
                    for day in start..<(start + 7) {
                        let infected = cases(city: index, day: day, generation: generation)
                        let normalized = Double(infected) / 1000
                        let red = Int(255 * normalized)
                        VStack(spacing: 2) {
                            Text(String(infected), size: 11)
                            Rectangle(
                                width: 20, height: (60 * normalized).rounded(), color: Color(red: red, green: 255 - red, blue: 0),
                                cornerRadius: 2
                            )
                            // The bar grows from the baseline when its day arrives (and on the first
                            // frame); a refreshed figure moves it to its new height and colour.
                            .transition(enter: Self.barGrows, exit: nil)
                            .animation(.spring(ms: 500, bounce: 0.15))
                            Text(strings["weekday.\(day % 7)"], size: 12)
                        }
                        .id("city.\(city.id).day\(day)")
                        // A new day fades in as its bar grows; the oldest day fades out.
                        .transition(.fade.timing(.easeOut(ms: 200)))
                    }
                }
                Text(city.description[strings.language] ?? city.description["en"] ?? "", size: 14)
            }
            // Every card as wide as the screen, however short its text (as SwiftUI's HStack with a
            // spacer fills the width it is offered).
            Spacer(minLength: 0)
        }
        .padding(12)
        .background(Color("#e3f2fd", dark: "#0d2a40"))
        .cornerRadius(12)
        .id("city.\(city.id)")
    }

    /// How a day's bar arrives: it grows from the baseline with a little spring.
    static let barGrows = Motion.Transition(scale: Motion.Scale(x: 1, y: 0), anchor: .bottom, timing: .spring(ms: 500, bounce: 0.15))

    /// The query as the filter compares it on the device: lower case, trimmed, hyphens as spaces.
    static let foldedQuery = "replaceAll(toLowerCase(trim(getStringValue('city', ''))), '-', ' ')"

    /// Whether the typed filter finds `city`, decided on the device as the user types (no request):
    /// its names in every language, folded on the server, contain the folded query.
    static func matchExpression(_ city: City) -> String {
        let names = Set(city.names.values.map { City.folded($0).lowercased() }).sorted().joined(separator: " | ")
        let quoted = "'" + names.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        return "contains(\(quoted), \(foldedQuery))"
    }

    static func screen(language: String, query: String, generation: Int, feed: CityFeed) -> Screen {
        let strings = Strings(language)
        let matches = cities.map(matchExpression)
        return Screen(
            id: "cities", title: strings["cities.title"], state: ["city": .string(query)], cache: CacheHints(maxAge: 60),
            stream: "/screens/cities/stream"
        ) {
            Scroll {
                VStack(alignment: .leading, spacing: 16) {
                    HStack(spacing: 8) {
                        TextField(key: "city", placeholder: strings["cities.filter"]).id("city-filter")
                        Button(strings["cities.refresh"], action: .intent("refresh")).id("refresh")
                    }
                    // Every city is sent; the filter shows and hides them on the device as the user types.
                    for (index, city) in cities.enumerated() {
                        card(city, index: index, start: feed.start(of: index), generation: generation, strings: strings)
                            .bind("visible", to: try! PropertyExpression("@{\(matches[index])}"))
                            // Cards the filter hides and shows fade rather than jump.
                            .transition(.fade.timing(.easeInOut(ms: 200)))
                    }
                    Text(strings("cities.none", query))
                        .bind("visible", to: try! PropertyExpression("@{!(\(matches.joined(separator: " || ")))}"))
                        .bind("text", to: try! PropertyExpression(strings("cities.none", "@{trim(getStringValue('city', ''))}")))
                        .id("no-match")
                }
                .padding(16)
            }
        }
    }

    static func register(on routes: inout ScreenplayRoutes, feed: CityFeed) {
        let live = routes.live
        feed.whenChanged { live.invalidate("cities") }
        routes.screen(
            "cities",
            reply: { context in
                ScreenReply(
                    screen(language: context.language, query: context.query["city"] ?? "", generation: 0, feed: feed),
                    signedState: ["generation": 0])
            })
        // The Tutu write-up's network reducer: the text field's value comes with the intent, the figures'
        // generation comes back signed, and the answer is the next screen.
        routes.intent("refresh", on: "cities") { intent in
            let generation = (intent.signedState["generation"]?.intValue ?? 0) + 1
            let query = String((intent.state["city"]?.stringValue ?? "").prefix(100))
            return IntentResult(
                screen: screen(language: intent.context.language, query: query, generation: generation, feed: feed),
                signedState: ["generation": .number(Double(generation))])
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
