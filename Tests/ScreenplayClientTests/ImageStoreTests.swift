import Foundation
import HTTPTypes
import ScreenplayClient
import Testing

@Suite struct ImageStoreTests {
    /// Serves `count` bytes for /N and counts requests; /broken answers 404; /WxH serves a "picture"
    /// of that many pixels, which ``Pictures`` decodes.
    static func transport() -> InMemoryTransport {
        InMemoryTransport { request in
            let path = String(request.url.path.dropFirst())
            if path.contains("x") { return TransportResponse(status: .ok, body: Array(path.utf8)) }
            guard let size = Int(path) else { return TransportResponse(status: .notFound) }
            return TransportResponse(status: .ok, body: Array(repeating: 7, count: size))
        }
    }

    /// Reads "WxH" as a picture of W × H pixels and shrinks it as ImageIO's thumbnails do.
    struct Pictures: ImageDecoding {
        func decode(_ data: Data, maxPixelSize: Int?) -> DecodedImage? {
            let sides = String(decoding: data, as: UTF8.self).split(separator: "x").compactMap { Int($0) }
            guard sides.count == 2 else { return nil }
            var (width, height) = (sides[0], sides[1])
            if let maxPixelSize, max(width, height) > maxPixelSize {
                let scale = Double(maxPixelSize) / Double(max(width, height))
                (width, height) = (max(1, Int(Double(width) * scale)), max(1, Int(Double(height) * scale)))
            }
            return DecodedImage("\(width)x\(height)", pixelWidth: width, pixelHeight: height)
        }
    }

    @Test func keepsTheBudgetAndDropsTheLeastRecentlyUsed() async throws {
        let transport = Self.transport()
        let images = ImageStore(transport: transport, budget: 1_000)
        let base = URL(string: "http://images.test")!
        let a = base.appendingPathComponent("400")
        let b = base.appendingPathComponent("401")
        let c = base.appendingPathComponent("402")
        #expect(await images.image(for: a)?.cost == 400)
        #expect(await images.image(for: b)?.cost == 401)
        _ = await images.image(for: a) // a is now the most recently used
        #expect(await images.image(for: c)?.cost == 402)
        #expect(await images.size <= 1_000)
        #expect(await images.contains(a))
        #expect(await !images.contains(b), "the least recently used image made room")
        #expect(await images.contains(c))
        #expect(transport.requests.count == 3, "a remembered image is not fetched again")
    }

    @Test func aBrokenOrOversizeImageGivesNil() async {
        let images = ImageStore(transport: Self.transport(), budget: 1_000, maxImageBytes: 500)
        let base = URL(string: "http://images.test")!
        #expect(await images.image(for: base.appendingPathComponent("broken")) == nil)
        #expect(await images.image(for: base.appendingPathComponent("600")) == nil)
        #expect(await images.size == 0)
    }

    /// The budget counts pixels, not file bytes: a 9-byte file of 1,000 × 1,000 pixels costs 4 MB.
    @Test func theBudgetCountsDecodedBytes() async {
        let images = ImageStore(transport: Self.transport(), decoder: Pictures(), budget: 5_000_000)
        let base = URL(string: "http://images.test")!
        let big = await images.image(for: base.appendingPathComponent("1000x1000"))
        #expect(big?.cost == 4_000_000)
        #expect(await images.size == 4_000_000)
        _ = await images.image(for: base.appendingPathComponent("600x600"))
        #expect(await images.size == 1_440_000, "the 4 MB image made room for the 1.4 MB one")
    }

    /// Asked for the frame it is drawn in, an image is decoded at that size; an enormous one asked
    /// for whole is decoded no larger than the per-image limit (never 3.6 GB); a file that is not
    /// an image gives nil.
    @Test func imagesAreDecodedToTheirFrameAndBombsAreRefused() async {
        let images = ImageStore(transport: Self.transport(), decoder: Pictures(), budget: 64 << 20, maxDecodedBytes: 48 << 20)
        let base = URL(string: "http://images.test")!
        let bomb = base.appendingPathComponent("30000x30000")
        let thumbnail = await images.image(for: bomb, maxPixelSize: 300)
        #expect(thumbnail?.pixelWidth == 300 && thumbnail?.pixelHeight == 300)
        #expect(thumbnail?.cost == 360_000)
        let whole = await images.image(for: bomb)
        #expect(whole.map { $0.cost <= 48 << 20 && $0.pixelWidth > 3_000 } == true, "3.6 GB of pixels is decoded as 48 MB at most")
        #expect(await images.image(for: base.appendingPathComponent("400")) == nil, "not an image")
    }
}
