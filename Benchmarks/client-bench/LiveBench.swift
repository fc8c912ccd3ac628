import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import ScreenplayClient
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayServer

/// Issue 6's figures: patch bytes for a one-city change, and 1,000 live subscribers of
/// `/screens/cities` on loopback (publish-to-receive latency; server memory per subscriber, read
/// from the server's own /proc entry: the server runs as a child process).
enum LiveBench {
    /// `screenplay-client-bench --serve PORT`: the demo with a `POST /bench/new-day` trigger.
    static func serve(port: Int) async throws {
        let feed = CityFeed()
        let router = Router(context: ScreenplayRequestContext.self)
        // Room for the fan-out benchmark's subscribers, all from one address.
        let live = LiveUpdates(maxSubscribers: 20_000, maxSubscribersPerAddress: 20_000)
        DemoApp.routes(feed: feed, live: live).addRoutes(to: router)
        router.post("/bench/new-day") { _, _ in
            feed.newDay()
            return Response(status: .noContent)
        }
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        // As the demo serves: the connection guards, and streams on connections of their own.
        try await Application(
            router: router, server: .screenplay(live: live), configuration: .init(address: .hostname("127.0.0.1", port: port)),
            logger: logger
        )
        .runService()
    }

    /// Starts `--serve` (or another serving mode) as a child process on a random port and waits for
    /// its /health; a child that could not listen (the port was taken) is started again on another.
    /// The ports are below Linux's ephemeral range (32768–60999), where ten thousand subscribers'
    /// own sockets are.
    static func startServer(mode: String = "--serve") async throws -> (child: Process, port: Int) {
        for _ in 0..<5 {
            let port = Int.random(in: 20_000..<32_000)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = [mode, String(port)]
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            while child.isRunning {
                if let response = try? await HTTPClient.shared.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)/health"), timeout: .seconds(1)),
                    response.status == .ok
                {
                    return (child, port)
                }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        throw BenchmarkError("the server (\(mode)) did not start on any of five ports")
    }

    static func residentKilobytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    static func run(subscribers: Int = 1_000, publishes: Int = 20) async throws {
        let (child, port) = try await startServer()
        defer { child.terminate() }
        let base = "http://127.0.0.1:\(port)"
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(120)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = subscribers + 16
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        // Full screen and one-city patch, as the stream sends them.
        let full = try await client.execute(HTTPClientRequest(url: "\(base)/screens/cities"), timeout: .seconds(5)).body.collect(
            upTo: 1 << 22
        ).readableBytes

        let idle = residentKilobytes(of: child.processIdentifier)
        let clock = ContinuousClock()
        let received = Received(publishes: publishes)
        var tasks: [Task<Void, Never>] = []
        let opened = Received(publishes: 0)
        for _ in 0..<subscribers {
            tasks.append(
                Task {
                    var request = HTTPClientRequest(url: "\(base)/screens/cities/stream")
                    request.headers.add(name: "Accept", value: "text/event-stream")
                    guard let response = try? await client.execute(request, timeout: .hours(1)) else { return }
                    var parser = ServerSentEventParser()
                    do {
                        for try await buffer in response.body {
                            for event in parser.feed(Array(buffer.readableBytesView)) {
                                if event.type == "screen" { opened.open() }
                                if event.type == "patch" { received.record(at: clock.now, bytes: event.data.utf8.count) }
                            }
                        }
                    } catch {}
                })
        }
        while opened.opens < subscribers { try await Task.sleep(for: .milliseconds(50)) }
        try await Task.sleep(for: .seconds(1))
        let withSubscribers = residentKilobytes(of: child.processIdentifier)
        for index in 0..<publishes {
            received.published(index, at: clock.now)
            var request = HTTPClientRequest(url: "\(base)/bench/new-day")
            request.method = .POST
            _ = try await client.execute(request, timeout: .seconds(5))
            let deadline = clock.now + .seconds(10)
            while received.count(for: index) < subscribers, clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            try await Task.sleep(for: .milliseconds(100))
        }
        let latencies = received.latencies.sorted()
        func percentile(_ p: Double) -> String { received.latency(atPercentile: p) }
        print("")
        print("live /screens/cities, \(subscribers) subscribers on loopback, \(publishes) one-city changes:")
        print(
            "  full screen \(full) bytes; patch event data median \(received.medianBytes) bytes = \(String(format: "%.1f", 100 * Double(received.medianBytes) / Double(full)))% of the screen"
        )
        print(
            "  delivered \(latencies.count) of \(subscribers * publishes) patches; publish-to-receive p50 \(percentile(0.5)), p99 \(percentile(0.99)), max \(percentile(1.0))"
        )
        print(
            "  server RSS \(idle) KB idle, \(withSubscribers) KB with \(subscribers) subscribers: \((withSubscribers - idle) * 1024 / subscribers) bytes per subscriber"
        )
        for task in tasks { task.cancel() }
        try? await client.shutdown()
    }
}

/// What the subscribers received, by publish (the patch events carry no publish number: the n-th
/// patch a subscriber gets belongs to the n-th publish, as publishes wait for everyone).
final class Received: @unchecked Sendable {
    // Safe: everything is touched under `lock`.
    private let lock = NSLock()
    private var starts: [ContinuousClock.Instant?]
    private var counts: [Int]
    private var current = -1
    private(set) var latencies: [Duration] = []
    private var sizes: [Int] = []
    private var openCount = 0

    init(publishes: Int) {
        starts = Array(repeating: nil, count: publishes)
        counts = Array(repeating: 0, count: publishes)
    }

    func open() { lock.withLock { openCount += 1 } }
    var opens: Int { lock.withLock { openCount } }

    func published(_ index: Int, at instant: ContinuousClock.Instant) {
        lock.withLock {
            starts[index] = instant
            current = index
        }
    }

    func record(at instant: ContinuousClock.Instant, bytes: Int) {
        lock.withLock {
            guard current >= 0, let start = starts[current] else { return }
            counts[current] += 1
            latencies.append(instant - start)
            sizes.append(bytes)
        }
    }

    func count(for index: Int) -> Int { lock.withLock { counts[index] } }
    var medianBytes: Int { lock.withLock { sizes.sorted().dropFirst(sizes.count / 2).first ?? 0 } }

    /// The latency below which a fraction `p` of the receipts fell, in milliseconds ("n/a" for none).
    func latency(atPercentile p: Double) -> String {
        let latencies = lock.withLock { self.latencies }.sorted()
        guard !latencies.isEmpty else { return "n/a" }
        let value = latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
        return String(format: "%.1f ms", Double(value.components.attoseconds) / 1e15 + Double(value.components.seconds) * 1_000)
    }
}

/// A benchmark that cannot measure what it was asked to, and why.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
