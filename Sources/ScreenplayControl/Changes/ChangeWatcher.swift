import ServiceLifecycle

/// Keeps an instance in step with changes other instances make: it listens for PostgreSQL
/// notifications and also polls the change number (every `pollInterval`), as Unleash's SDKs do,
/// so a lost notification or a dropped connection delays a change by one poll at most. The poll
/// also finds out when an unreachable database is back.
///
/// ```swift
/// application.addServices(control.watcher)
/// ```
public struct ChangeWatcher: Service {
    let control: ControlPlane
    public var pollInterval: Duration = .seconds(2)

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await listen() }
                group.addTask { await poll() }
                await group.waitForAll()
            }
        }
    }

    private func listen() async {
        guard control.database.dialect == .postgres else { return }
        while !Task.isCancelled {
            do {
                try await control.database.listenForChanges { [control] in
                    Task { try? await control.catchUp() }
                }
            } catch {
                // The connection dropped (the database restarts …): the poll carries on meanwhile.
            }
            try? await control.clock.sleep(for: .seconds(1))
        }
    }

    private func poll() async {
        var polls = 0
        while !Task.isCancelled {
            try? await control.clock.sleep(for: pollInterval)
            polls += 1
            do {
                try await withDeadline(ControlPlane.statementDeadline, clock: control.clock.clock) { try await control.catchUp() }
                // Once a minute or so: spent tokens past their expiry go.
                if polls % 30 == 0 {
                    try await withDeadline(ControlPlane.statementDeadline, clock: control.clock.clock) {
                        try await control.forgetExpiredTokens()
                    }
                }
            } catch {
                // A shutdown cancels the statement in flight: that says nothing of the database.
                guard !Task.isCancelled else { return }
                control.health.mark(false, reason: "\(error)")
            }
        }
    }
}
