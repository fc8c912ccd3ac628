import ScreenplayDSL
import ScreenplayDemo
import ScreenplayTestSupport

/// The documents every benchmark measures, so that the package-benchmark suite, `screenplay-bench`
/// and `scripts/bench-peers` time and weigh the same screens.
///
/// ```swift
/// let bytes = BenchmarkScreens.gallery().encoded()
/// ```
public enum BenchmarkScreens {
    /// A product gallery: a two-column grid of `count` cards (image, title, price), each opening its
    /// product. DivKit publishes its Rust builder's time for a 1,000-item gallery.
    public static func gallery(count: Int = 1_000) -> Screen {
        SampleScreens.gallery(count: count)
    }

    /// The gallery after an edit: ten cards with a new price, the last card moved to the front.
    public static func galleryWithChanges(count: Int = 1_000) -> Screen {
        var screen = gallery(count: count)
        guard case .grid(var grid) = screen.body.component, grid.children.count > 10 else { return screen }
        for index in stride(from: 0, to: grid.children.count, by: grid.children.count / 10).prefix(10) {
            guard case .vstack(var stack) = grid.children[index].component, stack.children.count == 3 else { continue }
            stack.children[2] = Text("€\(index % 7 + 1)").font(size: 13).foregroundColor(Color("#c62828")).node
            grid.children[index].component = .vstack(stack)
        }
        grid.children.insert(grid.children.removeLast(), at: 0)
        screen.body.component = .grid(grid)
        return screen
    }

    /// A 1,000-item list of generic items, as the Drivy write-up's request list would grow to.
    public static func requestList(count: Int = 1_000) -> Screen {
        Screen(id: "requests", title: "Requests", cache: CacheHints(maxAge: 30)) {
            List {
                Section("All requests") {
                    for index in 0..<count {
                        GenericItem(
                            layout: .request, imageURL: "https://images.example.com/avatars/\(index).jpg",
                            title: "Driver \(index)", subtitle: "Tesla Model S", topRightDetail: "02/11/2017",
                            detail: "from <strong>Wed, Feb 15, 2017</strong> at 07:00<br>to <strong>Sat, Feb 18, 2017</strong> at 07:30",
                            bottomLeftDetail: "€\(60 + index % 40)", bottomRightDetail: index % 3 == 0 ? "Pending" : "Accepted",
                            url: "/requests/\(index)"
                        ).id("request.\(index)")
                    }
                }
            }
        }
    }

    /// A 1,000-row list of one-line texts: the lightest list.
    public static func textList(count: Int = 1_000) -> Screen {
        Screen(id: "rows") {
            List {
                for index in 0..<count {
                    Text("Row \(index)", size: 15).id("row.\(index)")
                }
            }
        }
    }

    /// About one megabyte of encoded screen: the gallery grown until it passes 1 MB.
    public static func oneMegabyte() -> Screen {
        gallery(count: 1_000 * (1 << 20) / gallery().encoded().count + 1)
    }

    /// A current app: every built-in type and action, and the super-app home's widgets.
    public static let currentApp: ClientCapabilities = {
        var capabilities = ClientCapabilities.full
        capabilities.components.formUnion(["COLLECTION", "IMAGES", "BANNER", "CELLS", "LIST"])
        return capabilities
    }()

    /// The screens compared with other formats by `scripts/bench-peers`, by file name, as the
    /// server sends them to a current app: built, then adapted (which leaves out the fallbacks of
    /// the types it declared).
    public static let peers: [(name: String, build: @Sendable () -> Screen)] = [
        ("requests", { DemoScreens.requests().adapted(to: currentApp).screen }),
        ("cities", { DemoScreens.cities().adapted(to: currentApp).screen }),
        ("home", { DemoScreens.home().adapted(to: currentApp).screen }),
        ("gallery", { gallery().adapted(to: currentApp).screen }),
    ]
}
