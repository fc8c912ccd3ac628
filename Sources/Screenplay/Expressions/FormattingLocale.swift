/// What the formatting functions (`decimalFormat`, `formatCurrency`, `formatDateAsLocal…`) need
/// to know about a locale: separators, the currency pattern and symbols, month and day names.
///
/// The one source of these data for both evaluators: the Swift functions read ``table`` and the
/// web page's script gets the same entries as a JavaScript object literal (``javaScriptTable``),
/// written into its source by Swift, so the two cannot drift apart. Taken from CLDR 48 (the data
/// of ICU 78) for Latin digits; neither Foundation's formatters nor the browser's `Intl` are
/// consulted, because their output changes with the platform's ICU version.
///
/// An identifier is looked up as `language-region` (`fr-CA`, `pt_PT`, `zh-Hans-CN` → `zh-cn`),
/// then as its language, then as `en`.
///
/// ```swift
/// FormattingLocale.resolve("fr_FR").group         // "\u{202F}"
/// FormattingLocale.resolve("pt-BR").currencyPattern  // "¤\u{A0}#"
/// ```
package struct FormattingLocale: Sendable, Hashable {
    /// The table key: a language (`fr`) or `language-region` (`fr-ca`).
    package var key: String
    /// The grouping separator of numbers (`fr`: U+202F narrow no-break space).
    package var group: String
    /// The decimal separator.
    package var decimal: String
    /// The minus sign.
    package var minus: String = "-"
    /// Amounts of fewer integer digits than 3 + this are not grouped (CLDR's
    /// `minimumGroupingDigits`: `es` writes 1234,50 but 12.345,50).
    package var minimumGrouping: Int = 1
    /// The grouping separator of amounts, when it differs from ``group`` (`de-AT`).
    package var currencyGroup: String? = nil
    /// The decimal separator of amounts, when it differs from ``decimal`` (`fr-CH`).
    package var currencyDecimal: String? = nil
    /// Where the symbol and the amount go: `#` is the amount, `¤` the symbol; a negative pattern
    /// may follow after `;`, otherwise a negative amount is the minus sign before the positive one.
    package var currencyPattern: String
    /// Currency symbols by ISO 4217 code; a code not listed is written as itself.
    package var symbols: [String: String]
    /// Month names as a date writes them (`MMMM`; Russian genitive: 15 февраля).
    package var months: [String]
    /// Abbreviated month names (`MMM`).
    package var shortMonths: [String]
    /// Month names standing alone (`LLLL`; Russian nominative: февраль); nil: as ``months``.
    package var standaloneMonths: [String]? = nil
    /// Abbreviated month names standing alone (`LLL`); nil: as ``shortMonths``.
    package var standaloneShortMonths: [String]? = nil
    /// Day names, Monday first (`EEEE`).
    package var days: [String]
    /// Abbreviated day names, Monday first (`E`, `EE`, `EEE`).
    package var shortDays: [String]
    /// `a`: before and after noon.
    package var dayPeriods: [String]
    /// `G`: before and after the year 1.
    package var eras: [String]
    /// `GGGG`: before and after the year 1.
    package var longEras: [String]

    /// The entry for an identifier: `language-region`, else the language, else `en`.
    /// - Parameter identifier: BCP 47 (`fr-CA`) or ICU (`fr_CA`); case does not matter.
    package static func resolve(_ identifier: String) -> FormattingLocale {
        for key in candidates(identifier) {
            if let entry = table[key] { return entry }
        }
        return english
    }

    /// The keys tried for an identifier, most specific first (`zh-Hans-CN` → `zh-cn`, `zh`).
    static func candidates(_ identifier: String) -> [String] {
        let parts = identifier.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first else { return [] }
        // A region is two letters or three digits; a four-letter script may come before it.
        let region = parts.dropFirst().prefix(2).first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isNumber }) }
        return (region.map { ["\(language)-\($0)"] } ?? []) + [language]
    }

    /// Fraction digits of an amount by currency (ISO 4217 minor units); 2 for any other code.
    package static let currencyDigits: [String: Int] = [
        "JPY": 0, "KRW": 0, "CLP": 0, "ISK": 0, "VND": 0, "PYG": 0, "UGX": 0, "XAF": 0, "XOF": 0, "BHD": 3, "KWD": 3, "OMR": 3,
        "JOD": 3, "TND": 3, "LYD": 3,
    ]

    // MARK: The table

    static let english = FormattingLocale(
        key: "en", group: ",", decimal: ".", currencyPattern: "¤#",
        symbols: [
            "EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "RUB": "RUB", "CHF": "CHF", "CAD": "CA$", "INR": "₹", "BRL": "R$",
            "KRW": "₩",
        ],
        months: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ],
        shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        shortDays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], dayPeriods: ["AM", "PM"], eras: ["BC", "AD"],
        longEras: ["Before Christ", "Anno Domini"])

    static let french = FormattingLocale(
        key: "fr", group: "\u{202F}", decimal: ",", currencyPattern: "#\u{A0}¤",
        symbols: [
            "EUR": "€", "USD": "$US", "GBP": "£GB", "JPY": "JPY", "CNY": "CNY", "RUB": "RUB", "CHF": "CHF", "CAD": "$CA", "INR": "₹",
            "BRL": "R$", "KRW": "₩",
        ],
        months: [
            "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre",
        ],
        shortMonths: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
        days: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
        shortDays: ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."], dayPeriods: ["AM", "PM"], eras: ["av. J.-C.", "ap. J.-C."],
        longEras: ["avant Jésus-Christ", "après Jésus-Christ"])

    static let german = FormattingLocale(
        key: "de", group: ".", decimal: ",", currencyPattern: "#\u{A0}¤",
        symbols: [
            "EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "RUB": "RUB", "CHF": "CHF", "CAD": "CA$", "INR": "₹", "BRL": "R$",
            "KRW": "₩",
        ],
        months: [
            "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember",
        ],
        shortMonths: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
        standaloneShortMonths: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
        days: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
        shortDays: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"], dayPeriods: ["AM", "PM"], eras: ["v. Chr.", "n. Chr."],
        longEras: ["v. Chr.", "n. Chr."])

    static let spanish = FormattingLocale(
        key: "es", group: ".", decimal: ",", minimumGrouping: 2, currencyPattern: "#\u{A0}¤",
        symbols: [
            "EUR": "€", "USD": "US$", "GBP": "GBP", "JPY": "JPY", "CNY": "CNY", "RUB": "RUB", "CHF": "CHF", "CAD": "CAD", "INR": "INR",
            "BRL": "BRL", "KRW": "KRW",
        ],
        months: [
            "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
        ],
        shortMonths: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
        days: ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
        shortDays: ["lun", "mar", "mié", "jue", "vie", "sáb", "dom"], dayPeriods: ["a.\u{202F}m.", "p.\u{202F}m."],
        eras: ["a. C.", "d. C."],
        longEras: ["antes de Cristo", "después de Cristo"])

    static let italian = FormattingLocale(
        key: "it", group: ".", decimal: ",", minimumGrouping: 2, currencyPattern: "#\u{A0}¤",
        symbols: [
            "EUR": "€", "USD": "USD", "GBP": "£", "JPY": "JPY", "CNY": "CN¥", "RUB": "RUB", "CHF": "CHF", "CAD": "CA$", "INR": "INR",
            "BRL": "BRL", "KRW": "KRW",
        ],
        months: [
            "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre",
            "dicembre",
        ],
        shortMonths: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
        days: ["lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"],
        shortDays: ["lun", "mar", "mer", "gio", "ven", "sab", "dom"], dayPeriods: ["AM", "PM"], eras: ["a.C.", "d.C."],
        longEras: ["avanti Cristo", "dopo Cristo"])

    static let portuguese = FormattingLocale(
        key: "pt", group: ".", decimal: ",", currencyPattern: "¤\u{A0}#",
        symbols: [
            "EUR": "€", "USD": "US$", "GBP": "£", "JPY": "JP¥", "CNY": "CN¥", "RUB": "RUB", "CHF": "CHF", "CAD": "CA$", "INR": "₹",
            "BRL": "R$", "KRW": "₩",
        ],
        months: [
            "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
        ],
        shortMonths: ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
        days: ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo"],
        shortDays: ["seg.", "ter.", "qua.", "qui.", "sex.", "sáb.", "dom."], dayPeriods: ["AM", "PM"], eras: ["a.C.", "d.C."],
        longEras: ["antes de Cristo", "depois de Cristo"])

    static let dutch = FormattingLocale(
        key: "nl", group: ".", decimal: ",", currencyPattern: "¤\u{A0}#;¤\u{A0}-#",
        symbols: [
            "EUR": "€", "USD": "US$", "GBP": "£", "JPY": "JP¥", "CNY": "CN¥", "RUB": "RUB", "CHF": "CHF", "CAD": "C$", "INR": "₹",
            "BRL": "R$", "KRW": "₩",
        ],
        months: [
            "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december",
        ],
        shortMonths: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
        days: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
        shortDays: ["ma", "di", "wo", "do", "vr", "za", "zo"], dayPeriods: ["a.m.", "p.m."], eras: ["v.Chr.", "n.Chr."],
        longEras: ["voor Christus", "na Christus"])

    static let russian = FormattingLocale(
        key: "ru", group: "\u{A0}", decimal: ",", currencyPattern: "#\u{A0}¤",
        symbols: [
            "EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "RUB": "₽", "CHF": "CHF", "CAD": "CA$", "INR": "₹", "BRL": "R$",
            "KRW": "₩",
        ],
        months: [
            "января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря",
        ],
        shortMonths: ["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."],
        standaloneMonths: [
            "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь",
        ],
        standaloneShortMonths: ["янв.", "февр.", "март", "апр.", "май", "июнь", "июль", "авг.", "сент.", "окт.", "нояб.", "дек."],
        days: ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"],
        shortDays: ["пн", "вт", "ср", "чт", "пт", "сб", "вс"], dayPeriods: ["AM", "PM"], eras: ["до н. э.", "н. э."],
        longEras: ["до Рождества Христова", "от Рождества Христова"])

    static let japanese = FormattingLocale(
        key: "ja", group: ",", decimal: ".", currencyPattern: "¤#",
        symbols: [
            "EUR": "€", "USD": "$", "GBP": "£", "JPY": "￥", "CNY": "元", "RUB": "RUB", "CHF": "CHF", "CAD": "CA$", "INR": "₹", "BRL": "R$",
            "KRW": "₩",
        ],
        months: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
        shortMonths: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
        days: ["月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日"], shortDays: ["月", "火", "水", "木", "金", "土", "日"],
        dayPeriods: ["午前", "午後"], eras: ["紀元前", "西暦"], longEras: ["紀元前", "西暦"])

    static let chinese = FormattingLocale(
        key: "zh", group: ",", decimal: ".", currencyPattern: "¤#",
        symbols: [
            "EUR": "€", "USD": "US$", "GBP": "£", "JPY": "JP¥", "CNY": "¥", "RUB": "RUB", "CHF": "CHF", "CAD": "CA$", "INR": "₹",
            "BRL": "R$", "KRW": "₩",
        ],
        months: ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"],
        shortMonths: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
        days: ["星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"], shortDays: ["周一", "周二", "周三", "周四", "周五", "周六", "周日"],
        dayPeriods: ["上午", "下午"], eras: ["公元前", "公元"], longEras: ["公元前", "公元"])

    /// Every entry by key: ten languages and the regions whose writing differs from theirs.
    package static let table: [String: FormattingLocale] = {
        var entries = [english, french, german, spanish, italian, portuguese, dutch, russian, japanese, chinese]
        entries.append(
            english.variant("en-gb") {
                $0.shortMonths[8] = "Sept"
                $0.dayPeriods = ["am", "pm"]
                $0.symbols["USD"] = "US$"
                $0.symbols["JPY"] = "JP¥"
            })
        entries.append(
            french.variant("fr-ca") {
                $0.group = "\u{A0}"
                $0.shortMonths[6] = "juill."
                $0.dayPeriods = ["a.m.", "p.m."]
                $0.symbols.merge(["USD": "$\u{A0}US", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "CAD": "$", "INR": "INR", "KRW": "KRW"]) { $1 }
            })
        entries.append(french.variant("fr-ch") { $0.currencyDecimal = "." })
        entries.append(
            german.variant("de-at") {
                $0.group = "\u{A0}"
                $0.currencyGroup = "."
                $0.currencyPattern = "¤\u{A0}#"
                $0.months[0] = "Jänner"
                $0.shortMonths[0] = "Jän."
                $0.shortMonths[8] = "Sep."
                $0.standaloneShortMonths?[0] = "Jän"
            })
        entries.append(
            german.variant("de-ch") {
                $0.group = "'"
                $0.decimal = "."
                $0.currencyPattern = "¤\u{A0}#;¤-#"
                $0.symbols["EUR"] = "EUR"
            })
        entries.append(
            portuguese.variant("pt-pt") {
                $0.group = "\u{A0}"
                $0.minimumGrouping = 2
                $0.currencyPattern = "#\u{A0}¤"
                $0.dayPeriods = ["a.m.", "p.m."]
                $0.shortDays = ["segunda", "terça", "quarta", "quinta", "sexta", "sábado", "domingo"]
            })
        entries.append(
            spanish.variant("es-mx") {
                $0.group = ","
                $0.decimal = "."
                $0.minimumGrouping = 1
                $0.currencyPattern = "¤#"
                $0.shortMonths[8] = "sep"
                $0.dayPeriods = ["a.m.", "p.m."]
                $0.eras = ["a.C.", "d.C."]
                for code in $0.symbols.keys { $0.symbols[code] = code }
                $0.symbols["MXN"] = "$"
            })
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0) })
    }()

    func variant(_ key: String, _ change: (inout FormattingLocale) -> Void) -> FormattingLocale {
        var copy = self
        copy.key = key
        change(&copy)
        return copy
    }

    // MARK: The page's copy

    /// ``table`` as a JavaScript object literal, keys sorted, every non-ASCII character escaped:
    /// `{"de":{"group":".",…},…}`. The page's expression script is built around it.
    package static var javaScriptTable: String {
        "{" + table.keys.sorted().map { "\(javaScript($0)):\(table[$0]!.javaScript)" }.joined(separator: ",") + "}"
    }

    /// ``currencyDigits`` as a JavaScript object literal.
    package static var javaScriptCurrencyDigits: String {
        "{" + currencyDigits.keys.sorted().map { "\(javaScript($0)):\(currencyDigits[$0]!)" }.joined(separator: ",") + "}"
    }

    var javaScript: String {
        let names: [(String, [String])] = [
            ("months", months), ("shortMonths", shortMonths), ("standaloneMonths", standaloneMonths ?? months),
            ("standaloneShortMonths", standaloneShortMonths ?? shortMonths), ("days", days), ("shortDays", shortDays),
            ("dayPeriods", dayPeriods), ("eras", eras), ("longEras", longEras),
        ]
        var members = [
            "group": Self.javaScript(group), "decimal": Self.javaScript(decimal), "minus": Self.javaScript(minus),
            "minimumGrouping": String(minimumGrouping), "currencyGroup": Self.javaScript(currencyGroup ?? group),
            "currencyDecimal": Self.javaScript(currencyDecimal ?? decimal), "currencyPattern": Self.javaScript(currencyPattern),
            "symbols": "{" + symbols.keys.sorted().map { "\(Self.javaScript($0)):\(Self.javaScript(symbols[$0]!))" }.joined(separator: ",")
                + "}",
        ]
        for (name, list) in names {
            members[name] = "[" + list.map(Self.javaScript).joined(separator: ",") + "]"
        }
        return "{" + members.keys.sorted().map { "\(Self.javaScript($0)):\(members[$0]!)" }.joined(separator: ",") + "}"
    }

    /// A JavaScript string literal in ASCII (`"\u00e9"`).
    static func javaScript(_ text: String) -> String {
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(unit)!)
            default:
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }
}
