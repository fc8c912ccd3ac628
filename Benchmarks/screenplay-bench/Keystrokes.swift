import Foundation
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayPresentation

/// `screenplay-bench keystrokes`: what one keystroke costs on screens that decide on the device —
/// the checkout's card field (mask and rules) and the cities filter (every card's visibility bound
/// to the query) — as a renderer's presenter pays it: nodes presented again and time per keystroke;
/// and what expressions cost in bytes (the same screen to a client of format 1.2 and to one of 1.1,
/// which gets the values evaluated by the server instead), and what motion costs in bytes (to a
/// client of format 1.3 and to one of 1.2, which gets none).
enum Keystrokes {
    static func run() {
        let card = DemoScreens.checkoutCard()
        let cities = DemoScreens.cities()
        print("One keystroke, as a presenter pays it (median of interleaved runs):")
        for (name, screen, key, typed) in [
            ("checkout card number (mask + rules, field left)", card, "cardNumber", "4242424242424242"),
            ("cities filter (3 cards' visibility bound)", cities, "city", "moscow"),
        ] {
            let presenter = Presenter()
            var values = screen.initialValues
            values[FieldState.touchedKey(for: key)] = true
            _ = presenter.present(screen, values: values)
            var index = 0
            var presented = 0
            var keystrokes = 0
            let timing = measure(
                [
                    (
                        name,
                        {
                            index = (index + 1) % (typed.count + 1)
                            values[key] = .string(String(typed.prefix(index)))
                            let before = presenter.statistics.presented
                            // Walked, as a renderer draws it: lazy rows are presented when drawn.
                            var drawn = 0
                            presenter.present(screen, values: values).walk { _, _ in drawn += 1 }
                            consume(drawn)
                            presented += presenter.statistics.presented - before
                            keystrokes += 1
                        }
                    )
                ], minimumSamples: 2_000, minimumTime: .seconds(2))[0]
            let perKeystroke = Double(presented) / Double(max(keystrokes, 1))
            print(row(timing) + String(format: "   %.1f nodes re-presented per keystroke", perKeystroke))
        }
        print("")
        print("What motion adds to a keystroke on the cities filter (the native host's plan of what comes and goes):")
        do {
            let presenter = Presenter()
            var values = cities.initialValues
            var last = presenter.present(cities, values: values)
            var index = 0
            let typed = "moscow"
            var steps = 0
            var plans = 0
            let timing = measure(
                [
                    (
                        "MotionPlan, lazy rows by identity",
                        {
                            index = (index + 1) % (typed.count + 1)
                            values["city"] = .string(String(typed.prefix(index)))
                            let next = presenter.present(cities, values: values)
                            // Drawn, as a renderer draws it: its rows are compared whole next time.
                            last.walk { _, _ in }
                            steps += MotionPlan(from: last, to: next, lazyRows: .comparedByIdentity).steps.count
                            plans += 1
                            last = next
                        }
                    )
                ], minimumSamples: 2_000, minimumTime: .seconds(2))[0]
            print(
                row(timing)
                    + String(format: "   %.1f movements per keystroke (presentation included)", Double(steps) / Double(max(plans, 1))))
        }
        print("")
        print("Bytes, with expressions (format 1.2) and evaluated by the server (format 1.1):")
        let old = ClientCapabilities(
            version: FormatVersion(1, 1), components: ClientCapabilities.full.components.subtracting(["states"]),
            actions: ClientCapabilities.full.actions.subtracting(["set", "validate", "timer"]))
        var still = ClientCapabilities.full
        still.version = FormatVersion(1, 2)
        for (name, screen) in [("checkout card step", card), ("home", DemoScreens.home()), ("cities", cities)] {
            let current = screen.adapted(to: still).screen.encoded().count
            let evaluated = screen.adapted(to: old).screen.encoded().count
            print("\(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(current) bytes   \(evaluated) bytes evaluated")
        }
        print("")
        print("Bytes of motion: the same screen to a client of format 1.3 and to one of 1.2, which gets no motion:")
        for (name, screen) in [("checkout card step", card), ("home", DemoScreens.home()), ("cities", cities)] {
            let moving = screen.adapted(to: .full).screen
            let without = screen.adapted(to: still).screen
            // Plain, and as the server sends it to clients of 1.1 and later (repeated shapes as templates).
            let (plain, plainWithout) = (moving.encoded().count, without.encoded().count)
            let (templated, templatedWithout) = (moving.encoded(templates: .automatic).count, without.encoded(templates: .automatic).count)
            print(
                "\(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(plain) / \(plainWithout) bytes plain"
                    + String(format: " (+%.1f %%)", Double(plain - plainWithout) / Double(max(plainWithout, 1)) * 100)
                    + "   \(templated) / \(templatedWithout) with templates"
                    + String(format: " (+%.1f %%)", Double(templated - templatedWithout) / Double(max(templatedWithout, 1)) * 100))
        }
    }
}
