import Foundation
import HTTPTypes
import ScreenplayClient
import Testing

@Suite struct ImageStoreTests {
    /// Serves `count` bytes for /N and counts requests; /broken answers 404.
    static func transport() -> InMemoryTransport {
        InMemoryTransport { request in
            let path = request.url.path
            guard let size = Int(path.dropFirst()) else { return TransportResponse(status: .notFound) }
            return TransportResponse(status: .ok, body: Array(repeating: 7, count: size))
        }
    }

    @Test func keepsTheBudgetAndDropsTheLeastRecentlyUsed() async throws {
        let transport = Self.transport()
        let images = ImageStore(transport: transport, budget: 1_000)
        let base = URL(string: "http://images.test")!
        let a = base.appendingPathComponent("400")
        let b = base.appendingPathComponent("401")
        let c = base.appendingPathComponent("402")
        #expect(await images.data(for: a)?.count == 400)
        #expect(await images.data(for: b)?.count == 401)
        _ = await images.data(for: a) // a is now the most recently used
        #expect(await images.data(for: c)?.count == 402)
        #expect(await images.size <= 1_000)
        #expect(await images.contains(a))
        #expect(await !images.contains(b), "the least recently used image made room")
        #expect(await images.contains(c))
        #expect(transport.requests.count == 3, "a remembered image is not fetched again")
    }

    @Test func aBrokenOrOversizeImageGivesNil() async {
        let images = ImageStore(transport: Self.transport(), budget: 1_000, maxImageBytes: 500)
        let base = URL(string: "http://images.test")!
        #expect(await images.data(for: base.appendingPathComponent("broken")) == nil)
        #expect(await images.data(for: base.appendingPathComponent("600")) == nil)
        #expect(await images.size == 0)
    }
}
