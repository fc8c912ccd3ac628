import Foundation

/// The server formats every date, price and distance for the negotiated locale (the Drivy write-up), so
/// apps show them as they come.
struct Formats: Sendable {
    let locale: Locale
    /// The demo's data are in Paris time.
    let timeZone = TimeZone(identifier: "Europe/Paris") ?? .gmt

    init(language: String) {
        locale = Locale(identifier: language)
    }

    /// "Wed, Feb 15, 2017" / "mer. 15 févr. 2017" / "Mi., 15. Feb. 2017".
    func day(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, timeZone: timeZone)
        style = style.weekday(.abbreviated)
        return date.formatted(style)
    }

    /// "02/11/2017" in en, "11/02/2017" in fr, "11.02.2017" in de.
    func shortDate(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .numeric, time: .omitted, locale: locale, timeZone: timeZone))
    }

    /// "07:00" (24-hour in fr and de, "7:00 AM" in en).
    func time(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: timeZone))
    }

    /// "€69" / "69 €".
    func price(euros: Int) -> String {
        euros.formatted(.currency(code: "EUR").locale(locale).precision(.fractionLength(0)))
    }

    /// "2 hours ago" / "il y a 2 heures" / "vor 2 Stunden", for something `age` seconds old.
    func relative(age: TimeInterval) -> String {
        Date.now.addingTimeInterval(-age).formatted(Date.RelativeFormatStyle(presentation: .named, unitsStyle: .wide, locale: locale))
    }

    /// "200 km", "1,200 km" / "1 200 km" / "1.200 km" (the symbol is the same in every demo
    /// language; Linux Foundation has no measurement format style).
    func distance(kilometres: Int) -> String {
        kilometres.formatted(.number.locale(locale)) + "\u{00A0}km"
    }
}
