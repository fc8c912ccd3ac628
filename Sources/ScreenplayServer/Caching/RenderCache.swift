import Foundation
import HTTPTypes
import ScreenplayDSL

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
final class RenderCache: Sendable {
    struct Entry: Sendable {
        let screen: EncodedScreen
        let expires: ContinuousClock.Instant
    }

    private let entries: BoundedCache<Entry>

    init(capacity: Int) {
        entries = BoundedCache(capacity: capacity)
    }

    func entry(for key: String, now: ContinuousClock.Instant = .now) -> Entry? {
        guard let entry = entries[key] else { return nil }
        guard entry.expires > now else {
            entries.remove(key)
            return nil
        }
        return entry
    }

    func store(_ entry: Entry, for key: String) {
        entries.store(entry, for: key)
    }
}
