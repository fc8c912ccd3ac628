import HTTPTypes
import Screenplay
import ScreenplayProtocol

/// An A/B test: named variants with weights, who takes part, and where it stands. A user's variant
/// is a pure function of the experiment's seed and the user id — GrowthBook's hashing (version 2),
/// so this server, GrowthBook's SDKs and its stats engine agree on who is in which bucket — and is
/// kept (sticky) when the weights change, until the bucket version is raised.
///
/// Declared in code, an experiment is a default; one stored through the admin API replaces it
/// without a deploy.
///
/// ```swift
/// let order = Experiment("homeOrder", variants: [("servicesFirst", 50), ("paymentsFirst", 50)])
/// order.variant(for: "user-42")   // "paymentsFirst", today and on every server
/// ```
public struct Experiment: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public let name: String
        public let weight: Double

        public init(name: String, weight: Double) {
            self.name = name
            self.weight = weight
        }
    }

    /// Where an experiment stands.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Users are assigned and exposures recorded.
        case running
        /// Everyone sees the control (the first variant); nothing is recorded.
        case paused
        /// Over: everyone sees the ``Experiment/winner``; nothing is recorded.
        case stopped
    }

    public let name: String
    /// The variants in the order given; the first is the control, what users without an id get.
    public let variants: [Variant]
    public var status: Status = .running
    /// The variant a stopped experiment serves to everyone.
    public var winner: String?
    /// Who takes part; the others see the control and are not counted.
    public var targeting: Targeting = Targeting()
    /// Users forced into a variant (QA): they see it whatever the status, and are not counted.
    public var allowList: [String: String] = [:]
    /// Raised to reshuffle everyone: assignments made under an older bucket version are forgotten.
    public var bucketVersion: Int = 1
    /// The conversion event that measures it (`checkout_done`): the default of its report.
    public var goal: String?
    /// What the hash mixes with the user id; the name unless given.
    public var seed: String?
    /// Parts of the audience it is switched off for (a platform, app versions): they see the
    /// control whatever the status, and are not counted.
    public var switchedOff: [KillSwitch] = []

    /// - Parameters:
    ///   - name: the experiment's name, which handlers read its variant by.
    ///   - variants: names and positive weights (they need not add up to 100).
    ///   - goal: the conversion event that measures it (`checkout_done`).
    public init(_ name: String, variants: [(String, Double)], goal: String? = nil) {
        precondition(!variants.isEmpty, "experiment \(name) needs at least one variant")
        precondition(variants.allSatisfy { $0.1 > 0 }, "experiment \(name) has a variant without a positive weight")
        self.name = name
        self.variants = variants.map { Variant(name: $0.0, weight: $0.1) }
        self.goal = goal
    }

    /// An experiment as stored: the caller has checked it (``Experiment/problems``).
    public init(name: String, variants: [Variant]) {
        self.name = name
        self.variants = variants
    }

    /// The control: the first variant.
    public var control: String { variants[0].name }

    /// Whether `name` is one of the variants.
    public func has(variant name: String) -> Bool { variants.contains { $0.name == name } }

    /// The variant the hash gives `user` with today's weights: the user's point in [0, 1) picks a
    /// slice of the cumulative normalised weights, as GrowthBook's bucket ranges do.
    public func variant(for user: String) -> String {
        let point = Self.point(seed: seed ?? name, user: user)
        let total = variants.reduce(0) { $0 + $1.weight }
        var cumulative = 0.0
        for variant in variants {
            cumulative += variant.weight / total
            if point < cumulative { return variant.name }
        }
        return variants[variants.count - 1].name
    }

    /// GrowthBook's hash, version 2: `fnv1a32(String(fnv1a32(seed + user))) % 10000 / 10000`.
    /// (Version 1 was biased for some seeds.)
    public static func point(seed: String, user: String) -> Double {
        Double(fnv1a32(String(fnv1a32(seed + user))) % 10_000) / 10_000
    }

    /// 32-bit FNV-1a over the text's Unicode scalars, as GrowthBook's Python SDK computes it.
    static func fnv1a32(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for scalar in text.unicodeScalars {
            hash ^= scalar.value
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    /// What is wrong with the experiment, each with the path of its member (empty when it can be
    /// served).
    ///
    /// ```swift
    /// Experiment(name: "x", variants: []).problems.first?.path   // variants
    /// ```
    /// The most parts of the audience an experiment is switched off for.
    public static let maxKillSwitches = 64

    public var problems: [Diagnostic] {
        var problems: [Diagnostic] = []
        func problem(_ path: JSONPath.Component..., message: String) { problems.append(.error(at: JSONPath(path), message)) }
        let names = StoredText.name(maxLength: 128)
        if name.isEmpty {
            problem(.member(Key.name), message: "a name is 1 to 128 characters")
        } else if let text = names.problem(in: name) {
            problem(.member(Key.name), message: "a name \(text)")
        }
        if variants.isEmpty { problem(.member(Key.variants), message: "an experiment needs at least one variant") }
        var seen: Set<String> = []
        for (index, variant) in variants.enumerated() {
            if variant.name.isEmpty {
                problem(.member(Key.variants), .index(index), .member(VariantKey.name), message: "a variant's name is 1 to 128 characters")
            } else if let text = names.problem(in: variant.name) {
                problem(.member(Key.variants), .index(index), .member(VariantKey.name), message: "a variant's name \(text)")
            }
            if !seen.insert(variant.name).inserted {
                problem(
                    .member(Key.variants), .index(index), .member(VariantKey.name), message: "two variants are called \"\(variant.name)\"")
            }
            if !(variant.weight > 0 && variant.weight.isFinite) {
                problem(.member(Key.variants), .index(index), .member(VariantKey.weight), message: "a weight is a positive number")
            }
        }
        if status == .stopped {
            if let winner {
                if !has(variant: winner) { problem(.member(Key.winner), message: "\"\(winner)\" is not one of the variants") }
            } else {
                problem(.member(Key.winner), message: "a stopped experiment names the variant everyone now sees")
            }
        }
        for user in allowList.keys.sorted() where !has(variant: allowList[user] ?? "") {
            problem(.member(Key.allowList), .key(user), message: "\"\(allowList[user] ?? "")\" is not one of the variants")
        }
        if !variants.map(\.weight).reduce(0, +).isFinite {
            problem(.member(Key.variants), message: "the weights add up to more than a number can hold: use smaller weights")
        }
        for user in allowList.keys.sorted() {
            if let text = StoredText.name(maxLength: HTTPFields.maxUserIDLength).problem(in: user) {
                problem(.member(Key.allowList), message: "a user id \(text)")
            }
        }
        if bucketVersion < 1 { problem(.member(Key.bucketVersion), message: "a bucket version is 1 or more") }
        if let problem = targeting.problem { problems.append(problem) }
        for (index, kill) in switchedOff.enumerated() {
            if let low = kill.minAppVersion, let high = kill.maxAppVersion, low > high {
                problem(
                    .member(Key.switchedOff), .index(index), .member(KillSwitchKey.maxAppVersion),
                    message: "the highest version \(high) is below the lowest \(low)")
            }
        }
        if switchedOff.count > Self.maxKillSwitches {
            problem(.member(Key.switchedOff), message: "at most \(Self.maxKillSwitches) parts are switched off")
        }
        return problems
    }
}
