#if HTTP_CLIENT_TRANSPORT
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
            configuration: {
                var configuration = HTTPClient.Configuration(
                    timeout: .init(connect: .seconds(5), read: .seconds(60)),
                    decompression: .enabled(limit: .size(64 * 1024 * 1024)))
                // Live streams hold a connection each: leave room for them beside the requests.
                configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
                return configuration
            }())

        let maxResponseBytes: Int
        let timeout: TimeAmount

        public init(maxResponseBytes: Int = 8 * 1024 * 1024, timeout: Duration = .seconds(30)) {
            self.maxResponseBytes = maxResponseBytes
            let (seconds, attoseconds) = timeout.components
            self.timeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        }

        public func open(_ request: TransportRequest) async throws -> StreamingResponse {
            // A stream lives as long as the reader wants; idle reads are bounded by the heartbeat.
            let response = try await Self.client.execute(outgoing(request), timeout: .hours(24))
            let body = response.body
            return StreamingResponse(
                status: HTTPResponse.Status(code: Int(response.status.code)), headers: fields(response.headers),
                body: AsyncThrowingStream { continuation in
                    let task = Task {
                        do {
                            for try await buffer in body { continuation.yield(Array(buffer.readableBytesView)) }
                            continuation.finish()
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                    continuation.onTermination = { _ in task.cancel() }
                })
        }

        private func fields(_ headers: HTTPHeaders) -> HTTPFields {
            var fields = HTTPFields()
            for (name, value) in headers {
                if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
            }
            return fields
        }

        private func outgoing(_ request: TransportRequest) -> HTTPClientRequest {
            var outgoing = HTTPClientRequest(url: request.url.absoluteString)
            outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
            for field in request.headers { outgoing.headers.add(name: field.name.rawName, value: field.value) }
            let acceptEncoding = HTTPField.Name.acceptEncoding.rawName
            if outgoing.headers[acceptEncoding].isEmpty { outgoing.headers.add(name: acceptEncoding, value: "gzip") }
            if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
            return outgoing
        }

        public func send(_ request: TransportRequest) async throws -> TransportResponse {
            let response = try await Self.client.execute(outgoing(request), timeout: timeout)
            let body = try await response.body.collect(upTo: maxResponseBytes)
            return TransportResponse(
                status: HTTPResponse.Status(code: Int(response.status.code)), headers: fields(response.headers),
                body: Array(body.readableBytesView))
        }
    }
#endif
