import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayHTML
import ScreenplayServer
import Testing

/// Browsers get pages from the same routes, handlers, languages and experiments as apps.
@Suite struct WebPageTests {
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    @Test func aBrowserGetsAPageAndAnAppGetsTheDocument() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()).test(.router) { client in
            let page = try await client.execute(
                uri: "/screens/cities", method: .get, headers: [.accept: Self.browserAccept, .acceptLanguage: "de"]
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentLanguage] == "de")
                #expect(response.headers[.vary]?.hasPrefix("Accept,") == true)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                return (String(buffer: response.body), response.headers[.contentSecurityPolicy] ?? "", response.headers[.eTag])
            }
            #expect(page.0.hasPrefix("<!DOCTYPE html>"))
            #expect(page.0.contains("<html lang=\"de\">"))
            #expect(page.0.contains("<title>Statistik</title>"))
            #expect(page.0.contains("<script src=\"\(WebRuntime.path)\" defer></script>"))
            // No inline script, no style attribute: the policy allows the one <style> by its hash.
            #expect(!page.0.contains("<script>"))
            #expect(!page.0.contains(" style=\""))
            let style = try #require(
                page.0.range(of: "<style>").flatMap { start in page.0.range(of: "</style>").map { page.0[start.upperBound..<$0.lowerBound] }
                })
            let hash = Data(SHA256.hash(data: Data(style.utf8))).base64EncodedString()
            #expect(page.1.contains("style-src 'sha256-\(hash)'"), "\(page.1)")
            #expect(page.1.contains("script-src 'self'"))
            #expect(page.1.contains("default-src 'none'"))
            // A page that carries signed state (a token made for this response) is never stored;
            // a page without revalidates like the document.
            #expect(page.2 != nil)
            let requests = try await client.execute(uri: "/screens/requests", method: .get, headers: [.accept: Self.browserAccept]) {
                response in
                try #require(response.headers[.eTag])
            }
            try await client.execute(
                uri: "/screens/requests", method: .get, headers: [.accept: Self.browserAccept, .ifNoneMatch: requests]
            ) {
                response in
                #expect(response.status == .notModified)
            }
            try await client.execute(uri: "/screens/cities", method: .get, headers: [.accept: Self.browserAccept]) { response in
                #expect(response.headers[.cacheControl] == "private, no-store")
            }
            for accept in ["application/json", "*/*", "text/html;q=0.5, application/json"] {
                try await client.execute(uri: "/screens/cities", method: .get, headers: [.accept: accept]) { response in
                    #expect(response.headers[.contentType] == "application/json; charset=utf-8", "Accept: \(accept)")
                }
            }
        }
    }

    /// A browser declares nothing, yet gets what the web renderer draws (generic items, carousels), not the base set.
    @Test func pagesUseTheWebRenderersCapabilities() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()).test(.router) { client in
            let page = try await client.execute(uri: "/screens/requests", method: .get, headers: [.accept: Self.browserAccept]) {
                String(buffer: $0.body)
            }
            // (Followed by the class of its pressed look.)
            #expect(page.contains("class=\"sp-item sp-item-request"))
            #expect(page.contains("class=\"sp-list\""))
            // Links of the page lead to screen pages; the web-only claim stays a web path.
            #expect(page.contains("href=\"/screens/requests/1\""))
            #expect(page.contains("href=\"/requests/3/insurance-claim\""))
        }
    }

    @Test func theRuntimeIsServedUnderItsHashForAYear() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()).test(.router) { client in
            try await client.execute(uri: WebRuntime.path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(String(buffer: response.body) == WebRuntime.source)
            }
            let hex = String(WebRuntime.path.dropFirst("/screenplay/runtime-".count).dropLast(3))
            let digest = SHA256.hash(data: Data(WebRuntime.source.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
            #expect(hex == digest)
        }
    }

    @Test func anIntentFromAPageGetsTheNewContent() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()).test(.router) { client in
            let body: JSONValue = ["name": "refresh", "state": ["city": "Moscow"]]
            try await client.execute(
                uri: "/screens/cities/intents", method: .post,
                headers: [.contentType: "application/json", .accept: WebRuntime.fragmentMediaType, .acceptLanguage: "fr"],
                body: ByteBuffer(bytes: JSONWriter.write(body))
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix(WebRuntime.fragmentMediaType) == true)
                let answer = try JSONParser.parse(Array(response.body.readableBytesView), limits: .default)
                #expect(answer["screen"] == "cities")
                #expect(answer["title"] == "Statistiques")
                #expect(answer["state"]?["city"] == "Moscow")
                #expect(answer["stateToken"]?.stringValue?.isEmpty == false)
                let content = answer["content"]?.stringValue ?? ""
                #expect(content.contains("data-sp-id=\"city.moscow\""))
                // Every city is sent; the filter hides the others on the device (and here, for the first paint).
                #expect(content.range(of: #"data-sp-id="city.vladivostok"[^>]* hidden>"#, options: .regularExpression) != nil)
                #expect(answer["css"]?.stringValue?.hasPrefix(".c") == true)
            }
        }
    }

    @Test func webOnlyPagesAreServedOutsideScreens() async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development()).test(.router) { client in
            try await client.execute(uri: "/requests/3/insurance-claim", method: .get, headers: [.acceptLanguage: "fr"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: response.body).contains("Déclaration de sinistre"))
            }
            try await client.execute(uri: "/requests/1/insurance-claim", method: .get) { response in
                #expect(response.status == .notFound)
            }
            // Apps asking for it as a screen get a 404: their router opens it on the web.
            try await client.execute(uri: "/screens/requests/3/insurance-claim", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
