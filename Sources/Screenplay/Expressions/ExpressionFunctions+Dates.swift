/// Datetime functions: construction, arithmetic, field setters and getters, intervals and
/// formatting. A datetime is an instant; its fields are read in UTC.
extension ExpressionFunctions {
    mutating func addDates() {
        define("parseUnixTime", [.integer], .datetime, "The instant `seconds` after 1970-01-01 00:00:00 UTC.") { call in
            let (value, overflow) = call.integer(0).multipliedReportingOverflow(by: 1000)
            if overflow { throw ExpressionFailure("Integer overflow.") }
            return .datetime(value)
        }
        define("parseUnixTimeAsLocal", [.integer], .datetime, "The same instant as parseUnixTime (fields are read in UTC).") { call in
            let (value, overflow) = call.integer(0).multipliedReportingOverflow(by: 1000)
            if overflow { throw ExpressionFailure("Integer overflow.") }
            return .datetime(value)
        }
        define("nowLocal", [], .datetime, "The current instant, from the evaluator's clock.") { call in .datetime(call.now()) }
        define("addMillis", [.datetime, .integer], .datetime, "The instant moved by the milliseconds.") { call in
            let (value, overflow) = call.datetime(0).addingReportingOverflow(call.integer(1))
            if overflow { throw ExpressionFailure("Integer overflow.") }
            return .datetime(value)
        }
        typealias Field = (name: String, range: ClosedRange<Int64>?, key: CivilTime.Field, label: String)
        let fields: [Field] = [
            ("Year", nil, .year, "year"), ("Month", 1...12, .month, "month"), ("Day", nil, .day, "day"),
            ("Hours", 0...23, .hours, "hours"), ("Minutes", 0...59, .minutes, "minutes"), ("Seconds", 0...59, .seconds, "seconds"),
            ("Millis", 0...999, .millis, "millis"),
        ]
        for field in fields {
            define("set\(field.name)", [.datetime, .integer], .datetime, "The datetime with its \(field.label) set (UTC).") { call in
                let value = call.integer(1)
                var time = CivilTime(milliseconds: call.datetime(0))
                if let range = field.range, !range.contains(value) {
                    throw ExpressionFailure("Expecting \(field.label) in [\(range.lowerBound)..\(range.upperBound)], instead got \(value).")
                }
                if field.name == "Day" {
                    if value == -1 {
                        // The last day of the previous month.
                        time.day = 1
                        guard let first = time.milliseconds else { throw ExpressionFailure("Integer overflow.") }
                        return .datetime(first - 86_400_000)
                    }
                    guard value >= 1, value <= CivilTime.daysIn(month: time.month, year: time.year) else {
                        throw ExpressionFailure("Unable to set day \(value) for date \(CivilTime(milliseconds: call.datetime(0)).text).")
                    }
                }
                time[field.key] = value
                if field.name == "Year" || field.name == "Month" {
                    time.day = min(time.day, CivilTime.daysIn(month: time.month, year: time.year))
                }
                guard let result = time.milliseconds else { throw ExpressionFailure("Integer overflow.") }
                return .datetime(result)
            }
            define("get\(field.name)", [.datetime], .integer, "The \(field.label) (UTC).") { call in
                .integer(CivilTime(milliseconds: call.datetime(0))[field.key])
            }
        }
        define("getDayOfWeek", [.datetime], .integer, "1 = Monday … 7 = Sunday (UTC).") { call in
            .integer(CivilTime(milliseconds: call.datetime(0)).dayOfWeek)
        }
        define("getTimestamp", [.datetime], .integer, "Milliseconds since 1970 UTC.") { call in .integer(call.datetime(0)) }
        define("formatDateAsUTC", [.datetime, .string], .string, "The datetime in UTC through an ICU pattern (y M d H h m s S E a).") {
            call in
            try .string(DatePattern.format(call.datetime(0), pattern: call.string(1)))
        }
        define(
            "formatDateAsUTCWithLocale", [.datetime, .string, .string], .string,
            "As formatDateAsUTC, with month, day and era names in the given locale."
        ) { call in
            try .string(LocalDatePattern.format(call.datetime(0), pattern: call.string(1), locale: .resolve(call.string(2))))
        }
        let intervals: [(String, Int64, Int64?)] = [
            ("getIntervalSeconds", 1000, 60), ("getIntervalTotalSeconds", 1000, nil), ("getIntervalMinutes", 60_000, 60),
            ("getIntervalTotalMinutes", 60_000, nil), ("getIntervalHours", 3_600_000, 24), ("getIntervalTotalHours", 3_600_000, nil),
            ("getIntervalTotalDays", 86_400_000, nil), ("getIntervalTotalWeeks", 604_800_000, nil),
        ]
        for (name, unit, modulus) in intervals {
            let summary =
                modulus.map { "Whole units of \(unit) ms, modulo \($0); negative an error." }
                ?? "Whole units of \(unit) ms; negative an error."
            define(name, [.integer], .integer, summary) { call in
                let value = call.integer(0)
                guard value >= 0 else { throw ExpressionFailure("Expecting non-negative number of milliseconds.") }
                return .integer(modulus.map { value / unit % $0 } ?? value / unit)
            }
        }
    }
}

