import Screenplay

/// A part of the audience for whom an experiment or a flag is switched off at once — a platform,
/// a range of app versions, or both — without touching anything else about it: the experiment
/// shows its control there, the flag its default value. Kept in the experiment's (or flag's)
/// document, so every instance applies it from its next request.
///
/// ```swift
/// // iOS apps 4.2.0 to 4.2.3 crash on the new checkout: they get the control from now on.
/// let broken = KillSwitch(platform: "ios", minAppVersion: AppVersion("4.2"), maxAppVersion: AppVersion("4.2.3"),
///                         reason: "crash in 4.2 (JIRA-1234)")
/// experiment.switchedOff.append(broken)
/// ```
public struct KillSwitch: Sendable, Hashable {
    /// The platform switched off (`ios`, `android`, `web`), any platform when nil.
    public var platform: String?
    /// The lowest app version switched off (inclusive), none below when nil.
    public var minAppVersion: AppVersion?
    /// The highest app version switched off (inclusive), none above when nil.
    public var maxAppVersion: AppVersion?
    /// Why, for the people who read the audit log later.
    public var reason: String?

    /// - Parameters:
    ///   - platform: the platform switched off, or nil for every platform.
    ///   - minAppVersion: the lowest app version switched off, or nil.
    ///   - maxAppVersion: the highest app version switched off, or nil.
    ///   - reason: why.
    public init(platform: String? = nil, minAppVersion: AppVersion? = nil, maxAppVersion: AppVersion? = nil, reason: String? = nil) {
        self.platform = platform?.lowercased()
        self.minAppVersion = minAppVersion
        self.maxAppVersion = maxAppVersion
        self.reason = reason
    }

    /// Whether the audience is in the part switched off. A range of versions holds no request that
    /// does not say its app's version; a switch with neither platform nor versions holds everyone.
    public func matches(_ audience: Audience) -> Bool {
        if let platform, platform != audience.platform?.lowercased() { return false }
        return AppVersion.isWithin(audience.appVersion, from: minAppVersion, to: maxAppVersion)
    }

    /// How it reads in a list: "ios 4.2 – 4.2.3", "android up to 3.9", "every platform".
    public var summary: String {
        let who = platform ?? "every platform"
        switch (minAppVersion, maxAppVersion) {
        case (let low?, let high?): return "\(who) \(low) – \(high)"
        case (let low?, nil): return "\(who) from \(low)"
        case (nil, let high?): return "\(who) up to \(high)"
        case (nil, nil): return who
        }
    }
}
