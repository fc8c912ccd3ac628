import Foundation
import Logging
import ScreenplayDSL

/// One user counted in one variant: a handler read the variant and the screen was sent.
public struct Exposure: Sendable, Hashable {
    public let experiment: String
    public let variant: String
    public let user: String?
    /// Whether the variant was forced (a `Screenplay-Experiments` override or the allow list), not
    /// assigned: such exposures are for QA and are not counted in results.
    public let overridden: Bool
    /// The bucket version the assignment belongs to (stickiness is per bucket version).
    public let bucketVersion: Int
    /// When the variant was decided: conversions from then on count for it.
    public let time: Date

    public init(experiment: String, variant: String, user: String?, overridden: Bool, bucketVersion: Int = 1, time: Date = Date()) {
        self.experiment = experiment
        self.variant = variant
        self.user = user
        self.overridden = overridden
        self.bucketVersion = bucketVersion
        self.time = time
    }
}

/// One user reaching a goal: a `track` event the app reported, or an intent declared as a goal.
public struct Conversion: Sendable, Hashable {
    /// Unique per event, so that a batch sent twice is counted once.
    public let id: String
    /// The event's name (`checkout_done`).
    public let name: String
    public let user: String
    /// When the server received it.
    public let time: Date
    /// The screen the event happened on, when known.
    public let screen: String?
    public let properties: [String: JSONValue]

    /// The event the server records for its user when an intent fails (`intent_failed`; its
    /// properties: `intent`, `status`, `code`): a figure guarded rollouts and experiments can watch.
    public static let intentFailed = "intent_failed"

    public init(
        id: String = UUID().uuidString, name: String, user: String, time: Date = Date(), screen: String? = nil,
        properties: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.name = name
        self.user = user
        self.time = time
        self.screen = screen
        self.properties = properties
    }
}

/// Where exposures and conversions go: the log by default; the control plane stores them; an app
/// may plug in its analytics.
public protocol EventSink: Sendable {
    func record(_ exposure: Exposure)
    func record(_ conversion: Conversion)
    /// Stores the exposures of a screen about to be sent, returning once they are as durable as
    /// the sink makes them (the control plane's: committed), so a crash right after cannot lose
    /// what a user was shown. Each is then recorded too, once the screen is sent (`record(_:)`):
    /// by default, storing does nothing and recording is all.
    func store(_ exposures: [Exposure]) async
}

extension EventSink {
    public func record(_ conversion: Conversion) {}
    public func store(_ exposures: [Exposure]) async {}
}

/// Writes an exposure as a structured log line the first time this process sees that user in that
/// variant (remembering up to `memory` of them), so a busy screen does not log every request.
public struct LogEventSink: EventSink {
    let logger: Logger
    private let seen: LockedSet
    private let memory: Int

    public init(logger: Logger = Logger(label: "screenplay.experiments"), memory: Int = 100_000) {
        self.logger = logger
        self.seen = LockedSet()
        self.memory = memory
    }

    public func record(_ exposure: Exposure) {
        let key = "\(exposure.experiment)\u{0}\(exposure.variant)\u{0}\(exposure.user ?? "")\u{0}\(exposure.overridden)"
        guard seen.insert(key, forgettingAllBeyond: memory) else { return }
        logger.info(
            "exposure",
            metadata: [
                "experiment": "\(exposure.experiment)", "variant": "\(exposure.variant)",
                "user": "\(exposure.user ?? "-")", "overridden": "\(exposure.overridden)",
            ])
    }

    public func record(_ conversion: Conversion) {
        logger.info("conversion", metadata: ["event": "\(conversion.name)", "user": "\(conversion.user)"])
    }
}
