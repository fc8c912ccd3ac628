extension InputMask: WireDecodable {
    /// A mask's reader reports everything, even bytes that are not JSON, as diagnostics.
    public typealias Refusal = Never

    /// Reads a mask with every problem at its path; the value is nil when the mask is wrong or of
    /// a type this version does not know (a warning: the field is shown without a mask).
    ///
    /// ```swift
    /// InputMask.decode(from: Array(#"{"type": "date", "format": "MM/YY"}"#.utf8)).value   // .date(format: "MM/YY")
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) -> DecodeResult<InputMask> {
        switch JSONTape.parse(bytes, limits: options.limits) {
        case .success(let tape): withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
        case .failure(let diagnostic): DecodeResult(value: nil, diagnostics: [diagnostic])
        }
    }

    /// Reads a mask from an already parsed JSON value.
    ///
    /// ```swift
    /// InputMask.decode(from: .object(["type": "card"])).value   // .card
    /// ```
    public static func decode(from json: JSONValue, options: DecodingOptions = .default) -> DecodeResult<InputMask> {
        let tape = JSONTape(json)
        return withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
    }

    static func decode(from json: JSONElement, options: DecodingOptions) -> DecodeResult<InputMask> {
        let context = DecodingContext(options: options)
        do throws(DecodingFailure) {
            return DecodeResult(value: try read(json, context: context), diagnostics: context.diagnostics)
        } catch {
            context.report(DecodingFailure(code: error.code, message: "\(error.message); no mask", path: error.path), severity: .error)
            return DecodeResult(value: nil, diagnostics: context.diagnostics)
        }
    }

    /// The mask as JSON bytes with sorted keys.
    ///
    /// ```swift
    /// String(decoding: InputMask.card.encoded(), as: UTF8.self)   // {"type":"card"}
    /// ```
    public func encoded() -> [UInt8] {
        JSONWriter.encode(self)
    }

    /// The most placeholders of its own a fixed mask may declare.
    public static let maxPlaceholders = 16

    /// Reads one mask; nil (with a warning) when its type is unknown. A wrong member throws, at
    /// its path: a renderer shows the field without a mask.
    static func read(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> InputMask? {
        guard json.kind == .object else { throw context.failure(.invalidValue, "expected a mask object, found \(json.kindDescription)") }
        var reader = ObjectReader(json, context: context, describedAs: "a mask")
        let type = try reader.required(.type, as: String.self)
        guard knownTypes.contains(type) else {
            context.report(.warning, .unknownMask, "unknown mask type \"\(type)\"; the field is shown without a mask")
            return nil
        }
        reader.describe(as: .described("a \"\(type)\" mask"))
        let mask: InputMask
        switch type {
        case "fixed":
            let pattern = try reader.required(.pattern, as: String.self)
            try context.at(.member(.pattern)) { () throws(DecodingFailure) in try checkLength(pattern, context: context) }
            var placeholders: [Unicode.Scalar: TextPattern] = [:]
            if let object = reader.raw(.placeholders), !object.isNull {
                placeholders = try context.at(.member(.placeholders)) { () throws(DecodingFailure) in
                    try readPlaceholders(object, context: context)
                }
            }
            let standard: Set<Unicode.Scalar> = ["#", "A", "*"]
            guard pattern.unicodeScalars.contains(where: { standard.contains($0) || placeholders[$0] != nil }) else {
                throw context.at(.member(.pattern)) {
                    context.failure(.invalidValue, "the pattern has no placeholder (#, A, * or one of its own)")
                }
            }
            mask = .fixed(pattern: pattern, placeholders: placeholders)
        case "date":
            let format = try reader.required(.format, as: String.self)
            if let problem = problem(withDateFormat: format) {
                throw context.at(.member(.format)) { context.failure(.invalidValue, problem) }
            }
            mask = .date(format: format)
        case "currency":
            let locale = try reader.member(.locale, as: String.self)
            let digits = try reader.count(.fractionDigits) ?? 2
            guard digits <= CurrencyFormat.maxFractionDigits else {
                throw context.at(.member(.fractionDigits)) {
                    context.failure(.invalidValue, "fractionDigits is at most \(CurrencyFormat.maxFractionDigits), found \(digits)")
                }
            }
            mask = .currency(locale: locale, fractionDigits: digits)
        case "card": mask = .card
        default: mask = .phone
        }
        reader.finish()
        return mask
    }

    static func checkLength(_ text: String, context: DecodingContext) throws(DecodingFailure) {
        let count = text.unicodeScalars.count
        guard count > 0 else { throw context.failure(.invalidValue, "must not be empty") }
        guard count <= maxPatternLength else {
            throw context.failure(.limitExceeded, "is \(count) characters long; the most is \(maxPatternLength)")
        }
    }

    static func readPlaceholders(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> [Unicode.Scalar: TextPattern] {
        guard json.kind == .object else {
            throw context.failure(.invalidValue, "expected an object of placeholders, found \(json.kindDescription)")
        }
        guard json.count <= maxPlaceholders else {
            throw context.failure(.limitExceeded, "a mask has at most \(maxPlaceholders) placeholders of its own")
        }
        var placeholders: [Unicode.Scalar: TextPattern] = [:]
        for member in json.members {
            let key = json.tape.string(at: member.name)
            try context.at(.key(key)) { () throws(DecodingFailure) in
                let scalars = Array(key.unicodeScalars)
                guard scalars.count == 1 else { throw context.failure(.invalidValue, "a placeholder is one character, found \"\(key)\"") }
                guard let source = member.value.string else {
                    throw context.failure(.invalidValue, "expected a pattern, found \(member.value.kindDescription)")
                }
                do throws(TextPattern.SyntaxError) {
                    placeholders[scalars[0]] = try TextPattern(source)
                } catch {
                    throw context.failure(.invalidValue, "the pattern is refused at offset \(error.offset): \(error.message)")
                }
            }
        }
        return placeholders
    }

    /// Why `format` is not a date format, or nil: runs of `D`, `M` and `Y` must be `DD`, `MM`, `YY`
    /// or `YYYY`, each at most once, at least one of them; anything else is a separator.
    static func problem(withDateFormat format: String) -> String? {
        let scalars = Array(format.unicodeScalars)
        guard !scalars.isEmpty else { return "must not be empty" }
        guard scalars.count <= maxPatternLength else { return "is \(scalars.count) characters long; the most is \(maxPatternLength)" }
        var seen: Set<Unicode.Scalar> = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "D" || scalar == "M" || scalar == "Y" else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, scalars[end] == scalar { end += 1 }
            let run = String(String.UnicodeScalarView(scalars[index..<end]))
            guard ["DD", "MM", "YY", "YYYY"].contains(run) else { return "\"\(run)\" at offset \(index) is not DD, MM, YY or YYYY" }
            guard seen.insert(scalar).inserted else { return "\"\(run)\" at offset \(index) repeats a field" }
            index = end
        }
        return seen.isEmpty ? "has none of DD, MM, YY, YYYY" : nil
    }
}

extension InputMask: JSONEncodable {
    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .fixed(let pattern, let placeholders):
            writer.member(.pattern, pattern)
            if !placeholders.isEmpty {
                let object = Dictionary(
                    uniqueKeysWithValues: placeholders.map { (String(Character($0.key)), JSONValue.string($0.value.pattern)) })
                writer.member(.placeholders, JSONValue.object(object))
            }
        case .date(let format):
            writer.member(.format, format)
        case .currency(let locale, let fractionDigits):
            writer.member(.locale, locale)
            if fractionDigits != 2 { writer.member(.fractionDigits, fractionDigits) }
        case .card, .phone: break
        }
        writer.member(.type, type)
        writer.endObject()
    }
}