/// The ICU date pattern subset `formatDateAsUTC` understands, in English.
enum DatePattern {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]
    static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    static func format(_ milliseconds: Int64, pattern: String) throws -> String {
        let time = CivilTime(milliseconds: milliseconds)
        return try DatePatternReader.render(pattern) { character, count, output in
            switch character {
            case "y": output += count == 2 ? CivilTime.pad(time.year % 100, 2) : CivilTime.pad(time.year, count)
            case "M":
                switch count {
                case 1, 2: output += CivilTime.pad(time.month, count)
                case 3: output += months[Int(time.month) - 1].prefix(3)
                default: output += months[Int(time.month) - 1]
                }
            case "d": output += CivilTime.pad(time.day, count)
            case "H": output += CivilTime.pad(time.hours, count)
            case "h": output += CivilTime.pad(time.hours % 12 == 0 ? 12 : time.hours % 12, count)
            case "m": output += CivilTime.pad(time.minutes, count)
            case "s": output += CivilTime.pad(time.seconds, count)
            case "S":
                let millis = CivilTime.pad(time.millis, 3)
                output += count <= 3 ? String(millis.prefix(count)) : millis + String(repeating: "0", count: count - 3)
            case "E":
                let name = days[Int(time.dayOfWeek) - 1]
                output += count <= 3 ? String(name.prefix(3)) : name
            case "a": output += time.hours < 12 ? "AM" : "PM"
            case "z", "Z": throw ExpressionFailure("z/Z not supported in [\(pattern)]", standsAlone: true)
            default: throw ExpressionFailure("Incorrect format pattern.")
            }
        }
    }
}

/// Reads an ICU date pattern once for every date formatter: text in single quotes is copied,
/// `''` is a quote inside quoted text and outside it (`'o''clock'` is `o'clock`), and anything but
/// an ASCII letter is copied; each run of one letter is a field, which `field` writes. A quote
/// that is never closed is an error, as in ICU's and Java's pattern readers.
enum DatePatternReader {
    static func render(_ pattern: String, field: (Character, Int, inout String) throws -> Void) throws -> String {
        let characters = Array(pattern)
        var output = ""
        var index = 0
        var quoted = false
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    output.append("'")
                    index += 2
                } else {
                    quoted.toggle()
                    index += 1
                }
                continue
            }
            guard !quoted, character.isASCII, character.isLetter else {
                output.append(character)
                index += 1
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            index += count
            try field(character, count, &output)
        }
        if quoted { throw ExpressionFailure("Unterminated quote in the date pattern.") }
        return output
    }
}
