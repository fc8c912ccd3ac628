import ScreenplayDSL
import ScreenplayDemo
import ScreenplayPresentation
import ScreenplayTestSupport
import Testing

/// A change rebuilds only what it touches: the figures the SwiftUI renderer's equality checks and
/// the web's re-render rely on.
@Suite struct IncrementalTests {
    /// Every node of a presentation, lazy rows included (this presents them).
    static func count(_ presentation: ScreenPresentation) -> Int {
        var count = 0
        presentation.walk { _, _ in count += 1 }
        return count
    }

    static func cards(_ presentation: ScreenPresentation) throws -> [PresentedNode] {
        guard case .stack(_, let rows)? = presentation.root?.content, case .stack(_, let children) = rows[0].content else {
            throw PresentationTestError("the cities screen is a scroll of one column")
        }
        return children.filter { $0.nodeID?.hasPrefix("city.") == true && $0.nodeID != "city-filter" }
    }

    @Test func aOneCityChangeRebuildsThatCityOnly() throws {
        let feed = CityFeed()
        let before = DemoScreens.cities(feed: feed)
        let changedCity = feed.newDay()
        // The client applies the stream's patch to the screen it holds, as the store does.
        let after = try ScreenPatch(from: before, to: DemoScreens.cities(feed: feed)).apply(to: before)

        let presenter = Presenter()
        let first = presenter.present(before, values: before.state)
        let total = Self.count(first)
        let builtFirst = presenter.statistics.presented
        // Every node once, and the "no match" text, presented to learn that it is hidden.
        #expect(builtFirst == total + 1, "the first presentation builds every node once")

        let second = presenter.present(after, values: after.state)
        _ = Self.count(second)
        let rebuilt = presenter.statistics.presented - builtFirst
        // The scroll, its column, the changed card, its text column and its bar row, and the one new
        // day's bar (a column of a number, a bar and a weekday): 9 of about a hundred nodes.
        #expect(rebuilt == 9, "rebuilt \(rebuilt) of \(total) nodes")
        #expect(total > 90)

        let old = try Self.cards(first)
        let new = try Self.cards(second)
        #expect(old.count == 3 && new.count == 3)
        for index in old.indices where index != changedCity {
            #expect(old[index] == new[index], "the unchanged card \(index) compares equal")
        }
        #expect(old[changedCity] != new[changedCity])
    }

    @Test func typingACharacterRebuildsTheFieldAndItsAncestors() throws {
        let screen = DemoScreens.cities()
        let presenter = Presenter()
        var values = screen.state
        let first = presenter.present(screen, values: values)
        _ = Self.count(first)
        let built = presenter.statistics.presented

        // A letter every city's name has: the same cards stay shown.
        values["city"] = "o"
        let second = presenter.present(screen, values: values)
        _ = Self.count(second)
        // The scroll, the column, the filter row and the field itself, and the nodes whose
        // visibility reads the filter (the three cards, not their insides, and the "no match" text).
        #expect(presenter.statistics.presented - built == 8)
        guard case .stack(_, let rows)? = second.root?.content, case .stack(_, let children) = rows[0].content,
            case .stack(_, let header) = children[0].content, case .textField(let field) = header[0].content
        else { throw PresentationTestError("unexpected shape") }
        #expect(field.value == "o")
        #expect(try Self.cards(first) == Self.cards(second))
    }

    @Test func aLazyListPresentsOnlyTheRowsAskedFor() throws {
        let gallery = SampleScreens.gallery(count: 1_000)
        let presenter = Presenter()
        let presentation = presenter.present(gallery, values: [:])
        let eager = presenter.statistics.presented
        #expect(eager < 10, "presenting the gallery built \(eager) nodes before any row was shown")

        // The first lazy group of a thousand rows, found without presenting any lazy row on the way
        // (a lazy group of fewer rows is entered: the gallery sits in a scroll).
        func largeLazyGroup(in node: PresentedNode) -> PresentedChildren? {
            for group in node.content.childGroups {
                if group.isLazy, group.count >= 1_000 { return group }
                if group.count < 10 { for child in group { if let found = largeLazyGroup(in: child) { return found } } }
            }
            return nil
        }
        let rows = try #require(presentation.root.flatMap(largeLazyGroup))
        let entered = presenter.statistics.presented - eager
        _ = rows[500]
        let oneRow = presenter.statistics.presented - eager - entered
        #expect(oneRow >= 1 && oneRow < 20, "one row cost \(oneRow) nodes")
        _ = rows[500]
        #expect(presenter.statistics.presented - eager - entered == oneRow, "a row asked for twice is presented once")
    }

    @Test func unchangedValuesReuseTheWholeScreen() {
        let screen = DemoScreens.home()
        let presenter = Presenter()
        let first = presenter.present(screen, values: screen.state)
        let built = presenter.statistics.presented
        let second = presenter.present(screen, values: screen.state)
        #expect(first == second)
        #expect(presenter.statistics.presented == built)
        #expect(presenter.statistics.reused >= 1)
    }
}

struct PresentationTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
