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

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = URLRequest(url: request.url)
        outgoing.httpMethod = request.method.rawValue
        for field in request.headers { outgoing.addValue(field.value, forHTTPHeaderField: field.name.rawName) }
        if let body = request.body { outgoing.httpBody = Data(body) }
        let (data, response) = try await session.data(for: outgoing)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        guard data.count <= maxResponseBytes else { throw URLError(.dataLengthExceedsMaximum) }
        var headers = HTTPFields()
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let name = HTTPField.Name(key), let value = value as? String {
                headers.append(HTTPField(name: name, value: value))
            }
        }
        return TransportResponse(status: HTTPResponse.Status(code: http.statusCode), headers: headers, body: [UInt8](data))
    }
}
#endif
