import Crypto
import Logging

/// An A/B test: named variants with weights. A user's variant is a pure function of the
/// experiment's name and the user id (SHA-256), so every process and machine gives the same answer
/// without storing anything.
///
/// ```swift
/// let order = Experiment("homeOrder", variants: [("servicesFirst", 50), ("paymentsFirst", 50)])
/// order.variant(for: "user-42")   // "paymentsFirst", today and on every server
/// ```
public struct Experiment: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public let name: String
        public let weight: Double
    }

    public let name: String
    /// The variants in the order given; the first is what users without an id get.
    public let variants: [Variant]

    /// - Parameter variants: names and positive weights (they need not add up to 100).
    public init(_ name: String, variants: [(String, Double)]) {
        precondition(!variants.isEmpty, "experiment \(name) needs at least one variant")
        precondition(variants.allSatisfy { $0.1 > 0 }, "experiment \(name) has a variant without a positive weight")
        self.name = name
        self.variants = variants.map { Variant(name: $0.0, weight: $0.1) }
    }

    /// The variant of `user`: the user's point in [0, 1) picks a slice of the cumulative weights.
    public func variant(for user: String) -> String {
        let point = Self.point(experiment: name, user: user)
        let total = variants.reduce(0) { $0 + $1.weight }
        var cumulative = 0.0
        for variant in variants {
            cumulative += variant.weight / total
            if point < cumulative { return variant.name }
        }
        return variants[variants.count - 1].name
    }

    /// A uniform point in [0, 1) from the first 8 bytes of SHA-256("experiment\u{0}user").
    static func point(experiment: String, user: String) -> Double {
        let digest = SHA256.hash(data: Array((experiment + "\u{0}" + user).utf8))
        let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Double(value >> 11) / Double(UInt64(1) << 53)
    }
}

/// One user seeing one variant, as an analytics pipeline wants it.
public struct Exposure: Sendable, Hashable {
    public let experiment: String
    public let variant: String
    public let user: String?
    /// Whether the variant came from a `Screenplay-Experiments` override (QA), not assignment.
    public let overridden: Bool
}

/// Where exposures go: the log by default; an app plugs in its analytics.
public protocol ExposureSink: Sendable {
    func record(_ exposure: Exposure)
}

/// Writes an exposure as a structured log line the first time this process sees that user in that
/// variant (remembering up to `memory` of them), so a busy screen does not log every request.
public struct LogExposureSink: ExposureSink {
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
}
