import Foundation
import HTTPTypes
import Screenplay

/// Encoded screens kept for reuse, so a screen that many users see alike is built, adapted,
/// encoded and hashed once per key and lifetime rather than once per request.
///
/// A screen opts in with a key function that names everything its content depends on besides the
/// route, parameters, language and client capabilities (which are always part of the key):
///
/// ```swift
/// routes.screen("home", cacheKey: { context in context.experiments.variant(of: "homeOrder") }) { context in
///     homeScreen(context)
/// }
/// ```
///
/// Entries live for the screen's `cache.maxAge` (no hints: not cached); the least recently added
/// entry goes when the cache is full.
final class RenderCache: @unchecked Sendable {
    // Safe: every stored property is only touched while `lock` is held.
    struct Entry {
        let screen: EncodedScreen
        let expires: ContinuousClock.Instant
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func entry(for key: String, now: ContinuousClock.Instant = .now) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        guard entry.expires > now else {
            entries[key] = nil
            return nil
        }
        return entry
    }

    func store(_ entry: Entry, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries.updateValue(entry, forKey: key) == nil { order.append(key) }
        while entries.count > capacity, !order.isEmpty {
            entries[order.removeFirst()] = nil
        }
        if order.count > capacity * 2 { order = order.filter { entries[$0] != nil } }
    }
}
