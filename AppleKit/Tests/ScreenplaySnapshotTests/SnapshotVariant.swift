#if os(iOS)
    import UIKit
#endif

/// One way a screen is looked at: light or dark and, on iOS, a Dynamic Type size. Its name ends
/// the snapshot's file name (`testExampleScreens.cities-dark-AX3.png`).
struct SnapshotVariant {
    enum Style: String, Sendable, CaseIterable {
        case light
        case dark
    }

    var style: Style
    #if os(iOS)
        /// The Dynamic Type size, with its short name: M (one step below iOS's default, L), XXL, and
        /// AX3 (the third accessibility size).
        var size: (name: String, category: UIContentSizeCategory)
    #endif

    var name: String {
        #if os(iOS)
            return "\(style.rawValue)-\(size.name)"
        #else
            return style.rawValue
        #endif
    }

    /// On iOS, light and dark at a regular size, a large one and an accessibility one; on macOS
    /// (which has no Dynamic Type), light and dark.
    static var all: [SnapshotVariant] {
        #if os(iOS)
            let sizes: [(name: String, category: UIContentSizeCategory)] = [
                ("M", .medium), ("XXL", .extraExtraLarge), ("AX3", .accessibilityExtraLarge),
            ]
            return Style.allCases.flatMap { style in sizes.map { SnapshotVariant(style: style, size: $0) } }
        #else
            return Style.allCases.map { SnapshotVariant(style: $0) }
        #endif
    }
}
