import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the whole response: the only thing the runtime needs from
/// the network, so apps and tests can bring their own.
///
/// ```swift
/// struct RecordingTransport: Transport {
///     let inner: any Transport
///     func send(_ request: TransportRequest) async throws -> TransportResponse {
///         print(request.method, request.url)
///         return try await inner.send(request)
///     }
/// }
/// ```
public protocol Transport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
    /// Opens a response whose body arrives in parts as they come (a Server-Sent Events stream).
    func open(_ request: TransportRequest) async throws -> StreamingResponse
}

extension Transport {
    /// Without streaming: the whole body, once (enough for tests and simple transports).
    public func open(_ request: TransportRequest) async throws -> StreamingResponse {
        StreamingResponse(whole: try await send(request))
    }
}

/// A response head and a body that is still arriving.
public struct StreamingResponse: Sendable {
    public var status: HTTPResponse.Status
    public var headers: HTTPFields
    public var body: AsyncThrowingStream<[UInt8], any Error>

    /// A response whose whole body is already here, as one part.
    public init(whole response: TransportResponse) {
        self.init(
            status: response.status, headers: response.headers,
            body: AsyncThrowingStream { continuation in
                continuation.yield(response.body)
                continuation.finish()
            })
    }

    public init(status: HTTPResponse.Status, headers: HTTPFields, body: AsyncThrowingStream<[UInt8], any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A request as the runtime builds it.
public struct TransportRequest: Sendable, Hashable {
    public var method: HTTPRequest.Method
    public var url: URL
    public var headers: HTTPFields
    public var body: [UInt8]?

    public init(method: HTTPRequest.Method = .get, url: URL, headers: HTTPFields = [:], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response with its body read (bodies are screens: bounded by ``ClientConfiguration/maxResponseBytes``).
public struct TransportResponse: Sendable, Hashable {
    public var status: HTTPResponse.Status
    public var headers: HTTPFields
    public var body: [UInt8]

    public init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The platform's transport: AsyncHTTPClient on Linux, URLSession on Apple platforms (and on Linux
/// when the package is built without AsyncHTTPClient, as scripts/check-apple builds it).
public enum DefaultTransport {
    public static func make(maxResponseBytes: Int) -> any Transport {
        #if HTTP_CLIENT_TRANSPORT
            HTTPClientTransport(maxResponseBytes: maxResponseBytes)
        #else
            URLSessionTransport(maxResponseBytes: maxResponseBytes)
        #endif
    }
}
