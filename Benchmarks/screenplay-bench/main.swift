import BenchmarkScreens
// Side-by-side figures for the Screenplay format, in one process and one run:
//   SCREENPLAY_BENCHMARKS=1 swift run -c release screenplay-bench
// Each figure is the median of many timed runs after a warm-up; ratios compare medians.
import Foundation
import ScreenplayDSL

let thousandItemList = { BenchmarkScreens.requestList() }
let thousandTextList = { BenchmarkScreens.textList() }

struct Measurement {
    let name: String
    let median: Duration
    let samples: Int
}

/// Times several operations side by side: their samples are interleaved (A, B, C, A, B, C …) so that
/// a noisy neighbour slows them all alike and the ratios of their medians stay meaningful.
func measure(_ operations: [(name: String, body: () -> Void)], minimumSamples: Int = 40, minimumTime: Duration = .seconds(3))
    -> [Measurement]
{
    let clock = ContinuousClock()
    for operation in operations { for _ in 0..<3 { operation.body() } }
    var samples = Array(repeating: [Duration](), count: operations.count)
    let start = clock.now
    while samples[0].count < minimumSamples || clock.now - start < minimumTime {
        for (index, operation) in operations.enumerated() {
            samples[index].append(clock.measure(operation.body))
        }
        if samples[0].count >= 5_000 { break }
    }
    return operations.indices.map { index in
        let sorted = samples[index].sorted()
        return Measurement(name: operations[index].name, median: sorted[sorted.count / 2], samples: sorted.count)
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func row(_ measurement: Measurement) -> String {
    let name = measurement.name.padding(toLength: 58, withPad: " ", startingAt: 0)
    return "\(name) \(String(format: "%9.3f", milliseconds(measurement.median))) ms   (n=\(measurement.samples))"
}

// `screenplay-bench peers DIR`: for scripts/bench-peers, each peer screen as a current app receives
// it (built, adapted, encoded with templates) and as an old app does (no templates): the median time
// to make it and its bytes, written to DIR/<name>.json and DIR/<name>.plain.json. Prints
// `peer NAME MEDIAN_MS BYTES SAMPLES` lines, plain ones named NAME.plain.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "peers" {
    let directory = URL(fileURLWithPath: CommandLine.arguments[2])
    let peers = BenchmarkScreens.peers
    // Each screen's two forms are timed side by side on their own: interleaved with the other
    // screens, the request list's first build of a round ran 0.2 ms slower (its date formatters'
    // data evicted by the gallery), whichever form it was.
    for peer in peers {
        let timings = measure(
            [
                (peer.name + ".plain", { consume(peer.build().encoded()) }),
                (peer.name, { consume(peer.build().encoded(templates: .automatic)) }),
            ], minimumSamples: 100, minimumTime: .seconds(2))
        for (timing, bytes) in zip(timings, [peer.build().encoded(), peer.build().encoded(templates: .automatic)]) {
            try Data(bytes).write(to: directory.appendingPathComponent("\(timing.name).json"))
            print("peer \(timing.name) \(String(format: "%.4f", milliseconds(timing.median))) \(bytes.count) \(timing.samples)")
        }
    }
    exit(0)
}

// `screenplay-bench keystrokes`: the cost of one keystroke on screens that decide on the device.
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "keystrokes" {
    Keystrokes.run()
    exit(0)
}

// `screenplay-bench documents DIR` and `screenplay-bench native DIR SECONDS`: scripts/bench-native.
if CommandLine.arguments.count >= 3, let mode = NativeComparison.Mode(rawValue: CommandLine.arguments[1]) {
    let directory = URL(fileURLWithPath: CommandLine.arguments[2])
    switch mode {
    case .documents: try NativeComparison.writeDocuments(to: directory)
    case .native:
        NativeComparison.time(documentsIn: directory, seconds: CommandLine.arguments.count > 3 ? Double(CommandLine.arguments[3]) ?? 2 : 2)
    }
    exit(0)
}

// SCREENPLAY_PROFILE=encode|decode|build runs one operation in a loop, for perf or callgrind.
if let operation = ProcessInfo.processInfo.environment["SCREENPLAY_PROFILE"] {
    let profiledScreen = thousandItemList()
    let profiledBytes = profiledScreen.encoded()
    let galleryBytes = BenchmarkScreens.gallery().encoded()
    let galleryTemplatedBytes = BenchmarkScreens.gallery().encoded(templates: .automatic)
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["SCREENPLAY_PROFILE_ITERATIONS"] ?? "") ?? 300) {
        switch operation {
        case "encode": consume(profiledScreen.encoded())
        case "decode": consume(Screen.decode(from: profiledBytes))
        case "textlist": consume(thousandTextList().encoded())
        case "buildencode": consume(thousandItemList().encoded())
        case "gallery": consume(BenchmarkScreens.gallery().encoded())
        case "gallery-decode": consume(Screen.decode(from: galleryBytes))
        case "gallery-decode-templated": consume(Screen.decode(from: galleryTemplatedBytes))
        case "gallery-templates": consume(BenchmarkScreens.gallery().encoded(templates: .automatic))
        case let name where BenchmarkScreens.peers.contains { $0.name == name }:
            consume(BenchmarkScreens.peers.first { $0.name == name }!.build().encoded())
        default: consume(thousandItemList())
        }
    }
    exit(0)
}

