import Foundation
import Hummingbird

/// The demo's own pictures (cities, avatars, service tiles, promos, the payment banner, claim
/// photos), small PNGs drawn by `scripts/demo-images` and served by the demo at
/// `/demo/images/NAME`, so that every screen looks in a browser and in the apps as it would in
/// production. Screens refer to them by relative URL (``url(_:)``), which a page resolves against
/// its own server and an app against the server it reads screens from.
///
/// ```swift
/// Image(DemoImages.url("cities/moscow.png"), width: 100, height: 100)   // "/demo/images/cities/moscow.png"
/// ```
public enum DemoImages {
    /// Where the pictures are served.
    public static let path = "/demo/images/"

    /// The relative URL of picture `name` (`cities/moscow.png`).
    public static func url(_ name: String) -> String { path + name }

    /// The names of every picture the demo serves.
    public static var names: [String] { files.keys.sorted() }

    /// Each picture's bytes, decoded once.
    static let decoded: [String: ByteBuffer] = files.compactMapValues { text in
        Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { ByteBuffer(bytes: $0) }
    }

    /// Serves the pictures: `GET /demo/images/<folder>/<name>.png`, cached for a day; any other
    /// name is a 404 (the names are a fixed list, so no path reaches anything else).
    static func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/demo/images/:folder/:name") { _, context -> Response in
            let name = (context.parameters.get("folder") ?? "") + "/" + (context.parameters.get("name") ?? "")
            guard let bytes = decoded[name] else {
                return Response(
                    status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "the demo has no picture \(name.prefix(200))\n")))
            }
            return Response(
                status: .ok,
                headers: [.contentType: "image/png", .cacheControl: "public, max-age=86400", .xContentTypeOptions: "nosniff"],
                body: ResponseBody(byteBuffer: bytes))
        }
    }
}
