import CompressNIO
import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayServer
import Testing

/// gzip and metrics over a real socket.
@Suite struct HTTPTests {
    /// The home is render-cached (its gzip form made once and shared); the requests list is not.
    @Test(arguments: ["/screens/home", "/screens/requests"])
    func screensAreGzippedWhenTheClientAcceptsIt(path: String) async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()).test(.ahc(.http)) { client in
            var headers = LiveServerTests.allComponents
            let plain = try await client.execute(uri: path, method: .get, headers: headers) { response in
                #expect(response.headers[.contentEncoding] == nil)
                return (Array(response.body.readableBytesView), try #require(response.headers[.eTag]))
            }
            headers[.acceptEncoding] = "br;q=1, gzip;q=0.8"
            let zipped = try await client.execute(uri: path, method: .get, headers: headers) { response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary]?.contains("Accept-Encoding") == true)
                var body = response.body
                let inflated = try body.decompress(with: .gzip())
                return (Array(inflated.readableBytesView), response.body.readableBytes, try #require(response.headers[.eTag]))
            }
            #expect(zipped.0 == plain.0, "the gzip body is not the same screen")
            #expect(zipped.1 * 3 < plain.0.count * 2, "gzip saved too little: \(zipped.1) of \(plain.0.count) bytes")
            #expect(zipped.2 != plain.1)
            // Either tag revalidates.
            headers[.ifNoneMatch] = plain.1
            try await client.execute(uri: path, method: .get, headers: headers) { response in
                #expect(response.status == .notModified)
            }
            headers[.acceptEncoding] = "gzip;q=0"
            headers[.ifNoneMatch] = nil
            try await client.execute(uri: path, method: .get, headers: headers) { response in
                #expect(response.headers[.contentEncoding] == nil)
            }
        }
    }

    /// Clients of format 1.1 get repeated nodes as templates: fewer bytes, the same screen, the
    /// same version id, a tag of their own that revalidates.
    @Test func clientsOfFormat11GetTemplates() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()).test(.ahc(.http)) { client in
            var old = LiveServerTests.allComponents
            old[.acceptEncoding] = "identity"
            var new = old
            new[.screenplayVersion] = "1.1"
            for path in ["/screens/cities", "/screens/requests"] {
                let plain = try await client.execute(uri: path, method: .get, headers: old) { response in
                    (Array(response.body.readableBytesView), try #require(response.headers[.eTag]))
                }
                let templated = try await client.execute(uri: path, method: .get, headers: new) { response in
                    (Array(response.body.readableBytesView), try #require(response.headers[.eTag]))
                }
                let plainScreen = try #require(Screen.decode(from: plain.0).value)
                let templatedScreen = try #require(Screen.decode(from: templated.0).value)
                #expect(templatedScreen.body == plainScreen.body, "\(path)")
                #expect(try JSONParser.parse(plain.0)["templates"] == nil, "\(path): a 1.0 client got templates")
                if path == "/screens/cities" {
                    #expect(try JSONParser.parse(templated.0)["templates"] != nil)
                    #expect(templated.0.count * 3 < plain.0.count * 2, "\(templated.0.count) vs \(plain.0.count)")
                    #expect(templated.1 == String(plain.1.dropLast()) + "-t\"")
                }
                var revalidate = new
                revalidate[.ifNoneMatch] = templated.1
                try await client.execute(uri: path, method: .get, headers: revalidate) { response in
                    #expect(response.status == .notModified)
                }
            }
        }
    }

    @Test func metricsCountRequestsAndAdaptations() async throws {
        let metrics = ScreenplayMetrics.prometheus()
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development(), metrics: metrics).test(.ahc(.http)) { client in
            _ = try await client.execute(uri: "/screens/requests", method: .get)
            _ = try await client.execute(uri: "/screens/requests", method: .get)
            _ = try await client.execute(uri: "/screens/nowhere", method: .get)
            let text = try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
                return String(buffer: response.body)
            }
            #expect(text.contains(#"screenplay_requests_total{route="GET screens/requests",status="200"} 2"#), "\(text)")
            #expect(text.contains(#"screenplay_requests_total{route="GET unknown",status="404"} 1"#), "\(text)")
            // A client without capability headers gets the generic items downgraded: counted by type.
            #expect(text.contains(#"screenplay_adapted_total{change="downgrade",type="item"} 8"#), "\(text)")
            #expect(text.contains(#"screenplay_adapted_total{change="downgrade",type="list"} 2"#))
            #expect(text.contains("screenplay_request_duration_seconds"))
        }
    }
}

@Suite struct RenderCacheTests {
    /// A cached screen is built once per key: another language, client or variant is another entry.
    @Test func cachedScreensAreBuiltOncePerKey() async throws {
        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var value = 0
            func next() -> Int {
                lock.lock()
                defer { lock.unlock() }
                value += 1
                return value
            }
            var count: Int {
                lock.lock()
                defer { lock.unlock() }
                return value
            }
        }
        let builds = Counter()
        var routes = ScreenplayRoutes(languages: LanguageNegotiation(supported: ["en", "fr"], default: "en"))
        routes.screen("cached", cacheKey: { $0.query["variant"] ?? "" }) { context in
            let build = builds.next()
            return Screen(id: "cached", cache: CacheHints(maxAge: 60), body: Text("\(context.language) \(build)").node)
        }
        let router = Router()
        routes.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            let first = try await client.execute(uri: "/screens/cached", method: .get) { String(buffer: $0.body) }
            let second = try await client.execute(uri: "/screens/cached", method: .get) { String(buffer: $0.body) }
            #expect(first == second)
            _ = try await client.execute(uri: "/screens/cached", method: .get, headers: [.acceptLanguage: "fr"])
            _ = try await client.execute(uri: "/screens/cached?variant=b", method: .get)
            _ = try await client.execute(uri: "/screens/cached", method: .get, headers: [.screenplayComponents: "text,vstack"])
        }
        #expect(builds.count == 4)
    }
}
