import ScreenplayDSL
import ScreenplayPresentation
import Testing

/// What the presentation decides for native renderers so that they only draw it: where a screen
/// scrolls, what is one accessibility element, which identity each child has, and how many
/// pixels an image is decoded with.
@Suite struct DeviceDecisionTests {
    static func children(_ presentation: ScreenPresentation) -> PresentedChildren {
        guard case .stack(_, let children)? = presentation.root?.content else { return .empty }
        return children
    }

    @Test func aScreenHasOneVerticalScroll() {
        let nested = Screen(id: "nested") {
            VStack {
                Scroll { Text("a") }
                Scroll(.horizontal) { Text("b") }
            }
        }
        let presentation = Presenter.presentOnce(nested, values: [:], options: PresentationOptions())
        #expect(!presentation.bodyScrolls, "a body that is not a scroll is put in the screen's scroll")
        let scrolls = Self.children(presentation).map { node -> StackLayout.Scrolling? in
            if case .stack(let layout, _) = node.content { layout.scrolling } else { nil }
        }
        #expect(
            scrolls == [StackLayout.Scrolling.none, .scrolls],
            "a vertical scroll inside the screen's does not scroll; a horizontal one does")

        let own = Screen(id: "own") { Scroll { Scroll { Text("inner") } } }
        let ownPresentation = Presenter.presentOnce(own, values: [:], options: PresentationOptions())
        #expect(ownPresentation.bodyScrolls, "a body that is a vertical scroll is the screen's scroll")
        guard case .stack(_, let inner)? = ownPresentation.root?.content, case .stack(let layout, _)? = inner.first?.content else {
            Issue.record("no inner scroll")
            return
        }
        #expect(layout.scrolling == StackLayout.Scrolling.none)
    }

    @Test func tappableLabelledAndItemContainersAreOneElement() {
        let screen = Screen(id: "elements") {
            VStack {
                HStack {
                    Text("tappable")
                    Text("card")
                }.onTap(.navigate("/card"))
                HStack { Text("labelled") }.accessibilityLabel("A card")
                HStack { Text("plain") }
                GenericItem(title: "An item", url: "/item")
                Text("text with a tap").onTap(.navigate("/t"))
            }
        }
        let children = Self.children(Presenter.presentOnce(screen, values: [:], options: PresentationOptions()))
        #expect(children.map(\.accessibility.isElement) == [true, true, false, true, false])
    }

    @Test func everyChildHasAnIdentityOfItsOwn() {
        let screen = Screen(id: "identities") {
            VStack {
                Text("first").id("a")
                Text("second").id("a")
                Text("third").id("1")
                Text("fourth")
                Text("fifth").id("a@1")
                Text("sixth").id("a")
            }
        }
        let identities = Self.children(Presenter.presentOnce(screen, values: [:], options: PresentationOptions())).identities
        #expect(Set(identities).count == identities.count, "\(identities)")
        #expect(identities.first == "#a" && identities[2] == "#1" && identities[3] == "3")
    }

    @Test func imagesAreDecodedForTheirFrame() throws {
        let screen = Screen(id: "images") {
            VStack {
                Image("/a.png", width: 40, height: 30)
                Image("/b.png", width: 100, height: 100, contentMode: .fill)
                Image("/c.png", width: .fill, height: 200)
                Image("/d.png")
            }
        }
        let images = Self.children(Presenter.presentOnce(screen, values: [:], options: PresentationOptions())).compactMap {
            node -> PresentedImage? in
            if case .image(let image) = node.content { image } else { nil }
        }
        #expect(images.map { $0.decodedPixelSize(scale: 3) } == [120, 600, 3_072, 3_072])
        #expect(images[0].decodedPixelSize(scale: 100) == 160, "the scale is bounded")
    }
}