let screen = thousandItemList()
let bytes = screen.encoded()
let data = Data(bytes)
guard let foundationObject = try? JSONSerialization.jsonObject(with: data) else {
    fatalError("JSONSerialization could not read our output")
}

print("1,000-item list screen: \(bytes.count) bytes encoded")
print("")

let decodes = measure([
    ("Screen.decode (parse + resilient decode + checks)", { consume(Screen.decode(from: bytes)) }),
    ("JSONParser.parse (our parser alone)", { consume(try? JSONParser.parse(bytes)) }),
    ("JSONSerialization.jsonObject (same bytes)", { consume(try? JSONSerialization.jsonObject(with: data)) }),
])
let encodes = measure(
    [
        ("Screen.encoded (sorted keys)", { consume(screen.encoded()) }),
        (
            "JSONSerialization.data [.sortedKeys] (equivalent object)",
            { consume(try? JSONSerialization.data(withJSONObject: foundationObject, options: [.sortedKeys])) }
        ),
        (
            "JSONSerialization.data (equivalent object, unsorted)",
            { consume(try? JSONSerialization.data(withJSONObject: foundationObject)) }
        ),
    ], minimumSamples: 20)
let textListBytes = thousandTextList().encoded().count
let builds = measure([
    ("DSL build of the 1,000-item list", { consume(thousandItemList()) }),
    ("DSL build + encode of the 1,000-item list", { consume(thousandItemList().encoded()) }),
    ("DSL build + encode of the 1,000-item gallery", { consume(BenchmarkScreens.gallery().encoded()) }),
    ("  … encoded with templates", { consume(BenchmarkScreens.gallery().encoded(templates: .automatic)) }),
    ("DSL build + encode of a 1,000-row text list (\(textListBytes / 1000) KB)", { consume(thousandTextList().encoded()) }),
])
let (decode, foundationDecode) = (decodes[0], decodes[2])
let (encode, foundationEncodeSorted, foundationEncode) = (encodes[0], encodes[1], encodes[2])
let buildAndEncode = builds[1]

for measurement in decodes + encodes + builds {
    print(row(measurement))
}
print("")
func ratio(_ a: Measurement, _ b: Measurement) -> String { String(format: "%.2f", milliseconds(a.median) / milliseconds(b.median)) }
print("decode ÷ JSONSerialization.jsonObject:            \(ratio(decode, foundationDecode))   (goal ≤ 1.5)")
print("encode ÷ JSONSerialization.data [.sortedKeys]:    \(ratio(encode, foundationEncodeSorted))   (goal ≤ 1.0)")
print("encode ÷ JSONSerialization.data (unsorted):       \(ratio(encode, foundationEncode))")
print("DSL build + encode:                               \(String(format: "%.3f", milliseconds(buildAndEncode.median))) ms   (goal ≤ 1 ms)")
print("  same for the 1,000-item gallery:                \(String(format: "%.3f", milliseconds(builds[2].median))) ms   (goal ≤ 1 ms)")
print("  same for the 1,000-row text list:               \(String(format: "%.3f", milliseconds(builds[4].median))) ms")
