import Foundation
import HTTPTypes

/// Image bytes for renderers: loaded once through the app's transport, shared by every view that
/// shows the same URL, and kept in memory up to a byte budget, least recently used first out.
/// A URL that fails (unreachable, not 2xx, too large) gives nil: the view keeps its placeholder.
///
/// ```swift
/// let images = ImageStore(transport: URLSessionTransport(), budget: 32 << 20)
/// if let data = await images.data(for: url) { … decode and draw … }
/// ```
public actor ImageStore {
    /// Bytes held in memory at most.
    public let budget: Int
    /// The largest single image accepted.
    public let maxImageBytes: Int
    private let transport: any Transport
    private var entries: [URL: (data: Data, lastUse: UInt64)] = [:]
    private var inFlight: [URL: Task<Data?, Never>] = [:]
    private var clock: UInt64 = 0
    /// Bytes held now.
    public private(set) var size = 0

    public init(transport: any Transport, budget: Int = 32 << 20, maxImageBytes: Int = 8 << 20) {
        self.transport = transport
        self.budget = budget
        self.maxImageBytes = maxImageBytes
    }

    /// The bytes of the image at `url`, from memory or the network; nil when it cannot be had.
    public func data(for url: URL) async -> Data? {
        clock += 1
        if let entry = entries[url] {
            entries[url]?.lastUse = clock
            return entry.data
        }
        if let task = inFlight[url] { return await task.value }
        let transport = self.transport
        let limit = maxImageBytes
        let task = Task<Data?, Never> {
            guard let response = try? await transport.send(TransportRequest(url: url)),
                response.status.kind == .successful, !response.body.isEmpty, response.body.count <= limit
            else { return nil }
            return Data(response.body)
        }
        inFlight[url] = task
        let data = await task.value
        inFlight[url] = nil
        if let data { store(data, for: url) }
        return data
    }

    /// Whether the bytes of `url` are in memory.
    public func contains(_ url: URL) -> Bool { entries[url] != nil }

    private func store(_ data: Data, for url: URL) {
        guard data.count <= budget else { return }
        if let old = entries[url] { size -= old.data.count }
        entries[url] = (data, clock)
        size += data.count
        while size > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            size -= oldest.value.data.count
        }
    }
}
