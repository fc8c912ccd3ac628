import Logging
import Screenplay
import ScreenplayProtocol
import ScreenplayServer

extension ControlPlane {
    /// Reads every stored experiment, the current version of every slot and the stored flags into
    /// the configuration.
    func reload() async throws {
        let (change, experiments, slots, flags) = try await database.transaction { tx in
            let change = try await tx.query(Self.newestChangeSQL).first?.integer(0) ?? 0
            let experiments = try await tx.query(StoredExperiment.selectAllSQL)
            let slots = try await tx.query(SlotVersion.selectCurrentSQL)
            let flags = try await tx.query(StoredFlag.selectAllSQL)
            return (change, experiments, slots, flags)
        }
        var loaded: [Experiment] = []
        for row in experiments {
            guard let stored = StoredExperiment(row: row) else {
                logger.error(
                    "a stored experiment could not be read; it is skipped", metadata: ["definition": "\(row.text(0)?.prefix(200) ?? "")"])
                continue
            }
            loaded.append(stored.experiment)
        }
        var contents: [String: PublishedContent] = [:]
        for version in slots.compactMap(SlotVersion.init(row:)) {
            let result = try? PublishedContent.decode(from: Array(version.document.utf8))
            guard var content = result?.value, result?.hasErrors == false else {
                logger.error("stored content could not be read; the slot shows its fallback", metadata: ["slot": "\(version.slot)"])
                continue
            }
            content.version = version.version
            contents[version.slot] = content
        }
        configuration.replace(experiments: loaded, slots: contents)
        serve(flags.compactMap(StoredFlag.init(row:)))
        appliedChange.withLockedValue { $0 = max($0, change) }
    }

    /// Reloads when another instance changed something since the last load.
    func catchUp() async throws {
        let newest = try await database.query(Self.newestChangeSQL).first?.integer(0) ?? 0
        health.mark(true)
        guard newest > appliedChange.withLockedValue({ $0 }) else { return }
        try await reload()
    }

    /// The newest change this instance has applied.
    public var changeNumber: Int { appliedChange.withLockedValue { $0 } }

    static let newestChangeSQL = "SELECT COALESCE(MAX(id), 0) FROM changes"
}
