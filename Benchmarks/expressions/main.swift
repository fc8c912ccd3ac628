// Expression evaluations per second, parsed once and evaluated many times, as a screen's
// properties are: built with the Screenplay sources in release by scripts/bench-expressions, which
// runs the same expressions through the page's script in headless Chromium beside it.
import Foundation

let variables: [String: ExpressionValue] = [
    "count": .integer(3), "price": .number(9.5), "name": .string("Anna Karenina"), "card": .string("4242424242424242"),
    "expiry": .string("12/29"),
]
let cases: [(String, String)] = [
    ("arithmetic", "@{count * 2 + 1}"),
    ("template", "@{count} items for @{name}"),
    ("strings", "@{substring(toUpperCase(name), 0, 4)}"),
    ("ternary", "@{count > 0 ? 'many' : 'none'}"),
    ("money", "@{toString(price * toNumber(count))}"),
    ("card check", "@{len(card) == 16 && testRegex(card, '^[0-9]{16}$')}"),
    ("expiry check", "@{testRegex(expiry, '^(0[1-9]|1[0-2])/[0-9]{2}$')}"),
]
let evaluator = ExpressionEvaluator()
let clock = ContinuousClock()
for (name, property) in cases {
    let node = try ExpressionParser.parse(property: property)
    var rounds: [Double] = []
    for _ in 0..<5 {
        var count = 0
        let start = clock.now
        while clock.now - start < .milliseconds(400) {
            for _ in 0..<100 { _ = try? evaluator.evaluate(node, variables: variables) }
            count += 100
        }
        let elapsed = clock.now - start
        rounds.append(Double(count) / (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)))
    }
    rounds.sort()
    print("\(name)\t\(Int(rounds[2]))")
}
