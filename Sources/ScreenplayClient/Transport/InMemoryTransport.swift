import Foundation
import HTTPTypes

/// A ``Transport`` that answers from a function in the same process: for tests of stores and
/// runtimes that need no server, and for previews. It records every request it was sent.
///
/// ```swift
/// let transport = InMemoryTransport { request in
///     TransportResponse(status: .ok, headers: [.eTag: "\"v1\""], body: screen.encoded())
/// }
/// let runtime = ScreenplayRuntime(configuration: configuration, transport: transport)
/// ```
public final class InMemoryTransport: Transport, @unchecked Sendable {
    public typealias Handler = @Sendable (TransportRequest) async throws -> TransportResponse
    public typealias StreamHandler = @Sendable (TransportRequest) async throws -> StreamingResponse

    // Safe: `sent` is only touched while `lock` is held; the handlers are immutable.
    private let lock = NSLock()
    private var sent: [TransportRequest] = []
    private let handler: Handler
    private let streamHandler: StreamHandler?

    /// - Parameters:
    ///   - handler: answers each request.
    ///   - stream: answers requests for streams (`open`); without it, a stream gets the
    ///     handler's whole answer at once.
    public init(stream: StreamHandler? = nil, _ handler: @escaping Handler) {
        self.handler = handler
        self.streamHandler = stream
    }

    /// Every request sent so far, in order.
    public var requests: [TransportRequest] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    private func record(_ request: TransportRequest) {
        lock.lock()
        sent.append(request)
        lock.unlock()
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        record(request)
        return try await handler(request)
    }

    public func open(_ request: TransportRequest) async throws -> StreamingResponse {
        guard let streamHandler else { return StreamingResponse(whole: try await send(request)) }
        record(request)
        return try await streamHandler(request)
    }
}
