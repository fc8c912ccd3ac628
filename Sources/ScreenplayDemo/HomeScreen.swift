import ScreenplayControl
import ScreenplayDSL
import ScreenplayServer

/// The Movile write-up's super-app home: sections of app-defined widgets (COLLECTION, IMAGES, CELLS, BANNER,
/// LIST), each with a fallback made of standard components. The experiment `homeOrder` decides
/// which section comes first and whether the payment banner is highlighted.
enum HomeScreen {
    static let experiment = Experiment("homeOrder", variants: [("servicesFirst", 50), ("paymentsFirst", 50)])

    struct Tile {
        let key: String
        let color: Color
        var image: String { DemoImages.url("services/\(key).png") }
        var url: String { "/services/\(key)" }
    }

    static let services: [Tile] = [
        Tile(key: "food", color: "#fbc02d"), Tile(key: "rides", color: "#1e88e5"), Tile(key: "tickets", color: "#e53935"),
        Tile(key: "pharmacy", color: "#8e24aa"), Tile(key: "groceries", color: "#43a047"),
    ]

    static func collection(_ strings: Strings) -> Node {
        Custom(
            "COLLECTION",
            properties: [
                "content": .array(
                    services.map {
                        [
                            "title": .string(strings["service.\($0.key)"]), "image": .string($0.image),
                            "color": .string($0.color.light.hex), "url": .string($0.url),
                        ]
                    })
            ]
        )
        .fallback {
            Carousel(spacing: 12, itemWidth: 88) {
                for tile in services {
                    VStack(spacing: 4) {
                        Image(tile.image, width: 64, height: 64, placeholderColor: tile.color).accessibilityLabel(
                            strings["service.\(tile.key)"])
                        Text(strings["service.\(tile.key)"], size: 13)
                    }
                    .onTap(.navigate(tile.url))
                }
            }
        }
        .id("widget.services")
    }

    static func images() -> Node {
        let banners = [
            DemoImages.url("promos/1.png"), DemoImages.url("promos/2.png"), DemoImages.url("promos/3.png"),
        ]
        return Custom("IMAGES", properties: ["content": .array(banners.map { ["image": .string($0)] })])
            .fallback {
                Scroll(.horizontal, spacing: 8) {
                    for banner in banners { Image(banner, width: 240, height: 120, contentMode: .fill).cornerRadius(8) }
                }
            }
            .id("widget.promos")
    }

    /// The home's feature flag: a "New" badge on the pay banner (seeded as a rollout to half of
    /// the iOS users; `DemoApp.seed`).
    static let badgeFlag = FlagDefinition(
        key: "payBadge",
        feature: [
            "defaultValue": false,
            "rules": [["id": "half-of-ios", "condition": ["platform": "ios"], "force": true, "coverage": 0.5, "hashAttribute": "id"]],
        ], description: "The New badge on the home's pay banner")

    static func banner(_ strings: Strings, highlighted: Bool, badge: Bool = false) -> Node {
        let title = badge ? strings["home.banner"] + " · " + strings["home.tab.new"] : strings["home.banner"]
        return Custom(
            "BANNER",
            properties: [
                "title": .string(title), "image": .string(DemoImages.url("banners/pay.png")), "url": "/checkout",
                "highlighted": .bool(highlighted),
            ]
        )
        .fallback {
            ZStack(alignment: .bottomLeading) {
                Image(DemoImages.url("banners/pay.png"), width: .fill, height: highlighted ? 180 : 120, contentMode: .fill)
                    .accessibilityLabel(title)
                Text(title).font(size: highlighted ? 22 : 18, weight: .bold).foregroundColor(.white).padding(12)
            }
            .onTap(.navigate("/checkout"))
        }
        .style(highlighted ? Style(padding: 4, background: "#ffd54f", cornerRadius: 12) : nil)
        .id("widget.pay-banner")
    }

    static func cells(_ strings: Strings) -> Node {
        let cells: [(key: String, color: Color)] = [("pay.cards", "#e53935"), ("pay.topup", "#8e24aa"), ("pay.history", "#fbc02d")]
        return Custom(
            "CELLS",
            properties: ["content": .array(cells.map { ["title": .string(strings[$0.key]), "color": .string($0.color.light.hex)] })]
        )
        .fallback {
            VStack(alignment: .leading, spacing: 0) {
                for cell in cells {
                    HStack(spacing: 12) {
                        Rectangle(width: 8, height: 32, color: cell.color, cornerRadius: 4)
                        Text(strings[cell.key])
                        Spacer()
                    }
                    .padding(horizontal: 16, vertical: 8)
                    Divider()
                }
            }
        }
        .id("widget.pay-cells")
    }

    static func recent(_ strings: Strings) -> Node {
        let items = [strings["home.recent.1"], strings["home.recent.2"]]
        return Custom(
            "LIST", properties: ["title": .string(strings["home.recent"]), "content": .array(items.map { ["title": .string($0)] })]
        )
        .fallback {
            VStack(alignment: .leading, spacing: 4) {
                Text(strings["home.recent"]).font(size: 13, weight: .semibold)
                for item in items { Text(item) }
            }
        }
        .id("widget.recent")
    }

