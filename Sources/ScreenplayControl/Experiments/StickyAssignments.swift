import ScreenplayServer

/// Users' stored assignments, read from the database once per user and kept in step with the
/// assignments made here.
final class StickyAssignments: Sendable {
    let cache = BoundedCache<[String: String]>(capacity: 50_000)

    /// A new assignment made here: remembered for the user's next requests (when their stored
    /// ones were read; otherwise the next read brings it with the rest).
    func remember(_ exposure: Exposure) {
        guard let user = exposure.user, var known = cache[user] else { return }
        let key = ExperimentAssignments.stickyKey(exposure.experiment, bucketVersion: exposure.bucketVersion)
        guard known[key] == nil else { return }
        known[key] = exposure.variant
        cache.store(known, for: user)
    }
}
