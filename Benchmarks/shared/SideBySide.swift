// The timing loop of the side-by-side benchmarks (scripts/bench-codec, scripts/bench-html): each
// script copies this file next to its main.swift in a small package built for each commit.
import Foundation

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Warms each operation up, then samples them in turn for six seconds and prints
/// `name<TAB>median ms<TAB>samples` per operation.
func timeSideBySide(_ operations: [(String, () -> Void)]) {
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
        print("\(operation.0)\t\(String(format: "%.4f", ms))\t\(sorted.count)")
    }
}
