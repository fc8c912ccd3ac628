import Foundation
import HTTPTypes
import Screenplay
import ScreenplayProtocol

/// Sends the app's `track` events to the server's `POST /events`, which counts them as
/// conversions in experiment reports: in batches (every `batchSize` events, or after `interval`),
/// retried with growing waits while the server is away or busy, and kept in a file across
/// restarts. Each event has an id, so a batch sent twice counts once.
///
/// The runtime makes one when it has a disk cache; an app may make its own:
///
/// ```swift
/// let uploader = EventUploader(configuration: configuration, file: cachesURL.appending(path: "screenplay-events.json"))
/// await uploader.track("checkout_done", properties: [:], screen: "checkout.done")
/// await uploader.flush()
/// ```
public actor EventUploader {
    public let configuration: ClientConfiguration
    /// Where events wait between runs (nil: in memory only).
    public let file: URL?
    public let batchSize: Int
    public let interval: Duration
    /// The most events kept while the server cannot be reached; past it the oldest are dropped.
    public let capacity: Int
    private let transport: any Transport
    /// Where the batch interval and the retry backoff are waited, and what stamps each event's time.
    private let clock: ScreenplayClock
    private var pending: [EventBatch.Event] = []
    private var sending = false
    private var scheduled: Task<Void, Never>?
    private var failures = 0
    /// Events dropped because ``capacity`` was reached, or refused by the server as malformed.
    public private(set) var dropped = 0

    public init(
        configuration: ClientConfiguration, transport: (any Transport)? = nil, file: URL? = nil, batchSize: Int = 20,
        interval: Duration = .seconds(10), capacity: Int = 5_000, clock: ScreenplayClock = .live
    ) {
        self.configuration = configuration
        self.transport = transport ?? DefaultTransport.make(maxResponseBytes: 64 * 1024)
        self.file = file
        self.batchSize = max(1, min(batchSize, EventBatch.maxEvents))
        self.interval = interval
        self.capacity = capacity
        self.clock = clock
        if let file { pending = Self.load(file) }
    }

    /// Events not yet accepted by the server.
    public var waiting: [EventBatch.Event] { pending }

    /// Queues an event; sends when a batch is full, or after ``interval``.
    public func track(_ name: String, properties: [String: JSONValue] = [:], screen: String? = nil) {
        let time = Int64((clock.now().timeIntervalSince1970 * 1_000).rounded())
        pending.append(EventBatch.Event(id: UUID().uuidString, name: name, time: time, screen: screen, properties: properties))
        if pending.count > capacity {
            dropped += pending.count - capacity
            pending.removeFirst(pending.count - capacity)
        }
        save()
        if pending.count >= batchSize {
            Task { await flush() }
        } else if scheduled == nil {
            let (interval, clock) = (self.interval, self.clock)
            scheduled = Task { [weak self] in
                // Cancelled (a flush came first): nothing is left to do.
                guard (try? await clock.sleep(for: interval)) != nil else { return }
                await self?.flush()
            }
        }
    }

    /// Sends everything waiting, batch by batch; returns whether all of it was accepted. After a
    /// failure the next try is scheduled (1 s, 2 s, 4 s … up to a minute).
    @discardableResult
    public func flush() async -> Bool {
        scheduled?.cancel()
        scheduled = nil
        // One flush at a time: a second caller waits for the first, then sends what is left.
        // A cancelled caller leaves it to the flush under way, which sends whatever is waiting: its
        // sleeps would end at once, and the wait would spin. (A real sleep: this waits for another
        // flush's requests, not for a time the uploader chose.)
        while sending {
            guard (try? await Task.sleep(for: .milliseconds(10))) != nil else { return false }
        }
        sending = true
        defer { sending = false }
        while !pending.isEmpty {
            let batch = Array(pending.prefix(batchSize))
            switch await send(batch) {
            case .accepted, .refused:
                let sent = Set(batch.map(\.id))
                pending.removeAll { sent.contains($0.id) }
                failures = 0
                save()
            case .retryLater:
                failures += 1
                let wait = Duration.seconds(min(60, 1 << min(failures - 1, 6)))
                let clock = self.clock
                scheduled = Task { [weak self] in
                    guard (try? await clock.sleep(for: wait)) != nil else { return }
                    await self?.flush()
                }
                return false
            }
        }
        return true
    }

    private enum Outcome {
        case accepted, refused, retryLater
    }

    private func send(_ events: [EventBatch.Event]) async -> Outcome {
        var headers = configuration.headers
        headers[.contentType] = "application/json"
        if let user = configuration.user { headers[.screenplayUser] = user }
        let url = configuration.server.appendingPathComponent("events")
        do {
            let response = try await transport.send(
                TransportRequest(method: .post, url: url, headers: headers, body: EventBatch(events: events).encoded()))
            switch response.status.code {
            case 200..<300: return .accepted
            case 408, 429, 500...: return .retryLater
            default:
                // Malformed in the server's eyes: sending it again would not help.
                dropped += events.count
                return .refused
            }
        } catch {
            return .retryLater
        }
    }

    /// The events a previous run left, read a batch's worth at a time (a batch is capped, the file is not).
    private static func load(_ file: URL) -> [EventBatch.Event] {
        guard let data = try? Data(contentsOf: file), case .object(let members)? = try? JSONParser.parse(Array(data)),
            case .array(let items)? = members["events"]
        else { return [] }
        var events: [EventBatch.Event] = []
        for start in stride(from: 0, to: items.count, by: EventBatch.maxEvents) {
            let chunk = JSONValue.object(["events": .array(Array(items[start..<min(items.count, start + EventBatch.maxEvents)]))])
            if let batch = try? EventBatch.decode(from: JSONWriter.write(chunk)).value { events += batch.events }
        }
        return events
    }

    private func save() {
        guard let file else { return }
        try? Data(EventBatch(events: pending).encoded()).write(to: file, options: .atomic)
    }
}
