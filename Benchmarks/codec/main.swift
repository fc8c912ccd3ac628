// Encode and decode of the 1,000-card gallery, built against two commits of the core by
// scripts/bench-codec so that both are timed side by side in one run.
import Foundation
import ScreenplayDSL
import ScreenplayTestSupport

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }
let gallery = SampleScreens.gallery()
let plain = gallery.encoded()
let templated = gallery.encoded(templates: .automatic)
let operations: [(String, () -> Void)] = [
    ("encode", { consume(gallery.encoded()) }),
    ("build+encode", { consume(SampleScreens.gallery().encoded()) }),
    ("encode templates", { consume(gallery.encoded(templates: .automatic)) }),
    ("decode plain", { consume(Screen.decode(from: plain)) }),
    ("decode templated", { consume(Screen.decode(from: templated)) }),
]
let clock = ContinuousClock()
for (_, body) in operations { for _ in 0..<3 { body() } }
var samples = Array(repeating: [Duration](), count: operations.count)
let start = clock.now
while clock.now - start < .seconds(6) {
    for (index, operation) in operations.enumerated() { samples[index].append(clock.measure(operation.1)) }
}
for (index, operation) in operations.enumerated() {
    let sorted = samples[index].sorted()
    let median = sorted[sorted.count / 2]
    let ms = Double(median.components.seconds) * 1e3 + Double(median.components.attoseconds) / 1e15
    print("\(operation.0)\t\(String(format: "%.3f", ms))\t\(sorted.count)")
}
print("bytes\t\(plain.count)\t\(templated.count)")
