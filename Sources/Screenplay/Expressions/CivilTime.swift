/// A UTC instant broken into its calendar fields (proleptic Gregorian), and back: the datetime
/// functions' arithmetic, without a calendar object per call; and the package's one way of
/// writing a UTC instant (the studio's times and days).
package struct CivilTime: Hashable {
    var year: Int64
    /// 1…12.
    var month: Int64
    /// 1…31.
    var day: Int64
    var hours: Int64
    var minutes: Int64
    var seconds: Int64
    var millis: Int64

    init(year: Int64, month: Int64, day: Int64, hours: Int64, minutes: Int64, seconds: Int64, millis: Int64) {
        self.year = year
        self.month = month
        self.day = day
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.millis = millis
    }

    package init(milliseconds: Int64) {
        let (days, dayMillis) = Self.floorDivide(milliseconds, 86_400_000)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = Self.floorDivide(z, 146_097).quotient
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        hours = dayMillis / 3_600_000
        minutes = dayMillis / 60_000 % 60
        seconds = dayMillis / 1000 % 60
        millis = dayMillis % 1000
    }

    /// Milliseconds since 1970 UTC; nil when it does not fit 64 bits.
    var milliseconds: Int64? {
        // 64 bits of milliseconds reach about 292 million years either side of 1970: a year
        // further out is refused before the arithmetic below, which would overflow on it (a
        // document's `setYear(d, 9000000000000000000)` trapped here).
        guard year.magnitude <= 300_000_000 else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(y, 400).quotient
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        let (product, overflow) = days.multipliedReportingOverflow(by: 86_400_000)
        guard !overflow else { return nil }
        let (total, overflow2) = product.addingReportingOverflow(hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + millis)
        return overflow2 ? nil : total
    }

    /// A field, to read or set by name.
    enum Field: Sendable {
        case year, month, day, hours, minutes, seconds, millis
    }

    subscript(field: Field) -> Int64 {
        get {
            switch field {
            case .year: year
            case .month: month
            case .day: day
            case .hours: hours
            case .minutes: minutes
            case .seconds: seconds
            case .millis: millis
            }
        }
        set {
            switch field {
            case .year: year = newValue
            case .month: month = newValue
            case .day: day = newValue
            case .hours: hours = newValue
            case .minutes: minutes = newValue
            case .seconds: seconds = newValue
            case .millis: millis = newValue
            }
        }
    }

    /// 1 = Monday … 7 = Sunday.
    var dayOfWeek: Int64 {
        let days = Self.floorDivide(milliseconds ?? 0, 86_400_000).quotient
        // 1970-01-01 was a Thursday (4).
        return Self.floorDivide(days + 3, 7).remainder + 1
    }

    static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `yyyy-MM-dd HH:mm:ss`.
    package var text: String { "\(date) \(clock)" }

    /// `yyyy-MM-dd`.
    package var date: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

    /// `HH:mm:ss`.
    package var clock: String { "\(Self.pad(hours, 2)):\(Self.pad(minutes, 2)):\(Self.pad(seconds, 2))" }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        var q = a / b
        var r = a % b
        if r != 0 && (r < 0) != (b < 0) {
            q -= 1
            r += b
        }
        return (q, r)
    }

    /// Reads `yyyy-MM-dd HH:mm:ss` (UTC), as case files write datetimes.
    init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int64($0) }
        guard parts.count == 6, parts.allSatisfy({ $0 != nil }) else { return nil }
        self.init(year: parts[0]!, month: parts[1]!, day: parts[2]!, hours: parts[3]!, minutes: parts[4]!, seconds: parts[5]!, millis: 0)
    }
}
