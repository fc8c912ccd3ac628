import Foundation
import HTTPTypes

/// Images for renderers: fetched once through the app's transport, decoded off the main actor and
/// no larger than the frame they are drawn in, shared by every view that shows the same URL at the
/// same size, and kept up to a budget of decoded bytes (what they hold in memory), least recently
/// used first out. A URL that fails (unreachable, not 2xx, too large a file, not an image, too many
/// pixels to decode whole) gives nil: the view keeps its placeholder.
///
/// ```swift
/// let images = ImageStore(transport: URLSessionTransport(), decoder: ImageIOThumbnails(), budget: 64 << 20)
/// if let decoded = await images.image(for: url, maxPixelSize: 300) { … draw decoded.image … }
/// ```
public actor ImageStore {
    /// Decoded bytes held in memory at most.
    public let budget: Int
    /// The largest file accepted.
    public let maxImageBytes: Int
    /// The most decoded bytes one image may take: an image asked for at full size is decoded no
    /// larger than that (a few kilobytes that say they are 30,000 pixels wide become a thumbnail,
    /// never 3.6 GB), and a decoder that cannot shrink it has its image refused.
    public let maxDecodedBytes: Int
    private let transport: any Transport
    private let decoder: any ImageDecoding
    private var entries: [Key: (image: DecodedImage, lastUse: UInt64)] = [:]
    private var inFlight: [Key: Task<DecodedImage?, Never>] = [:]
    private var clock: UInt64 = 0
    /// Decoded bytes held now.
    public private(set) var size = 0

    /// One image at one size.
    private struct Key: Hashable {
        let url: URL
        let maxPixelSize: Int
    }

    public init(
        transport: any Transport, decoder: any ImageDecoding = UndecodedImages(), budget: Int = 64 << 20,
        maxImageBytes: Int = 8 << 20, maxDecodedBytes: Int = 48 << 20
    ) {
        self.transport = transport
        self.decoder = decoder
        self.budget = budget
        self.maxImageBytes = maxImageBytes
        self.maxDecodedBytes = maxDecodedBytes
    }

    /// The image at `url`, decoded with its longer side at most `maxPixelSize` pixels (the frame
    /// it is drawn in, times the screen's scale; nil for as large as ``maxDecodedBytes`` allows),
    /// from memory or the network; nil when it cannot be had.
    public func image(for url: URL, maxPixelSize: Int? = nil) async -> DecodedImage? {
        let largest = Int(Double(maxDecodedBytes / 4).squareRoot())
        let key = Key(url: url, maxPixelSize: min(max(1, maxPixelSize ?? largest), largest))
        clock += 1
        if let entry = entries[key] {
            entries[key]?.lastUse = clock
            return entry.image
        }
        if let task = inFlight[key] { return await task.value }
        let (transport, decoder, maxBytes, maxDecoded) = (transport, decoder, maxImageBytes, maxDecodedBytes)
        // Detached: fetching and decoding run on the global executor, never on the caller's actor.
        let task = Task.detached(priority: .userInitiated) { () -> DecodedImage? in
            guard let response = try? await transport.send(TransportRequest(url: url)),
                response.status.kind == .successful, !response.body.isEmpty, response.body.count <= maxBytes,
                let decoded = decoder.decode(Data(response.body), maxPixelSize: key.maxPixelSize), decoded.cost <= maxDecoded
            else { return nil }
            return decoded
        }
        inFlight[key] = task
        let image = await task.value
        inFlight[key] = nil
        if let image { store(image, for: key) }
        return image
    }

    /// Whether an image of `url`, at any size, is in memory.
    public func contains(_ url: URL) -> Bool { entries.keys.contains { $0.url == url } }

    private func store(_ image: DecodedImage, for key: Key) {
        guard image.cost <= budget else { return }
        if let old = entries[key] { size -= old.image.cost }
        entries[key] = (image, clock)
        size += image.cost
        while size > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            size -= oldest.value.image.cost
        }
    }
}
