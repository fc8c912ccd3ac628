// Images on a device: decoded by the store's decoder off the main actor, for the pixels their frame
// needs at the screen's scale; one that is not an image keeps its placeholder.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplayPresentation
import ScreenplaySwiftUI
import SwiftUI

enum ImageCheck {
    /// Decodes "picture" bytes into the stand-in's `CGImage`, and records the sizes asked for.
    final class Pictures: ImageDecoding, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [Int?] = []
        var sizes: [Int?] { lock.withLock { asked } }

        func decode(_ data: Data, maxPixelSize: Int?) -> DecodedImage? {
            lock.withLock { asked.append(maxPixelSize) }
            guard String(decoding: data, as: UTF8.self) == "picture" else { return nil }
            let side = min(maxPixelSize ?? 4_000, 4_000)
            return DecodedImage(CGImage(width: side, height: side), pixelWidth: side, pixelHeight: side)
        }
    }

    @MainActor static func verify() async throws {
        let screen = Screen(id: "images") {
            Component.VStack {
                Component.Image("/good.png", width: 40, height: 40)
                Component.Image("/broken.png", width: 40, height: 40)
            }
        }
        let runtime = runtime(serving: ["/images": screen])
        await runtime.open("/images")
        guard let store = runtime.current else { return check(false, "the images screen did not load") }
        let decoder = Pictures()
        let images = ImageStore(
            transport: InMemoryTransport { request in
                TransportResponse(status: .ok, body: Array((request.url.path == "/good.png" ? "picture" : "not a picture").utf8))
            }, decoder: decoder)
        var environment = EnvironmentValues()
        environment.displayScale = 2
        let graph = ViewGraph(ScreenView(store: store, runtime: runtime, images: images), environment: environment)
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(10))
            graph.update()
            var kinds: [String] = []
            graph.root.walk { kinds.append($0.kind) }
            if kinds.contains("Image") { break }
        }
        var kinds: [String] = []
        graph.root.walk { if ["Image", "Shape"].contains($0.kind) { kinds.append($0.kind) } }
        check(kinds == ["Image", "Shape"], "the decoded image is drawn, the broken one keeps its placeholder (\(kinds))")
        check(decoder.sizes.allSatisfy { $0 == 80 }, "images are decoded for a 40-point frame at 2x (\(decoder.sizes))")
    }
}
