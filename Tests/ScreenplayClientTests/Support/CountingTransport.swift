import Foundation
import ScreenplayClient

/// A transport that counts what goes through it, for asserting on revalidation.
final class CountingTransport: Transport, @unchecked Sendable {
    // Safe: `log` is only touched while `lock` is held.
    private let inner: any Transport = DefaultTransport.make(maxResponseBytes: 8 << 20)
    private let lock = NSLock()
    private var log: [(request: TransportRequest, status: Int?)] = []
    private var bodies: [[UInt8]] = []

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        do {
            let response = try await inner.send(request)
            lock.withLock {
                log.append((request, response.status.code))
                bodies.append(response.body)
            }
            return response
        } catch {
            lock.withLock { log.append((request, nil)) }
            throw error
        }
    }

    var exchanges: [(request: TransportRequest, status: Int?)] { lock.withLock { log } }
    var responseBodies: [[UInt8]] { lock.withLock { bodies } }

    func open(_ request: TransportRequest) async throws -> StreamingResponse {
        try await inner.open(request)
    }
}

func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-client-tests-\(UUID().uuidString)")
}
