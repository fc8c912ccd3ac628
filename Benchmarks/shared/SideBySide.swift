// The timing loop of the side-by-side benchmarks: scripts/bench-codec and scripts/bench-html copy
// this file next to their main.swift; screenplay-bench links it (scripts/bench-native). The Rust
// and C++ peers of scripts/bench-native (Benchmarks/native/) run the same loop and print the same
// lines, so that one table reads them all.
import Foundation

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Warms each operation up, then samples them in turn (A, B, C, A, B, C …) for `seconds`, so that a
/// noisy neighbour slows them all alike, and prints `name<TAB>median ms<TAB>samples` per operation.
func timeSideBySide(_ operations: [(String, () -> Void)], seconds: Double = 6) {
    let clock = ContinuousClock()
    for (_, body) in operations { for _ in 0..<3 { body() } }
    var samples = Array(repeating: [Duration](), count: operations.count)
    let start = clock.now
    while clock.now - start < .milliseconds(Int(seconds * 1000)) {
        for (index, operation) in operations.enumerated() { samples[index].append(clock.measure(operation.1)) }
    }
    for (index, operation) in operations.enumerated() {
        let sorted = samples[index].sorted()
        let median = sorted[sorted.count / 2]
        let ms = Double(median.components.seconds) * 1e3 + Double(median.components.attoseconds) / 1e15
        print("\(operation.0)\t\(String(format: "%.4f", ms))\t\(sorted.count)")
    }
}
