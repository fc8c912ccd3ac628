import Foundation
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDemo
import ScreenplayServer
import Testing

/// The demo serves its own pictures: every picture its pages show is a relative URL the demo
/// itself answers with a PNG (they pointed at a fictional host, and every one was broken), and a
/// name it does not have, or a path that tries to leave the folder, is a 404.
@Suite struct DemoImagesTests {
    @Test func everyPictureOnTheDemosPagesIsServedByTheDemo() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        var sources: Set<String> = []
        for page in ["/screens/home", "/screens/cities", "/screens/requests", "/requests/3/insurance-claim", "/screens/messages"] {
            let response = try await instance.send(.get, page, headers: [.accept: "text/html"], token: nil)
            #expect(response.status == .ok, "\(page)")
            let html = String(decoding: response.body, as: UTF8.self)
            #expect(!html.contains("images.example.com"), "\(page): no fictional host")
            for match in html.matches(of: /<img[^>]* src="([^"]+)"/) { sources.insert(String(match.output.1)) }
        }
        #expect(sources.count >= 10, "\(sources.sorted())")
        for source in sources.sorted() {
            #expect(source.hasPrefix(DemoImages.path), "\(source) is the demo's own")
            let response = try await instance.send(.get, source, token: nil)
            #expect(response.status == .ok && response.headers[.contentType] == "image/png", "\(source)")
            #expect(Array(response.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(source) is a PNG")
        }
        for name in DemoImages.names {
            #expect(try await instance.send(.get, DemoImages.url(name), token: nil).status == .ok, "\(name)")
        }
        for missing in ["/demo/images/cities/paris.png", "/demo/images/..%2F..%2Fetc/passwd", "/demo/images/cities/%00.png"] {
            #expect(try await instance.send(.get, missing, token: nil).status == .notFound, "\(missing)")
        }
    }
}
