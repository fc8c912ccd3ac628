import ScreenplayDSL

/// Screens that tests and benchmarks share.
public enum SampleScreens {
    /// A product gallery: a two-column grid of `count` cards (image, title, price), each opening its
    /// product; the shape DivKit publishes its builders' times for.
    public static func gallery(count: Int = 1_000) -> Screen {
        Screen(id: "gallery", title: "Gallery") {
            Grid(columns: 2, spacing: 8) {
                for index in 0..<count {
                    VStack(alignment: .leading, spacing: 4) {
                        Image("https://images.example.com/products/\(index).jpg", width: .fill, height: 120, contentMode: .fill)
                        Text("Product \(index)").font(size: 15, weight: .semibold).lineLimit(1)
                        Text("€\(10 + index % 90)").font(size: 13).foregroundColor(Color("#616161"))
                    }
                    .onTap(.navigate("/products/\(index)"))
                    .id("product.\(index)")
                }
            }
        }
    }
}
