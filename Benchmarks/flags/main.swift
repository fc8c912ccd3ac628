// Feature-flag figures for docs/PERFORMANCE.md, built in release with the Screenplay and
// ScreenplayFlags sources as one module by scripts/bench-flags:
// - reading a payload of 500 flags with conditions, and evaluations per second of every flag
//   (evaluateAll) and of one flag, for a user;
// - the cost of a flag read beside a screen render (the demo's home adapted and encoded), side by
//   side in the same run.
import Foundation

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Operations per second: the median of 5 rounds of about 0.4 s each.
func perSecond(_ body: () -> Void) -> Double {
    var rounds: [Double] = []
    for _ in 0..<5 {
        var count = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed: UInt64 = 0
        while elapsed < 400_000_000 {
            for _ in 0..<10 { body() }
            count += 10
            elapsed = DispatchTime.now().uptimeNanoseconds - start
        }
        rounds.append(Double(count) / (Double(elapsed) / 1e9))
    }
    return rounds.sorted()[2]
}

// 500 flags: conditions on attributes, versions, lists and patterns; rollouts; experiments; prerequisites.
var features: [String: JSONValue] = [:]
for index in 0..<500 {
    var rules: [JSONValue] = [
        ["condition": ["country": ["$in": ["FR", "DE", "US"]], "appVersion": ["$vgte": "4.2.0"]], "force": true, "coverage": 0.5],
        ["condition": ["email": ["$regex": "@example\\.com$"], "plan": ["$ne": "free"]], "force": .number(Double(index))],
        [
            "condition": ["tags": ["$elemMatch": ["$eq": "beta"]]], "variations": [false, true], "weights": [0.5, 0.5],
            "key": .string("exp\(index)"),
        ],
    ]
    if index % 5 == 0 {
        rules.insert(["parentConditions": [["id": .string("flag\(index % 10 + 1)"), "condition": ["value": ["$exists": true]]]]], at: 0)
    }
    features["flag\(index)"] = ["defaultValue": false, "rules": .array(rules)]
}
let bytes = JSONWriter.write(["features": .object(features)])
var read: DecodeResult<FeaturesPayload>?
let readsPerSecond = perSecond { read = FeaturesPayload.decode(from: bytes) }
guard let payload = read?.value else { fatalError("the payload does not read: \(read?.errors ?? [])") }
let evaluator = FlagEvaluator(payload: payload)
let attributes: [String: JSONValue] = [
    "id": "user-42", "country": "FR", "appVersion": "4.5.1", "platform": "ios", "plan": "pro", "email": "a@example.com", "tags": ["beta"],
    "language": "fr",
]
let all = perSecond { consume(evaluator.evaluateAll(attributes: attributes)) }
let one = perSecond { consume(evaluator.evaluate("flag7", attributes: attributes)) }
let withPrerequisite = perSecond { consume(evaluator.evaluate("flag10", attributes: attributes)) }
print("payload\t\(bytes.count) bytes, 500 flags\tread in \(String(format: "%.1f", 1000 / readsPerSecond)) ms")
print("evaluateAll\t\(Int(all * 500)) flag evaluations/s\t(\(Int(all)) users/s, every flag)")
print("evaluate\t\(Int(one)) evaluations/s\t(one flag with conditions, a rollout and an experiment)")
print("evaluate\t\(Int(withPrerequisite)) evaluations/s\t(one flag with a prerequisite)")

// A screen render beside it: the demo's home adapted to a full client and encoded, alone, then with
// one flag read (the attributes built from the audience, as a request's reads are, and evaluated).
let home = Screen.decode(from: Array(try Data(contentsOf: URL(fileURLWithPath: "Examples/screens/home.json")))).value!
let render = perSecond { consume(home.adapted(to: .full).screen.encoded()) }
let renderAndRead = perSecond {
    var attributes: [String: JSONValue] = ["group": "beta"]
    attributes["id"] = "user-42"
    attributes["platform"] = "ios"
    attributes["appVersion"] = "4.5.1"
    attributes["language"] = "fr"
    consume(evaluator.evaluate("flag7", attributes: attributes).isOn)
    consume(home.adapted(to: .full).screen.encoded())
}
let renderMicros = 1e6 / render
let readMicros = 1e6 / renderAndRead - renderMicros
print(
    "render\t\(String(format: "%.1f", renderMicros)) µs per home render\twith a flag read \(String(format: "%.1f", 1e6 / renderAndRead)) µs: "
        + "+\(String(format: "%.2f", readMicros)) µs (\(String(format: "%.1f", 100 * readMicros / renderMicros)) %)")
