import Foundation

/// Math functions: folds over integers (overflow an error) or numbers, extrema, sign, rounding
/// and the constants.
extension ExpressionFunctions {
    mutating func addMath() {
        typealias Fold = @Sendable (Int64, Int64) -> (partialValue: Int64, overflow: Bool)
        let folds: [(String, String, Fold, @Sendable (Double, Double) -> Double)] = [
            ("sum", "The sum of the arguments (integer overflow an error).", { $0.addingReportingOverflow($1) }, (+)),
            ("sub", "The first argument minus the others, left to right.", { $0.subtractingReportingOverflow($1) }, (-)),
            ("mul", "The product of the arguments.", { $0.multipliedReportingOverflow(by: $1) }, (*)),
        ]
        for (name, summary, integerFold, numberFold) in folds {
            define(name, [.integer], .integer, variadic: true, summary) { call in
                var total = call.integer(0)
                for index in 1..<call.arguments.count {
                    let (value, overflow) = integerFold(total, call.integer(index))
                    if overflow { throw ExpressionFailure("Integer overflow.") }
                    total = value
                }
                return .integer(total)
            }
            define(name, [.number], .number, variadic: true, summary) { call in
                var total = call.number(0)
                for index in 1..<call.arguments.count { total = numberFold(total, call.number(index)) }
                return .number(total)
            }
        }
        define("div", [.integer, .integer], .integer, "Integer division, truncating toward zero; by zero an error.") { call in
            let (a, b) = (call.integer(0), call.integer(1))
            guard b != 0 else { throw ExpressionFailure("Division by zero is not supported.") }
            let (value, overflow) = a.dividedReportingOverflow(by: b)
            if overflow { throw ExpressionFailure("Integer overflow.") }
            return .integer(value)
        }
        define("div", [.number, .number], .number, "Division; by zero an error.") { call in
            guard call.number(1) != 0 else { throw ExpressionFailure("Division by zero is not supported.") }
            return .number(call.number(0) / call.number(1))
        }
        define("mod", [.integer, .integer], .integer, "The remainder, with the sign of the dividend; by zero an error.") { call in
            let (a, b) = (call.integer(0), call.integer(1))
            guard b != 0 else { throw ExpressionFailure("Division by zero is not supported.") }
            return .integer(b == -1 ? 0 : a % b)
        }
        define("mod", [.number, .number], .number, "The remainder (fmod); by zero an error.") { call in
            guard call.number(1) != 0 else { throw ExpressionFailure("Division by zero is not supported.") }
            return .number(call.number(0).truncatingRemainder(dividingBy: call.number(1)))
        }
        for (name, pickFirst) in [("max", true), ("min", false)] {
            let summary = pickFirst ? "The largest argument." : "The smallest argument."
            define(name, [.integer], .integer, variadic: true, summary) { call in
                let values = call.arguments.indices.map { call.integer($0) }
                return .integer((pickFirst ? values.max() : values.min()) ?? 0)
            }
            define(name, [.number], .number, variadic: true, summary) { call in
                let values = call.arguments.indices.map { call.number($0) }
                return .number((pickFirst ? values.max() : values.min()) ?? 0)
            }
        }
        define("abs", [.integer], .integer, "The magnitude; abs(minInteger()) an overflow.") { call in
            let value = call.integer(0)
            guard value != .min else { throw ExpressionFailure("Integer overflow.") }
            return .integer(Swift.abs(value))
        }
        define("abs", [.number], .number, "The magnitude.") { call in .number(Swift.abs(call.number(0))) }
        define("signum", [.integer], .integer, "-1, 0 or 1.") { call in .integer(call.integer(0).signum()) }
        define("signum", [.number], .number, "-1.0, 0.0 or 1.0 (the zero keeps its sign).") { call in
            let value = call.number(0)
            return .number(value > 0 ? 1 : value < 0 ? -1 : value)
        }
        define(
            "copySign", [.integer, .integer], .integer,
            "The first's magnitude with the second's sign; a second of 0 (no sign) keeps the first as it is; overflow an error."
        ) { call in
            let (value, sign) = (call.integer(0), call.integer(1))
            // DivKit: an integer 0 has no sign to copy, so copySign(-7, 0) is -7 (and copySign(minInteger(), 0) no overflow).
            if sign == 0 { return .integer(value) }
            let magnitude = value.magnitude
            if sign < 0 {
                guard magnitude <= UInt64(Int64.max) + 1 else { throw ExpressionFailure("Integer overflow.") }
                return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
            }
            guard magnitude <= UInt64(Int64.max) else { throw ExpressionFailure("Integer overflow.") }
            return .integer(Int64(magnitude))
        }
        define(
            "copySign", [.number, .number], .number, "The first's magnitude with the second's sign bit (-0.0 is negative; NaN positive)."
        ) {
            call in
            // IEEE copySign, as DivKit (Java's Math.copySign): the sign of -0.0 is copied. A NaN's sign bit
            // depends on the CPU that made it (x86 sets it, ARM does not), so a NaN counts as positive, as
            // Java's StrictMath and the page's script read it.
            let sign = call.number(1)
            return .number(Double(signOf: sign.isNaN ? 1 : sign, magnitudeOf: call.number(0)))
        }
        define("round", [.number], .number, "Rounded half away from zero.") { call in .number(call.number(0).rounded()) }
        define("floor", [.number], .number, "Rounded down.") { call in .number(call.number(0).rounded(.down)) }
        define("ceil", [.number], .number, "Rounded up.") { call in .number(call.number(0).rounded(.up)) }
        define("maxInteger", [], .integer, "9223372036854775807.") { _ in .integer(.max) }
        define("minInteger", [], .integer, "-9223372036854775808.") { _ in .integer(.min) }
        define("maxNumber", [], .number, "The largest finite double.") { _ in .number(.greatestFiniteMagnitude) }
        define("minNumber", [], .number, "The smallest positive double (Java's MIN_VALUE).") { _ in .number(.leastNonzeroMagnitude) }
    }
}

