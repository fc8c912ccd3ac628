/// The bounds on what a screen's triggers and timers may cost a device, so that a timer storm
/// or a trigger loop is cut short and reported instead of hanging the app.
///
/// ```swift
/// var limits = BehaviourLimits.default
/// limits.maximumFiringsPerChange   // 32: a trigger that keeps setting its own variable stops there
/// ```
public struct BehaviourLimits: Sendable, Hashable {
    /// Timers a screen may declare; the ones after are dropped with an error.
    public var maximumTimers: Int
    /// The shortest tick interval, in milliseconds; a shorter one is raised to it.
    public var minimumTickInterval: Int
    /// The longest duration, in milliseconds (24 hours).
    public var maximumDuration: Int
    /// Triggers that may fire for one change, counting those that the actions of triggers cause.
    public var maximumFiringsPerChange: Int

    public init(
        maximumTimers: Int = 16, minimumTickInterval: Int = 50, maximumDuration: Int = 86_400_000, maximumFiringsPerChange: Int = 32
    ) {
        self.maximumTimers = maximumTimers
        self.minimumTickInterval = minimumTickInterval
        self.maximumDuration = maximumDuration
        self.maximumFiringsPerChange = maximumFiringsPerChange
    }

    /// 16 timers, ticks of at least 50 ms, durations up to 24 h, 32 firings per change.
    public static let `default` = BehaviourLimits()
}
