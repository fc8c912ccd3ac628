#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// A ``Transport`` on AsyncHTTPClient (Linux and servers). It asks for gzip and inflates it, with a
/// bound on the inflated size.
///
/// ```swift
/// let transport = HTTPClientTransport()
/// let response = try await transport.send(TransportRequest(url: URL(string: "http://127.0.0.1:8080/screens/home")!))
/// ```
public struct HTTPClientTransport: Transport {
    /// One client per process, as AsyncHTTPClient recommends; it lives as long as the process.
    private static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(
            timeout: .init(connect: .seconds(5), read: .seconds(30)),
            decompression: .enabled(limit: .size(64 * 1024 * 1024))))

    let maxResponseBytes: Int
    let timeout: TimeAmount

    public init(maxResponseBytes: Int = 8 * 1024 * 1024, timeout: Duration = .seconds(30)) {
        self.maxResponseBytes = maxResponseBytes
        let (seconds, attoseconds) = timeout.components
        self.timeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { outgoing.headers.add(name: field.name.rawName, value: field.value) }
        if outgoing.headers["Accept-Encoding"].isEmpty { outgoing.headers.add(name: "Accept-Encoding", value: "gzip") }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await Self.client.execute(outgoing, timeout: timeout)
        var headers = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        let body = try await response.body.collect(upTo: maxResponseBytes)
        return TransportResponse(status: HTTPResponse.Status(code: Int(response.status.code)), headers: headers, body: Array(body.readableBytesView))
    }
}
#endif
