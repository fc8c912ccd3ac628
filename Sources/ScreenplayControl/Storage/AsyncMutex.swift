import NIOConcurrencyHelpers

/// Lets one async operation run at a time, the others waiting their turn in order.
///
/// ```swift
/// let turn = AsyncMutex()
/// try await turn.run { try await connection.query("BEGIN") … }
/// ```
final class AsyncMutex: Sendable {
    private let state = NIOLockedValueBox<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func run<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let proceed = state.withLockedValue { state -> Bool in
                if state.busy {
                    state.waiting.append(continuation)
                    return false
                }
                state.busy = true
                return true
            }
            if proceed { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.busy = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
