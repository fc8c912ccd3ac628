#if canImport(SwiftUI)
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// `vstack`, `hstack`, `scroll` and `carousel`: eager stacks, or lazy ones in a scroll view. A
    /// lazy stack that does not scroll (a long list under a header, in the screen's own scroll
    /// view) is a `LazyVStack` too: its rows are made as they scroll into view, not all at once.
    struct StackView: View {
        let layout: StackLayout
        let children: PresentedChildren

        private var spacing: CGFloat? { layout.spacing.map { CGFloat($0) } }

        var body: some View {
            switch layout.scrolling {
            case .none:
                if layout.axis == .vertical, layout.isLazy {
                    LazyVStack(alignment: Self.horizontal(layout.alignment), spacing: spacing) { ChildViews(children: children) }
                } else if layout.axis == .vertical {
                    VStack(alignment: Self.horizontal(layout.alignment), spacing: spacing) { ChildViews(children: children) }
                } else {
                    HStack(alignment: Self.vertical(layout.alignment), spacing: spacing) { ChildViews(children: children) }
                }
            case .scrolls:
                if layout.axis == .vertical {
                    // A drag down the screen's scroll puts the keyboard away, as in Settings and Messages.
                    ScrollView(.vertical) {
                        LazyVStack(alignment: .leading, spacing: spacing) { ChildViews(children: children) }
                    }
                    .scrollDismissesKeyboard(.interactively)
                } else {
                    ScrollView(.horizontal) {
                        LazyHStack(alignment: .top, spacing: spacing) { ChildViews(children: children) }
                    }
                }
            case .carousel(let itemWidth):
                ScrollView(.horizontal) {
                    LazyHStack(alignment: .top, spacing: spacing) { ChildViews(children: children, width: itemWidth) }
                }
            }
        }

        static func horizontal(_ alignment: StackLayout.CrossAlignment) -> HorizontalAlignment {
            switch alignment {
            case .start: .leading
            case .center: .center
            case .end: .trailing
            }
        }

        static func vertical(_ alignment: StackLayout.CrossAlignment) -> VerticalAlignment {
            switch alignment {
            case .start: .top
            case .center: .center
            case .end: .bottom
            }
        }
    }

    /// `zstack`: children on top of each other.
    struct OverlayView: View {
        let alignment: Component.Alignment
        let children: PresentedChildren

        var body: some View {
            ZStack(alignment: Self.alignment(alignment)) { ChildViews(children: children) }
        }

        static func alignment(_ alignment: Component.Alignment) -> Alignment {
            switch alignment {
            case .topLeading: .topLeading
            case .top: .top
            case .topTrailing: .topTrailing
            case .leading: .leading
            case .center: .center
            case .trailing: .trailing
            case .bottomLeading: .bottomLeading
            case .bottom: .bottom
            case .bottomTrailing: .bottomTrailing
            }
        }
    }

    /// `grid`: equal columns, rows made as they scroll into view.
    struct GridView: View {
        let layout: GridArrangement
        let children: PresentedChildren

        var body: some View {
            let spacing = layout.spacing.map { CGFloat($0) }
            LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: spacing), count: layout.columns), spacing: spacing) {
                ChildViews(children: children)
            }
        }
    }

    /// `list`: sections with a header each, rows made as they scroll into view.
    struct SectionsView: View {
        let sections: [PresentedSection]

        var body: some View {
            LazyVStack(alignment: .leading, spacing: 0) {
                ForEach(Array(zip(PresentedSection.identities(of: sections), sections.indices)), id: \.0) { _, index in
                    Section {
                        ChildViews(children: sections[index].rows)
                    } header: {
                        if let title = sections[index].title {
                            Text(title)
                                .font(.footnote.weight(.semibold))
                                .foregroundStyle(Color.secondary)
                                .padding(EdgeInsets(top: 16, leading: 16, bottom: 4, trailing: 16))
                                .accessibilityAddTraits(.isHeader)
                        }
                    }
                }
            }
        }
    }
#endif
