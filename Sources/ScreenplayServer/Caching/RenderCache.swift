import Foundation
import HTTPTypes
import ScreenplayDSL

/// Encoded screens kept for reuse, so a screen that many users see alike is built, adapted,
/// encoded and hashed once per key and lifetime rather than once per request.
///
/// A screen opts in with a key function that names everything its content depends on besides the
/// features the pipeline applies to every screen (``RenderingVariant/pipelineFeatures``: format,
/// path, language and client capabilities), which are always part of the key:
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

    /// Where an entry is kept: a request's variant at the configuration's generation (a publish or
    /// an experiment change bumps it, so every older entry is stale).
    struct Key: Hashable, Sendable {
        let variant: RenderingVariant
        let generation: Int

        fileprivate var text: String { "\(generation)\u{0}\(variant.key)" }
    }

    /// The entry under `key`, while it lives.
    func entry(for key: Key, now: ContinuousClock.Instant = .now) -> Entry? {
        guard let entry = entries[key.text] else { return nil }
        guard entry.expires > now else {
            entries.remove(key.text)
            return nil
        }
        return entry
    }

    func store(_ entry: Entry, for key: Key) {
        entries.store(entry, for: key.text)
    }
}
