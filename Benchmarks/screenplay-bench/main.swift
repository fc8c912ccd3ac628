// Side-by-side figures for the Screenplay format, in one process and one run:
//   SCREENPLAY_BENCHMARKS=1 swift run -c release screenplay-bench
// Each figure is the median of many timed runs after a warm-up; ratios compare medians.
import Foundation
import Screenplay

/// A 1,000-item list of generic items, as write-up 1's request list would grow to.
func thousandItemList() -> Screen {
    Screen(id: "requests", title: "Requests", cache: CacheHints(maxAge: 30)) {
        List {
            Section("All requests") {
                for index in 0..<1_000 {
                    GenericItem(
                        layout: .request, imageURL: "https://images.example.com/avatars/\(index).jpg",
                        title: "Driver \(index)", subtitle: "Tesla Model S", topRightDetail: "02/11/2017",
                        detail: "from <strong>Wed, Feb 15, 2017</strong> at 07:00<br>to <strong>Sat, Feb 18, 2017</strong> at 07:30",
                        bottomLeftDetail: "€\(60 + index % 40)", bottomRightDetail: index % 3 == 0 ? "Pending" : "Accepted",
                        url: "/requests/\(index)"
                    ).id("request.\(index)")
                }
            }
        }
    }
}

struct Measurement {
    let name: String
    let median: Duration
    let samples: Int
}

func measure(_ name: String, minimumSamples: Int = 30, minimumTime: Duration = .seconds(2), _ body: () -> Void) -> Measurement {
    let clock = ContinuousClock()
    for _ in 0..<5 { body() }
    var samples: [Duration] = []
    let start = clock.now
    while samples.count < minimumSamples || clock.now - start < minimumTime {
        samples.append(clock.measure(body))
        if samples.count >= 10_000 { break }
    }
    samples.sort()
    return Measurement(name: name, median: samples[samples.count / 2], samples: samples.count)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func row(_ measurement: Measurement) -> String {
    let name = measurement.name.padding(toLength: 58, withPad: " ", startingAt: 0)
    return "\(name) \(String(format: "%9.3f", milliseconds(measurement.median))) ms   (n=\(measurement.samples))"
}

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

let screen = thousandItemList()
let bytes = screen.encoded()
let data = Data(bytes)
guard let foundationObject = try? JSONSerialization.jsonObject(with: data) else { fatalError("JSONSerialization could not read our output") }

// SCREENPLAY_PROFILE=encode|decode|build runs one operation in a loop, for perf or callgrind.
if let operation = ProcessInfo.processInfo.environment["SCREENPLAY_PROFILE"] {
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["SCREENPLAY_PROFILE_ITERATIONS"] ?? "") ?? 300) {
        switch operation {
        case "encode": consume(screen.encoded())
        case "decode": consume(Screen.decode(from: bytes))
        default: consume(thousandItemList())
        }
    }
    exit(0)
}

print("1,000-item list screen: \(bytes.count) bytes encoded")
print("")

let decode = measure("Screen.decode (parse + resilient decode + checks)") { consume(Screen.decode(from: bytes)) }
let parseOnly = measure("JSONParser.parse (our parser alone)") { consume(try? JSONParser.parse(bytes)) }
let foundationDecode = measure("JSONSerialization.jsonObject (same bytes)") { consume(try? JSONSerialization.jsonObject(with: data)) }
let encode = measure("Screen.encoded (sorted keys)") { consume(screen.encoded()) }
let foundationEncodeSorted = measure("JSONSerialization.data [.sortedKeys] (equivalent object)") {
    consume(try? JSONSerialization.data(withJSONObject: foundationObject, options: [.sortedKeys]))
}
let foundationEncode = measure("JSONSerialization.data (equivalent object, unsorted)") {
    consume(try? JSONSerialization.data(withJSONObject: foundationObject))
}
let build = measure("DSL build of the 1,000-item list") { consume(thousandItemList()) }
let buildAndEncode = measure("DSL build + encode of the 1,000-item list") { consume(thousandItemList().encoded()) }

for measurement in [decode, parseOnly, foundationDecode, encode, foundationEncodeSorted, foundationEncode, build, buildAndEncode] {
    print(row(measurement))
}
print("")
func ratio(_ a: Measurement, _ b: Measurement) -> String { String(format: "%.2f", milliseconds(a.median) / milliseconds(b.median)) }
print("decode ÷ JSONSerialization.jsonObject:            \(ratio(decode, foundationDecode))   (goal ≤ 1.5)")
print("encode ÷ JSONSerialization.data [.sortedKeys]:    \(ratio(encode, foundationEncodeSorted))   (goal ≤ 1.0)")
print("encode ÷ JSONSerialization.data (unsorted):       \(ratio(encode, foundationEncode))")
print("DSL build + encode:                               \(String(format: "%.3f", milliseconds(buildAndEncode.median))) ms   (goal ≤ 1 ms)")
