import Foundation

/// The distributions a report needs, computed here so that the server has no numeric dependency:
/// the normal and Student's t (two-sided tests, intervals) and the chi-square (sample ratio).
/// Accurate to about 1e-10, which the report's tests check against SciPy through `gbstats`.
enum Statistics {
    /// P(Z ≤ z) for a standard normal Z.
    static func normalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// P(T ≤ t) for Student's t with `df` degrees of freedom (df may be fractional: Welch).
    static func studentTCDF(_ t: Double, df: Double) -> Double {
        guard df.isFinite else { return normalCDF(t) }
        let tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), a: df / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The t such that P(T ≤ t) = p.
    static func studentTQuantile(_ p: Double, df: Double) -> Double {
        guard p > 0, p < 1 else { return p <= 0 ? -.infinity : .infinity }
        if p < 0.5 { return -studentTQuantile(1 - p, df: df) }
        var (low, high) = (0.0, 1.0)
        while studentTCDF(high, df: df) < p { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if studentTCDF(middle, df: df) < p { low = middle } else { high = middle }
            if high - low < 1e-13 * max(1, high) { break }
        }
        return (low + high) / 2
    }

    /// P(X ≥ x) for a chi-square X with `k` degrees of freedom.
    static func chiSquareSurvival(_ x: Double, k: Double) -> Double {
        guard x > 0 else { return 1 }
        return regularizedUpperGamma(a: k / 2, x: x / 2)
    }

    /// I_x(a, b), by its continued fraction (modified Lentz), using the symmetry for convergence.
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let front: Double = exp(logGammas + a * log(x) + b * log(1 - x))
        if x > (a + 1) / (a + b + 2) { return 1 - regularizedIncompleteBeta(1 - x, a: b, b: a) }
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var f = d
        for m in 1...500 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            f *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            f *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return front * f / a
    }

    /// Q(a, x) = Γ(a, x) / Γ(a): a series below a + 1, a continued fraction above.
    static func regularizedUpperGamma(a: Double, x: Double) -> Double {
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = a
            for _ in 0..<1_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return 1 - sum * exp(-x + a * log(x) - lgamma(a))
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...1_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return exp(-x + a * log(x) - lgamma(a)) * h
    }
}