    /// What the offers put in the cart, kept across screens; changed on the device, with no request.
    static let cartCount = Variable<Int>("cartCount", initial: 0)
    /// Which of the offers' tabs is shown.
    static let homeTab = Variable<String>("homeTab", initial: "tab.offers")
    /// The milliseconds the flash offer has run: its timer's value, which the countdown shows.
    static let offerElapsed = Variable<Int>("offerElapsed", initial: 0)
    /// How long the flash offer lasts once the home is shown.
    static let offerDuration = 10 * 60 * 1000
    /// The flash offer's countdown: started when the home appears, ticking every second; when it
    /// ends, the offer hides itself (the `offerExpired` state its visibility reads).
    static let offerTimer = ScreenTimer(
        id: "offer", duration: .milliseconds(offerDuration), tickInterval: 1000, valueVariable: offerElapsed.name,
        endActions: [.setState("offerExpired", true)])

    /// Offers and news behind two tabs switched on the device, each offer with an "Add" that
    /// counts in a cart badge: nothing here costs a request.
    static func offers(_ strings: Strings) -> Node {
        VStack(alignment: .leading, spacing: 8) {
            HStack(spacing: 8) {
                Button(strings["home.tab.offers"], variant: .secondary, action: .setState(homeTab.name, "tab.offers")).id(
                    "tab-button.offers")
                Button(strings["home.tab.new"], variant: .secondary, action: .setState(homeTab.name, "tab.new")).id("tab-button.new")
                Spacer()
                Badge(strings("home.cart", "0"))
                    .bind("text", to: try! PropertyExpression(strings("home.cart", "@{cartCount}")))
                    .visible(when: cartCount > 0)
                    .id("cart-badge")
                    // Pops in with the first item, and bounces as the count changes.
                    .transition(.fade.scale(from: 0.6).timing(.spring(ms: 350, bounce: 0.4)))
                    .animation(.spring(ms: 300, bounce: 0.4))
            }
            StateSwitch(variable: homeTab.name) {
                Carousel(spacing: 12, itemWidth: 260) {
                    for key in ["home.offer.1", "home.offer.2"] {
                        VStack(alignment: .leading, spacing: 8) {
                            Text(strings[key], size: 15)
                            Button(strings["home.add"], variant: .secondary, action: .set(cartCount, to: cartCount + 1)).id("add.\(key)")
                        }
                        .padding(16).background(Color("#fff8e1", dark: "#3e2723")).cornerRadius(12)
                    }
                    flashOffer(strings)
                }
                .id("tab.offers")
                .transition(Self.tabChange)
                Text(strings["home.new"], size: 15).padding(16).id("tab.new")
                    .transition(Self.tabChange)
            }
        }
        .id("widget.offers")
    }

    /// An offer with a countdown, mm:ss of what is left of ``offerTimer``, computed on the device.
    static func flashOffer(_ strings: Strings) -> Node {
        // Whole seconds left, rounded up: a tick a millisecond late still shows the second it ends.
        let left = "((\(offerDuration) - offerElapsed + 999) / 1000)"
        let minutes = "padStart(\(left) / 60, 2, '0')"
        let seconds = "padStart(\(left) % 60, 2, '0')"
        return VStack(alignment: .leading, spacing: 8) {
            Text(strings["home.offer.flash"], size: 15)
            Text(strings("home.offer.endsIn", "10:00"), size: 13)
                .bind("text", to: try! PropertyExpression(strings("home.offer.endsIn", "@{\(minutes)}:@{\(seconds)}")))
                .id("offer.countdown")
            Button(strings["home.add"], variant: .secondary, action: .set(cartCount, to: cartCount + 1)).id("add.home.offer.flash")
        }
        .padding(16).background(Color("#fff8e1", dark: "#3e2723")).cornerRadius(12)
        .visible(when: StateCondition("offerExpired", not: true))
        .id("offer.flash")
        // When the countdown ends the offer shrinks away rather than vanishing.
        .transition(enter: nil, exit: Motion.Transition.fade.scale(from: 0.9).timing(.easeIn(ms: 300)))
    }

    /// How the offers' tabs switch: the chosen one fades in, the other fades out.
    static let tabChange = Motion.Transition.fade.timing(.easeInOut(ms: 200))

    static func screen(language: String, variant: String?, badge: Bool = false, flags: [VariableDeclaration] = []) -> Screen {
        let strings = Strings(language)
        let paymentsFirst = variant == "paymentsFirst"
        let servicesSection = Section(strings["home.services"], id: "section.services") {
            collection(strings)
            // Marketing publishes this one through the admin API; the promo banners until it does.
            Slot("home.promo") { images() }
            offers(strings)
        }
        let paymentsSection = Section(strings["home.pay"], id: "section.pay") {
            banner(strings, highlighted: paymentsFirst, badge: badge)
            cells(strings)
            recent(strings)
        }
        return Screen(
            id: "home", title: strings["home.title"],
            // The flag goes to the app too (`flags.payBadge`), so that its native code can follow it.
            variables: [cartCount.declaration(scope: .app), homeTab.declaration(), offerElapsed.declaration()] + flags,
            cache: CacheHints(maxAge: 60), stream: "/screens/home/stream", timers: [offerTimer], onAppear: [.timer(offerTimer.id, .start)]
        ) {
            List(sections: paymentsFirst ? [paymentsSection, servicesSection] : [servicesSection, paymentsSection])
        }
    }
}

extension NodeConvertible {
    /// Sets the whole box style at once (nil leaves it unchanged).
    func style(_ style: Style?) -> Node {
        var node = self.node
        if let style { node.style = style }
        return node
    }
}