/// Trigonometry (numbers in radians).
extension ExpressionFunctions {
    mutating func addTrigonometry() {
        define("pi", [], .number, "π.") { _ in .number(.pi) }
        // A result that is not a finite number (the sine of infinity) is an error, as in the page.
        let plain: [(String, String, @Sendable (Double) -> Double, String)] = [
            ("sin", "The sine.", { Foundation.sin($0) }, "Unable to calculate sin."),
            ("cos", "The cosine.", { Foundation.cos($0) }, "Unable to calculate cos."),
            ("tan", "The tangent.", { Foundation.tan($0) }, "Unable to calculate tan."),
            ("atan", "The arc tangent.", { Foundation.atan($0) }, "Unable to calculate atan."),
            ("toRadians", "Degrees as radians.", { $0 / 180 * .pi }, "Unable to convert to radians."),
            ("toDegrees", "Radians as degrees.", { $0 * 180 / .pi }, "Unable to convert to degrees."),
        ]
        for (name, summary, function, reason) in plain {
            define(name, [.number], .number, summary + " Not a finite result: an error.") { call in
                let value = function(call.number(0))
                guard value.isFinite else { throw ExpressionFailure(reason) }
                return .number(value)
            }
        }
        define("cot", [.number], .number, "The cotangent; where the tangent is 0 an error.") { call in
            let tangent = Foundation.tan(call.number(0))
            guard tangent != 0, (1 / tangent).isFinite else { throw ExpressionFailure("Division by zero is not supported.") }
            return .number(1 / tangent)
        }
        for (name, function) in [
            ("asin", { @Sendable (x: Double) in Foundation.asin(x) }), ("acos", { @Sendable (x: Double) in Foundation.acos(x) }),
        ] {
            define(name, [.number], .number, "The arc \(name == "asin" ? "sine" : "cosine"); outside -1…1 an error.") { call in
                let value = function(call.number(0))
                guard !value.isNaN else { throw ExpressionFailure("Value out of range -1..1.") }
                return .number(value)
            }
        }
    }
}
