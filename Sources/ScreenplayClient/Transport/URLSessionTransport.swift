#if canImport(Darwin)
    import Foundation
    import HTTPTypes

    /// A ``Transport`` on URLSession (Apple platforms); URLSession inflates gzip itself. Caching is
    /// the runtime's, so the session's own cache is off.
    ///
    /// ```swift
    /// let transport = URLSessionTransport()
    /// ```
    public struct URLSessionTransport: Transport {
        let session: URLSession
        let maxResponseBytes: Int

        public init(maxResponseBytes: Int = 8 * 1024 * 1024, configuration: URLSessionConfiguration = .ephemeral) {
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            self.session = URLSession(configuration: configuration)
            self.maxResponseBytes = maxResponseBytes
        }

        public func open(_ request: TransportRequest) async throws -> StreamingResponse {
            var outgoing = Self.urlRequest(request)
            outgoing.timeoutInterval = 24 * 3600
            let (bytes, response) = try await session.bytes(for: outgoing)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            return StreamingResponse(
                status: HTTPResponse.Status(code: http.statusCode), headers: Self.fields(of: http),
                body: AsyncThrowingStream { continuation in
                    let task = Task {
                        do {
                            var line: [UInt8] = []
                            for try await byte in bytes {
                                line.append(byte)
                                if byte == 0x0A {
                                    continuation.yield(line)
                                    line.removeAll(keepingCapacity: true)
                                }
                            }
                            if !line.isEmpty { continuation.yield(line) }
                            continuation.finish()
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                    continuation.onTermination = { _ in task.cancel() }
                })
        }

        public func send(_ request: TransportRequest) async throws -> TransportResponse {
            let outgoing = Self.urlRequest(request)
            let (data, response) = try await session.data(for: outgoing)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            guard data.count <= maxResponseBytes else { throw URLError(.dataLengthExceedsMaximum) }
            return TransportResponse(
                status: HTTPResponse.Status(code: http.statusCode), headers: Self.fields(of: http), body: [UInt8](data))
        }

        private static func urlRequest(_ request: TransportRequest) -> URLRequest {
            var outgoing = URLRequest(url: request.url)
            outgoing.httpMethod = request.method.rawValue
            for field in request.headers { outgoing.addValue(field.value, forHTTPHeaderField: field.name.rawName) }
            if let body = request.body { outgoing.httpBody = Data(body) }
            return outgoing
        }

        private static func fields(of response: HTTPURLResponse) -> HTTPFields {
            var fields = HTTPFields()
            for (key, value) in response.allHeaderFields {
                if let key = key as? String, let name = HTTPField.Name(key), let value = value as? String {
                    fields.append(HTTPField(name: name, value: value))
                }
            }
            return fields
        }
    }
#endif
