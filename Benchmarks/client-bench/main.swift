// The client runtime's figures (issue 4), with the demo server in this process on loopback:
//   SCREENPLAY_BENCHMARKS=1 swift run -c release screenplay-client-bench
// 1. Cold load of /screens/home from the disk cache: a new ScreenCache over the directory, a new
//    runtime, open("/home") until the screen is loaded (read + decode + adapt + first state).
// 2. Memory of the cache for 100 screens: bytes on disk, and heap held by the cache's index; for
//    scale, the heap of the same 100 screens kept decoded in memory.
import CHeap
import Foundation
import ScreenplayClient
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayPresentation
import ScreenplayServer

func heapInUse() -> Int { Int(cheap_heap_in_use()) }

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

if let flag = CommandLine.arguments.firstIndex(of: "--serve"), let port = Int(CommandLine.arguments[flag + 1]) {
    try await LiveBench.serve(port: port)
    exit(0)
}
if let flag = CommandLine.arguments.firstIndex(of: "--serve-floor"), let port = Int(CommandLine.arguments[flag + 1]) {
    try await HeldStreams.serveWithHummingbird(port: port)
    exit(0)
}
if let flag = CommandLine.arguments.firstIndex(of: "--serve-nio-floor"), let port = Int(CommandLine.arguments[flag + 1]) {
    try await HeldStreams.serveWithNIO(port: port)
    exit(0)
}

// `--fanout N`: N live subscribers of one screen (issue 16).
if let flag = CommandLine.arguments.firstIndex(of: "--fanout"), let subscribers = Int(CommandLine.arguments[flag + 1]) {
    try await FanOutBench.run(subscribers: subscribers)
    exit(0)
}

// The demo server, just long enough to fill the cache.
let (ready, continuation) = AsyncStream.makeStream(of: Int.self)
let application = DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()) { port in continuation.yield(port) }
let serverTask = Task { try await application.runService(gracefulShutdownSignals: []) }
func firstPort(_ ports: AsyncStream<Int>) async -> Int? {
    for await port in ports { return port }
    return nil
}
guard let port = await firstPort(ready) else { fatalError("the demo server did not start") }
let configuration = ClientConfiguration(server: URL(string: "http://127.0.0.1:\(port)")!)

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-client-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let warm = ScreenplayRuntime(configuration: configuration, cache: try ScreenCache(directory: directory))
await warm.open("/home")
guard let store = warm.current, let warmScreen = store.screen else {
    fatalError("could not load /home: \(String(describing: warm.current?.phase))")
}
let cacheKey = store.cacheKey
serverTask.cancel()
_ = await serverTask.result

let entry = try await ScreenCache(directory: directory).entry(for: cacheKey)!
print("/screens/home: \(entry.body.count) bytes, \(OutlineRenderer.render(warmScreen).split(separator: "\n").count) nodes")

// 1. Cold loads, the server gone: everything comes from the disk.
var samples: [Duration] = []
var decodeOnly: [Duration] = []
let clock = ContinuousClock()
for _ in 0..<300 {
    let start = clock.now
    let runtime = ScreenplayRuntime(configuration: configuration, cache: try ScreenCache(directory: directory))
    await runtime.open("/home")
    guard case .loaded(let loaded)? = runtime.current?.phase, loaded.source == .cache else { fatalError("not loaded from the cache") }
    samples.append(clock.now - start)
    let decodeStart = clock.now
    let decoded = Screen.decode(from: entry.body)
    decodeOnly.append(clock.now - decodeStart)
    precondition(decoded.value != nil)
}
samples.sort()
decodeOnly.sort()
func percentile(_ values: [Duration], _ p: Double) -> String {
    String(format: "%.3f ms", milliseconds(values[min(values.count - 1, Int(Double(values.count) * p))]))
}
print(
    "cold load from the disk cache (300 runs): median \(percentile(samples, 0.5)), p90 \(percentile(samples, 0.9)), p99 \(percentile(samples, 0.99))"
)
print("  of which decode alone:                 median \(percentile(decodeOnly, 0.5))")

// 2. The cache with 100 screens.
let hundred = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-client-bench-100-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: hundred) }
do {
    let filling = try ScreenCache(directory: hundred, maxBytes: 64 << 20)
    for index in 0..<100 {
        var copy = entry
        copy.key = "http://127.0.0.1/screens/home?copy=\(index)\nen\n"
        await filling.store(copy)
    }
}
let before = heapInUse()
let cache = try ScreenCache(directory: hundred, maxBytes: 64 << 20)
let afterIndex = heapInUse()
let count = await cache.count
let diskBytes = await cache.totalBytes
var screens: [Screen] = []
for _ in 0..<100 { screens.append(Screen.decode(from: entry.body).value!) }
let afterScreens = heapInUse()
print("cache of \(count) screens: \(diskBytes) bytes on disk (\(diskBytes / count) per screen)")
print("  heap held by the cache (index of \(count) files): \(afterIndex - before) bytes (\((afterIndex - before) / count) per screen)")
print(
    "  for scale, the same \(count) screens decoded in memory: \(afterScreens - afterIndex) bytes (\((afterScreens - afterIndex) / count) per screen)"
)
withExtendedLifetime((cache, screens)) {}

// 3. Live updates (issue 6).
try await LiveBench.run()
