import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ScreenplayDSL
import ScreenplayDemo
import ScreenplayServer
import Testing

/// HTTP to the letter, over a real socket: HEAD, OPTIONS and 405 with `Allow`, what a 304 carries,
/// `no-store` where nothing may be kept, cross-site intents refused, short quotes of what clients
/// sent, and bounded header lists.
@Suite struct HTTPLetterTests {
    func withServer(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await DemoApp.application(host: "127.0.0.1", port: 0, signer: .development(), logsRequests: false).test(.ahc(.http), body)
    }

    @Test(arguments: ["/screens/home", "/screens/requests", "/screens/cities/stream", "/health", "/requests/3/insurance-claim"])
    func headAnswersWhatGetWouldWithoutABody(path: String) async throws {
        try await withServer { client in
            let get: HTTPFields? =
                path.hasSuffix("stream")
                ? nil
                : try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok)
                    return response.headers
                }
            try await client.execute(uri: path, method: .head) { response in
                #expect(response.status == .ok, "\(path)")
                #expect(response.body.readableBytes == 0)
                if let get {
                    #expect(response.headers[.contentType] == get[.contentType])
                    #expect(response.headers[.contentLength] == get[.contentLength])
                    #expect(response.headers[.eTag] == get[.eTag])
                } else {
                    #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
                }
            }
        }
    }

    @Test func otherMethodsAre405WithAllowAndOptionsSaysWhatIs() async throws {
        try await withServer { client in
            for (path, method, allowed) in [
                ("/screens/home", HTTPRequest.Method.put, "GET, HEAD, POST, OPTIONS"),
                ("/screens/home", .delete, "GET, HEAD, POST, OPTIONS"), ("/health", .post, "GET, HEAD, OPTIONS"),
                ("/screens/home", .post, "GET, HEAD, OPTIONS"),
            ] {
                try await client.execute(uri: path, method: method, headers: [.contentType: "application/json"]) { response in
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response.headers[.allow] == allowed, "\(method) \(path)")
                }
            }
            try await client.execute(uri: "/screens/home", method: .options) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.allow] == "GET, HEAD, POST, OPTIONS")
            }
        }
    }

    @Test func healthAndMetricsAreNeverStoredAndA304CarriesOnlyValidators() async throws {
        try await withServer { client in
            try await client.execute(uri: "/health", method: .get) { #expect($0.headers[.cacheControl] == "no-store") }
            let tag = try await client.execute(uri: "/screens/requests", method: .get) { try #require($0.headers[.eTag]) }
            try await client.execute(uri: "/screens/requests", method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
                let names = Set(response.headers.map(\.name)).subtracting([.date, .server, .connection])
                #expect(names.isSubset(of: [.eTag, .vary, .cacheControl, .expires, .contentLocation]), "\(names)")
                #expect(response.headers[.eTag] == tag)
            }
            // 2,000 tags cost one bounded scan; past 16 the header is ignored and the screen sent.
            let many = (0..<2_000).map { "\"\(String($0, radix: 16))\"" }.joined(separator: ", ")
            try await client.execute(uri: "/screens/requests", method: .get, headers: [.ifNoneMatch: many + ", " + tag]) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/screens/requests", method: .get, headers: [.ifNoneMatch: "\"a\", W/\(tag)"]) { response in
                #expect(response.status == .notModified)
            }
        }
    }

    @Test func intentsRefuseCrossSiteRequests() async throws {
        try await withServer { client in
            let body = ByteBuffer(string: #"{"name":"refresh"}"#)
            for (headers, status, code) in [
                ([HTTPField.Name.contentType: "text/plain"], HTTPResponse.Status.unsupportedMediaType, "notJSON"),
                ([.contentType: "application/x-www-form-urlencoded"], .unsupportedMediaType, "notJSON"),
                ([.contentType: "application/json", .origin: "https://evil.example"], .forbidden, "crossOrigin"),
                ([.contentType: "application/json", .origin: "null"], .forbidden, "crossOrigin"),
                ([.contentType: "application/json", .secFetchSite: "cross-site"], .forbidden, "crossSite"),
            ] as [(HTTPFields, HTTPResponse.Status, String)] {
                try await client.execute(uri: "/screens/cities/intents", method: .post, headers: headers, body: body) { response in
                    #expect(response.status == status, "\(headers)")
                    #expect(String(buffer: response.body).contains("\"\(code)\""), "\(headers)")
                }
            }
            // The site's own page: same origin.
            try await client.execute(
                uri: "/screens/cities/intents", method: .post,
                headers: [.contentType: "application/json; charset=utf-8", .origin: "http://localhost:\(client.port ?? 0)"], body: body
            ) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func errorsQuoteAShortPrefixOfWhatTheClientSent() async throws {
        try await withServer { client in
            let long = String(repeating: "x", count: 5_000)
            try await client.execute(uri: "/screens/" + long, method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes < 400, "\(response.body.readableBytes) bytes")
            }
            try await client.execute(
                uri: "/screens/cities/intents", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"name":""# + long + #""}"#)
            ) { response in
                #expect(response.status == .badRequest || response.status == .notFound)
                #expect(response.body.readableBytes < 400)
            }
        }
    }

    @Test func capabilityListsAreBoundedAndMustNameSomethingDrawable() async throws {
        try await withServer { client in
            let absurd = (0..<5_000).map { "T\($0)" }.joined(separator: ",")
            try await client.execute(uri: "/screens/requests", method: .get, headers: [.screenplayComponents: absurd]) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("\"capabilitiesTooLong\""))
            }
            try await client.execute(uri: "/screens/requests", method: .get, headers: [.screenplayComponents: "bogus,nonsense"]) {
                response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("\"noKnownComponents\""))
            }
        }
    }

    @Test func browsersGetAnIndexAndErrorPagesAppsGetJSON() async throws {
        try await withServer { client in
            let html: HTTPFields = [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"]
            // The front door leads to the index (the client follows the 303).
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("\"id\":\"screenplay.index\""))
            }
            try await client.execute(uri: "/screens", method: .get, headers: html) { response in
                #expect(response.status == .ok)
                let page = String(buffer: response.body)
                for path in ["requests", "messages", "cities", "home", "checkout"] {
                    #expect(page.contains("href=\"/screens/\(path)\""), "\(path)")
                }
            }
            try await client.execute(uri: "/screens", method: .get) { response in
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
            for path in ["/nowhere", "/screens/nowhere", "/screens/requests/999"] {
                try await client.execute(uri: path, method: .get, headers: html) { response in
                    #expect(response.status == .notFound, "\(path)")
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                    #expect(String(buffer: response.body).contains("href=\"/screens\""), "\(path)")
                }
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound)
                    #expect(String(buffer: response.body).hasPrefix("{\"error\":{\"code\":"), "\(path)")
                }
            }
        }
    }
}
