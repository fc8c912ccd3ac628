import ScreenplayServer

extension ControlPlane: AssignmentStore {
    /// The user's stored assignments: from memory after the first read; nothing (the hash decides)
    /// when the database does not answer in time.
    public func assignments(of user: String) async -> [String: String] {
        if let known = sticky.cache[user] { return known }
        guard health.isReachable else { return [:] }
        let database = self.database
        do {
            let rows = try await withDeadline(Self.stickyDeadline, clock: clock.clock) {
                try await database.query(
                    "SELECT experiment, bucket_version, variant FROM assignments WHERE user_id = $1", [.text(user)])
            }
            var assignments: [String: String] = [:]
            for row in rows {
                guard let experiment = row.text(0), let bucket = row.integer(1), let variant = row.text(2) else { continue }
                assignments[ExperimentAssignments.stickyKey(experiment, bucketVersion: bucket)] = variant
            }
            sticky.cache.store(assignments, for: user)
            return assignments
        } catch {
            return [:]
        }
    }
}
