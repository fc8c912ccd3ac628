import Foundation

extension Motion.Curve {
    /// A spring's motion from 0 to 1 as SwiftUI's `spring(duration:bounce:)` defines it: unit
    /// mass, stiffness (2π / duration)², damping ratio 1 − bounce (1 / (1 + bounce) below 0).
    /// Renderers without springs (CSS) draw it from ``Motion/Curve/springSamples(duration:bounce:count:)``.
    ///
    /// ```swift
    /// let spring = Motion.Curve.Spring(duration: 0.4, bounce: 0.2)
    /// spring.position(at: 0.4)   // ≈ 1.02: past the end, on its way back
    /// ```
    public struct Spring: Sendable, Hashable {
        /// Seconds.
        public var duration: Double
        public var bounce: Double

        public init(duration: Double, bounce: Double) {
            self.duration = max(duration, 0.001)
            self.bounce = min(max(bounce, -Motion.Timing.Limits.maxBounce), Motion.Timing.Limits.maxBounce)
        }

        private var angularFrequency: Double { 2 * .pi / duration }
        private var dampingRatio: Double { bounce >= 0 ? 1 - bounce : 1 / (1 + bounce) }

        /// Where the spring is `time` seconds after it started, from 0 (start) to 1 (rest).
        public func position(at time: Double) -> Double {
            guard time > 0 else { return 0 }
            let omega = angularFrequency, zeta = dampingRatio
            if zeta < 1 {
                let damped = omega * (1 - zeta * zeta).squareRoot()
                return 1 - exp(-zeta * omega * time) * (cos(damped * time) + zeta * omega / damped * sin(damped * time))
            }
            if zeta == 1 { return 1 - exp(-omega * time) * (1 + omega * time) }
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            return 1 - (r2 * exp(r1 * time) - r1 * exp(r2 * time)) / (r2 - r1)
        }

        /// The seconds after which the spring stays within 0.1 % of its rest: how long a
        /// renderer without springs plays it.
        public var settlingTime: Double {
            let step = duration / 100
            var last = duration
            var time = step
            // Springs with bounce ≤ 0.9 settle well within 20 durations.
            while time <= duration * 20 {
                if abs(1 - position(at: time)) > 0.001 { last = time + step }
                time += step
            }
            return last
        }
    }

    /// `count` + 1 points of the spring, evenly spaced over its settling time: what CSS's
    /// `linear()` easing function draws it with.
    public static func springSamples(duration: Double, bounce: Double, count: Int = 40) -> (settlingTime: Double, positions: [Double]) {
        let spring = Spring(duration: duration, bounce: bounce)
        let total = spring.settlingTime
        let positions = (0...count).map { index in index == count ? 1 : spring.position(at: total * Double(index) / Double(count)) }
        return (total, positions)
    }
}
