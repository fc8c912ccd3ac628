import Logging
import NIOConcurrencyHelpers
import ScreenplayServer

/// Whether the database answers, as the last statement found: while it does not, `/health` says
/// degraded, and requests stop waiting for users' stored assignments.
final class DatabaseHealth: Sendable {
    private let reachable = NIOLockedValueBox(true)
    private let configuration: LiveConfiguration
    private let logger: Logger

    init(configuration: LiveConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    var isReachable: Bool { reachable.withLockedValue { $0 } }

    func mark(_ isReachable: Bool, reason: String? = nil) {
        let changed = reachable.withLockedValue { old in
            defer { old = isReachable }
            return old != isReachable
        }
        guard changed else { return }
        configuration.setDegradation(isReachable ? nil : "database unreachable: \(reason ?? "no answer")")
        if isReachable {
            logger.notice("the database is reachable again")
        } else {
            logger.error("the database is unreachable: serving the last configuration known", metadata: ["reason": "\(reason ?? "")"])
        }
    }
}
