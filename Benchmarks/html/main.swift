// The web renderer on the gallery and the home, built against two commits by scripts/bench-html
// so that both are timed side by side in one run; with the presentation module (from the commit
// that introduced it on), also what an app pays to present: the home from decoded nodes, the
// gallery before and after all its rows are asked for, and cached bytes → the home's first frame.
import Foundation
import Screenplay
import ScreenplayHTML
import ScreenplayTestSupport

#if canImport(ScreenplayPresentation)
    import ScreenplayPresentation
#endif

let examples = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Examples/screens")
let homeBytes = Array(try Data(contentsOf: examples.appendingPathComponent("home.json")))
guard let home = Screen.decode(from: homeBytes).value else { fatalError("home.json does not decode") }
let gallery = SampleScreens.gallery()

func html(_ screen: Screen) -> Int {
    var renderer = HTMLRenderer(state: screen.state)
    let body = renderer.render(screen.body)
    return body.utf8.count + renderer.css.utf8.count
}

var operations: [(String, () -> Void)] = [
    ("html gallery", { consume(html(gallery)) }),
    ("html home", { consume(html(home)) }),
]
#if canImport(ScreenplayPresentation)
    func presentAll(_ screen: Screen) -> Int {
        var count = 0
        Presenter().present(screen, values: screen.state).walk { _, _ in count += 1 }
        return count
    }
    operations += [
        ("present home", { consume(Presenter().present(home, values: home.state)) }),
        ("present gallery (lazy)", { consume(Presenter().present(gallery, values: gallery.state)) }),
        ("present gallery (all rows)", { consume(presentAll(gallery)) }),
        ("cached bytes → home frame", { consume(presentAll(Screen.decode(from: homeBytes).value!)) }),
    ]
#endif
timeSideBySide(operations)
