import Foundation
import ScreenplayProtocol

extension ScreenplayClock {
    /// Now, in Unix milliseconds: what the control plane's database stores.
    var milliseconds: Int64 { Self.milliseconds(now()) }

    /// `date` in Unix milliseconds, rounded to the nearest.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded()) }
}
