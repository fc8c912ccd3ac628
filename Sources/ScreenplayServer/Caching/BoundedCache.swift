import NIOConcurrencyHelpers

/// Values by key, safe to share between requests; past `capacity` the oldest stored goes first.
/// The server's caches are all one of these: screens by version id, encoded screens by render key,
/// templated forms by plain tag.
///
/// ```swift
/// let versions = BoundedCache<Screen>(capacity: 512)
/// versions.store(screen, for: "3f8bb9fa…")
/// versions["3f8bb9fa…"]    // the screen, until 512 newer ones pushed it out
/// ```
package final class BoundedCache<Value: Sendable>: Sendable {
    private let state = NIOLockedValueBox<(values: [String: Value], order: [String])>(([:], []))
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = capacity
    }

    package subscript(key: String) -> Value? {
        state.withLockedValue { $0.values[key] }
    }

    package func store(_ value: Value, for key: String) {
        state.withLockedValue { state in
            if state.values.updateValue(value, forKey: key) == nil { state.order.append(key) }
            while state.order.count > capacity { state.values[state.order.removeFirst()] = nil }
        }
    }

    package func remove(_ key: String) {
        state.withLockedValue { state in
            guard state.values.removeValue(forKey: key) != nil, let index = state.order.firstIndex(of: key) else { return }
            state.order.remove(at: index)
        }
    }
}
