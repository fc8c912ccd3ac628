import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport of Apple platforms: URLSession with no URL cache of its own (the runtime keeps
/// its own cache and validators). Streams deliver the body in the chunks the network gives, through
/// a data delegate, which Foundation offers on Linux too — so this file is built and tested here.
///
/// ```swift
/// let runtime = ScreenplayRuntime(configuration: configuration, transport: URLSessionTransport())
/// ```
public struct URLSessionTransport: Transport {
    let configuration: URLSessionConfiguration
    let session: URLSession
    let maxResponseBytes: Int

    public init(maxResponseBytes: Int = 8 * 1024 * 1024, configuration: URLSessionConfiguration = .ephemeral) {
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.configuration = configuration
        self.session = URLSession(configuration: configuration)
        self.maxResponseBytes = maxResponseBytes
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let (data, response) = try await session.data(for: Self.urlRequest(request))
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        guard data.count <= maxResponseBytes else { throw URLError(.dataLengthExceedsMaximum) }
        return TransportResponse(status: HTTPResponse.Status(code: http.statusCode), headers: Self.fields(of: http), body: [UInt8](data))
    }

    public func open(_ request: TransportRequest) async throws -> StreamingResponse {
        var outgoing = Self.urlRequest(request)
        outgoing.timeoutInterval = 24 * 3600
        let stream = StreamDelegate()
        // One session per stream: its delegate sees only this stream's bytes, and it is invalidated
        // when the stream ends so that neither outlives the other.
        let session = URLSession(configuration: configuration, delegate: stream, delegateQueue: nil)
        let task = session.dataTask(with: outgoing)
        let body = AsyncThrowingStream<[UInt8], any Error>(bufferingPolicy: .unbounded) { continuation in
            stream.start(continuation)
            continuation.onTermination = { _ in
                task.cancel()
                session.finishTasksAndInvalidate()
            }
        }
        task.resume()
        let http = try await stream.response()
        return StreamingResponse(status: HTTPResponse.Status(code: http.statusCode), headers: Self.fields(of: http), body: body)
    }

    static func urlRequest(_ request: TransportRequest) -> URLRequest {
        var outgoing = URLRequest(url: request.url)
        outgoing.httpMethod = request.method.rawValue
        for field in request.headers { outgoing.addValue(field.value, forHTTPHeaderField: field.name.rawName) }
        if let body = request.body { outgoing.httpBody = Data(body) }
        return outgoing
    }

    static func fields(of response: HTTPURLResponse) -> HTTPFields {
        var fields = HTTPFields()
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let name = HTTPField.Name(key), let value = value as? String {
                fields.append(HTTPField(name: name, value: value))
            }
        }
        return fields
    }
}

/// Hands a data task's response head to an awaiting caller and its body chunks to a stream.
private final class StreamDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safe: every member is touched only while `lock` is held.
    private let lock = NSLock()
    private var continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation?
    private var waiting: CheckedContinuation<HTTPURLResponse, any Error>?
    private var outcome: Result<HTTPURLResponse, any Error>?

    func start(_ continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation) {
        lock.withLock { self.continuation = continuation }
    }

    /// The response head, once it has arrived.
    func response() async throws -> HTTPURLResponse {
        try await withCheckedThrowingContinuation { waiting in
            let ready = lock.withLock { () -> Result<HTTPURLResponse, any Error>? in
                if outcome == nil { self.waiting = waiting }
                return outcome
            }
            if let ready { waiting.resume(with: ready) }
        }
    }

    private func settle(_ result: Result<HTTPURLResponse, any Error>) {
        let waiting = lock.withLock { () -> CheckedContinuation<HTTPURLResponse, any Error>? in
            guard outcome == nil else { return nil }
            outcome = result
            defer { self.waiting = nil }
            return self.waiting
        }
        waiting?.resume(with: result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse {
            settle(.success(http))
            completionHandler(.allow)
        } else {
            settle(.failure(URLError(.badServerResponse)))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        _ = lock.withLock { continuation }?.yield([UInt8](data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        settle(.failure(error ?? URLError(.badServerResponse)))
        let continuation = lock.withLock { self.continuation }
        if let error { continuation?.finish(throwing: error) } else { continuation?.finish() }
        session.finishTasksAndInvalidate()
    }
}
