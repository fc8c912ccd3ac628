import ScreenplayDSL

/// The Movile write-up's super-app home: sections of app-defined widgets, each with a fallback built from
/// standard components for apps that do not know the widget.
struct Tile {
    let title: String
    let image: String
    let color: Color
    let url: String
}

func collectionWidget(_ tiles: [Tile], id: String) -> Node {
    Custom(
        "COLLECTION",
        properties: [
            "content": .array(
                tiles.map {
                    ["title": .string($0.title), "image": .string($0.image), "color": .string($0.color.light.hex), "url": .string($0.url)]
                })
        ]
    )
    .fallback {
        Scroll(.horizontal, spacing: 8) {
            for tile in tiles {
                VStack(spacing: 4) {
                    Image(tile.image, width: 64, height: 64, placeholderColor: tile.color).accessibilityLabel(tile.title)
                    Text(tile.title, size: 13)
                }
                .onTap(.navigate(tile.url))
            }
        }
    }
    .id(id)
}

func bannerWidget(title: String, image: String, url: String, id: String) -> Node {
    Custom("BANNER", properties: ["title": .string(title), "image": .string(image), "url": .string(url)])
        .fallback {
            ZStack(alignment: .bottomLeading) {
                Image(image, width: .fill, height: 140, contentMode: .fill).accessibilityLabel(title)
                Text(title).font(size: 18, weight: .bold).foregroundColor(.white).padding(12)
            }
            .onTap(.navigate(url))
        }
        .id(id)
}

func cellsWidget(_ cells: [(title: String, color: Color)], id: String) -> Node {
    Custom("CELLS", properties: ["content": .array(cells.map { ["title": .string($0.title), "color": .string($0.color.light.hex)] })])
        .fallback {
            VStack(alignment: .leading, spacing: 0) {
                for cell in cells {
                    HStack(spacing: 12) {
                        Rectangle(width: 8, height: 32, color: cell.color, cornerRadius: 4)
                        Text(cell.title)
                        Spacer()
                    }
                    .padding(horizontal: 16, vertical: 8)
                    Divider()
                }
            }
        }
        .id(id)
}

func homeScreen(highlightPayments: Bool) -> Screen {
    let services = [
        Tile(title: "Food", image: "https://images.example.com/services/food.png", color: "#fbc02d", url: "/services/food"),
        Tile(title: "Rides", image: "https://images.example.com/services/rides.png", color: "#1e88e5", url: "/services/rides"),
        Tile(title: "Tickets", image: "https://images.example.com/services/tickets.png", color: "#e53935", url: "/services/tickets"),
        Tile(title: "Pharmacy", image: "https://images.example.com/services/pharmacy.png", color: "#8e24aa", url: "/services/pharmacy"),
        Tile(title: "Groceries", image: "https://images.example.com/services/groceries.png", color: "#43a047", url: "/services/groceries"),
    ]
    let payments = Section("Pay", id: "section.pay") {
        bannerWidget(
            title: "Pay with one tap", image: "https://images.example.com/banners/pay.jpg", url: "/checkout", id: "widget.pay-banner")
        cellsWidget([("Cards", "#e53935"), ("Top up", "#8e24aa"), ("History", "#fbc02d")], id: "widget.pay-cells")
    }
    let explore = Section("Services", id: "section.services") {
        collectionWidget(services, id: "widget.services")
        Grid(columns: 3, spacing: 8) {
            for service in services.prefix(3) {
                Badge(service.title, color: .white, background: service.color).onTap(.navigate(service.url))
            }
        }
        .id("widget.service-grid")
        Carousel(spacing: 12, itemWidth: 280) {
            for offer in ["2 rides for 1 this weekend", "Free delivery on groceries over €20"] {
                Text(offer, size: 15).padding(16).background(Color("#fff8e1", dark: "#3e2723")).cornerRadius(12)
            }
        }
        .id("widget.offers")
    }
    return Screen(id: "home", title: "Home", cache: CacheHints(maxAge: 300)) {
        List {
            if highlightPayments {
                payments
                explore
            } else {
                explore
                payments
            }
        }
    }
}
