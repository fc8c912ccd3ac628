extension Motion {
    /// How long a movement takes, when it starts, along which curve, and how many times it plays.
    /// Times are whole milliseconds on the wire (`"duration": 250, "delay": 100`).
    ///
    /// ```swift
    /// Motion.Timing(ms: 400, curve: .spring(bounce: 0.2))
    /// Motion.Timing.easeOut(ms: 250).delayed(by: 100)
    /// ```
    public struct Timing: Sendable, Hashable {
        /// Milliseconds, 0 to ``Limits/maxDuration``: for a spring, the time it takes to get
        /// about there (it settles a little later, as SwiftUI's springs do).
        public var duration: Int
        /// Milliseconds before it starts, 0 to ``Limits/maxDelay``.
        public var delay: Int
        public var curve: Curve
        /// How many times an entrance plays, 1 to ``Limits/maxRepeat`` (a change plays once).
        public var repeatCount: Int

        public init(ms duration: Int = Limits.defaultDuration, delay: Int = 0, curve: Curve = .easeInOut, repeatCount: Int = 1) {
            self.duration = duration
            self.delay = delay
            self.curve = curve
            self.repeatCount = repeatCount
        }

        public static func linear(ms duration: Int) -> Timing { Timing(ms: duration, curve: .linear) }
        public static func easeIn(ms duration: Int) -> Timing { Timing(ms: duration, curve: .easeIn) }
        public static func easeOut(ms duration: Int) -> Timing { Timing(ms: duration, curve: .easeOut) }
        public static func easeInOut(ms duration: Int) -> Timing { Timing(ms: duration, curve: .easeInOut) }
        public static func spring(ms duration: Int, bounce: Double = 0) -> Timing { Timing(ms: duration, curve: .spring(bounce: bounce)) }

        /// This timing, started `delay` milliseconds later.
        public func delayed(by delay: Int) -> Timing {
            var timing = self
            timing.delay = delay
            return timing
        }

        /// This timing, played `count` times.
        public func repeated(_ count: Int) -> Timing {
            var timing = self
            timing.repeatCount = count
            return timing
        }

        /// The same duration and delay on a curve that neither overshoots nor repeats: what Reduce
        /// Motion draws.
        public func reducingMotion() -> Timing {
            var timing = self
            timing.repeatCount = 1
            switch curve {
            case .spring: timing.curve = .easeInOut
            case .cubicBezier(_, let y1, _, let y2) where !(0...1).contains(y1) || !(0...1).contains(y2):
                // A curve that overshoots is a bounce too.
                timing.curve = .easeInOut
            default: break
            }
            return timing
        }

        /// The bounds every timing is held to: out-of-range values are clamped, with a warning.
        public enum Limits {
            public static let defaultDuration = 250
            public static let maxDuration = 5_000
            public static let maxDelay = 5_000
            public static let maxRepeat = 10
            /// Springs bounce at most this much (SwiftUI's bounce; 1 would never settle).
            public static let maxBounce = 0.9
        }
    }

    /// How a movement's progress follows time.
    public enum Curve: Sendable, Hashable {
        case linear
        case easeIn
        case easeOut
        case easeInOut
        /// A spring that gets there in about the timing's duration; `bounce` 0 does not overshoot,
        /// up to 0.9 bounces more, below 0 is slower to settle (SwiftUI's `spring(duration:bounce:)`).
        case spring(bounce: Double)
        /// CSS's `cubic-bezier(x1, y1, x2, y2)`; x between 0 and 1.
        case cubicBezier(Double, Double, Double, Double)

        /// The control points of the named curves, as CSS and Core Animation define them.
        public var controlPoints: (Double, Double, Double, Double)? {
            switch self {
            case .linear: (0, 0, 1, 1)
            case .easeIn: (0.42, 0, 1, 1)
            case .easeOut: (0, 0, 0.58, 1)
            case .easeInOut: (0.42, 0, 0.58, 1)
            case .cubicBezier(let x1, let y1, let x2, let y2): (x1, y1, x2, y2)
            case .spring: nil
            }
        }
    }
}
