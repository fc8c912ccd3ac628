import Screenplay

/// Who takes part in an experiment: every condition given must hold (an empty targeting takes
/// everyone). Values compare without regard to case.
///
/// ```swift
/// var beta = Targeting()
/// beta.platforms = ["ios"]
/// beta.minAppVersion = AppVersion("2.3")
/// beta.attributes = ["group": ["beta", "staff"]]
/// ```
public struct Targeting: Sendable, Hashable {
    /// `Screenplay-Platform` values (`ios`, `android`, `web`).
    public var platforms: Set<String>?
    /// Negotiated languages.
    public var languages: Set<String>?
    /// The lowest app version that takes part (inclusive).
    public var minAppVersion: AppVersion?
    /// The highest app version that takes part (inclusive).
    public var maxAppVersion: AppVersion?
    /// User attributes (`group`, `plan`): the user's value must be one of the listed ones.
    public var attributes: [String: Set<String>] = [:]

    public init() {}

    /// Whether the audience takes part. A condition on something the request does not say (no app
    /// version, no such attribute) does not hold.
    public func includes(_ audience: Audience) -> Bool {
        if let platforms, !platforms.contains(audience.platform?.lowercased() ?? "") { return false }
        if let languages, !languages.contains(audience.language.lowercased()) { return false }
        if !AppVersion.isWithin(audience.appVersion, from: minAppVersion, to: maxAppVersion) { return false }
        for (name, values) in attributes {
            guard let value = audience.attributes[name]?.lowercased(), values.contains(value) else { return false }
        }
        return true
    }

    var problem: Diagnostic? {
        if let minAppVersion, let maxAppVersion, minAppVersion > maxAppVersion {
            return .error(
                at: JSONPath([.member(Experiment.Key.targeting), .member(Experiment.TargetingKey.maxAppVersion)]),
                "the highest version \(maxAppVersion) is below the lowest \(minAppVersion)")
        }
        return nil
    }
}

/// Who a request is for, as experiments target it.
public struct Audience: Sendable, Hashable {
    public var user: String?
    public var platform: String?
    public var appVersion: AppVersion?
    public var language: String
    /// What the app knows of the user (`group: beta`), names and values as sent.
    public var attributes: [String: String]

    public init(
        user: String? = nil, platform: String? = nil, appVersion: AppVersion? = nil, language: String = "en",
        attributes: [String: String] = [:]
    ) {
        self.user = user
        self.platform = platform
        self.appVersion = appVersion
        self.language = language
        self.attributes = attributes
    }
}

extension AppVersion {
    /// Whether `version` lies from `low` to `high` (inclusive; a missing bound is no bound). A
    /// request that does not say its version lies in no range that has a bound.
    static func isWithin(_ version: AppVersion?, from low: AppVersion?, to high: AppVersion?) -> Bool {
        guard low != nil || high != nil else { return true }
        guard let version else { return false }
        return (low.map { version >= $0 } ?? true) && (high.map { version <= $0 } ?? true)
    }
}

/// A dotted app version (`2.10.1`), compared number by number (`2.10` > `2.9`; missing parts are 0).
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let parts: [Int]

    /// Nil unless the text is 1 to 4 dot-separated numbers.
    public init?(_ text: some StringProtocol) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(pieces.count), text.count <= 32 else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(piece) else { return nil }
            parts.append(number)
        }
        self.parts = parts
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let (left, right) = (lhs.part(index), rhs.part(index))
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    private func part(_ index: Int) -> Int { index < parts.count ? parts[index] : 0 }

    public var description: String { parts.map(String.init).joined(separator: ".") }
}
