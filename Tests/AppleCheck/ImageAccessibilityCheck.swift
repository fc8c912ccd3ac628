// Images speak (issue 41, item 4): a labelled image is read by VoiceOver with its label — loaded
// (an `Image` made with its label) and while its placeholder shows — and a decorative one is not
// read at all. The stand-in's `Image` remembers how it was made, and `spokenElements` applies
// SwiftUI's rules: `Image(decorative:)` is not in the accessibility tree, so a label put on it
// later names nothing. And no renderer casts to a Core Foundation type with `as?`, `as!` or `is`,
// which always succeeds on Apple platforms: an image that is not a `CGImage` keeps its placeholder.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplayPresentation
import ScreenplaySwiftUI
import ScreenplayTestSupport
import SwiftUI

enum ImageAccessibilityCheck {
    /// "picture" bytes decode to a `CGImage`; "platform" bytes to another object (as an app's
    /// decoder making `UIImage`s would); anything else to nothing.
    struct Pictures: ImageDecoding {
        func decode(_ data: Data, maxPixelSize: Int?) -> DecodedImage? {
            switch String(decoding: data, as: UTF8.self) {
            case "picture": DecodedImage(CGImage(width: 80, height: 80), pixelWidth: 80, pixelHeight: 80)
            case "platform": DecodedImage(NSObject(), pixelWidth: 80, pixelHeight: 80)
            default: nil
            }
        }
    }

    @MainActor static func verify() async throws {
        let screen = Screen(id: "speaking") {
            Component.VStack {
                Component.Image("/harbour.png", width: 40, height: 40).accessibilityLabel("Harbour at dusk")
                Component.Image("/pattern.png", width: 40, height: 40)
                Component.Image("/missing.png", width: 40, height: 40).accessibilityLabel("Map of the route")
                Component.Image("/platform.png", width: 40, height: 40).accessibilityLabel("Seat plan")
            }
        }
        let runtime = runtime(serving: ["/speaking": screen])
        await runtime.open("/speaking")
        guard let store = runtime.current else { return check(false, "the images screen did not load") }
        let bytes = ["/harbour.png": "picture", "/pattern.png": "picture", "/platform.png": "platform"]
        let images = ImageStore(
            transport: InMemoryTransport { request in
                TransportResponse(status: .ok, body: Array((bytes[request.url.path] ?? "not a picture").utf8))
            }, decoder: Pictures())

        // Before anything loads: the labelled images' placeholders are read with their labels.
        let graph = ViewGraph(ScreenView(store: store, runtime: runtime, images: images))
        let before = graph.root.spokenElements
        check(
            before.map(\.label) == ["Harbour at dusk", "Map of the route", "Seat plan"]
                && before.allSatisfy { $0.traits.contains("image") },
            "a labelled image's placeholder is read with its label and the image trait, a decorative one not at all: VoiceOver reads \(before)"
        )

        var kinds: [String] = []
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(10))
            graph.update()
            kinds = []
            graph.root.walk { if ["Image", "Shape"].contains($0.kind) { kinds.append($0.kind) } }
            if kinds.filter({ $0 == "Image" }).count == 2 { break }
        }
        check(
            kinds == ["Image", "Image", "Shape", "Shape"],
            "the two pictures are drawn; what is not an image, or not a CGImage, keeps its placeholder (\(kinds))")
        var loaded: [InspectedView] = []
        graph.root.walk { if $0.kind == "Image" { loaded.append($0) } }
        check(
            loaded.map(\.imageLabel) == ["Harbour at dusk", nil] && loaded.map(\.isDecorative) == [false, true],
            "a labelled image is made with Image(_:scale:orientation:label:), a decorative one with Image(decorative:scale:orientation:) "
                + "(labels \(loaded.map(\.imageLabel)), decorative \(loaded.map(\.isDecorative)))")
        let after = graph.root.spokenElements
        check(
            after.map(\.label) == ["Harbour at dusk", "Map of the route", "Seat plan"] && after.allSatisfy { $0.traits.contains("image") },
            "a loaded labelled image is read with its label and the image trait, a decorative one not at all: VoiceOver reads \(after)")

        checkNoCastsToCoreFoundationTypes()
    }

    /// `x as? CGImage` compiles on Apple platforms with a warning and always succeeds; the stand-in's
    /// `CGImage` is a Swift class, where it would check. So the renderers' sources are read for it.
    @MainActor static func checkNoCastsToCoreFoundationTypes() {
        let root = ConformanceCase.defaultFolder.deletingLastPathComponent().deletingLastPathComponent()
        let folders = ["Sources/ScreenplaySwiftUI", "Sources/ScreenplayUIKit", "Sources/ScreenplayClient"]
        let cast = try! Regex(#"\b(as[?!]|is)\s+(CG|CF|CT|Sec|CV|CM)[A-Z][A-Za-z]*\b"#)
        var found: [String] = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                guard let source = try? String(contentsOf: file, encoding: .utf8) else { continue }
                for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(cast) {
                    found.append("\(file.path.dropFirst(root.path.count + 1)):\(number + 1)")
                }
            }
        }
        check(found.isEmpty, "a cast to a Core Foundation type always succeeds on Apple platforms (compare CFGetTypeID): \(found)")
    }
}
