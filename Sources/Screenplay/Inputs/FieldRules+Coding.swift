extension Diagnostic.Code {
    /// A validation rule of a type this reader does not know: skipped, the field keeps its other rules.
    public static let unknownRule: Diagnostic.Code = "unknownRule"
    /// An input mask of a type this reader does not know: the field is shown without a mask.
    public static let unknownMask: Diagnostic.Code = "unknownMask"
}

extension FieldRules: WireDecodable {
    /// A rule list's reader reports everything, even bytes that are not JSON, as diagnostics.
    public typealias Refusal = Never

    /// Reads a rule list (a JSON array of rules) with every problem at its path.
    ///
    /// ```swift
    /// let result = FieldRules.decode(from: Array(#"[{"type": "required", "message": "Enter a name"}]"#.utf8))
    /// result.value?.isRequired   // true
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) -> DecodeResult<FieldRules> {
        switch JSONTape.parse(bytes, limits: options.limits) {
        case .success(let tape): withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
        case .failure(let diagnostic): DecodeResult(value: nil, diagnostics: [diagnostic])
        }
    }

    /// Reads a rule list from an already parsed JSON value (a member of an intent's definition).
    ///
    /// ```swift
    /// let rules = FieldRules.decode(from: .array([.object(["type": "required", "message": "Enter a name"])])).value
    /// ```
    public static func decode(from json: JSONValue, options: DecodingOptions = .default) -> DecodeResult<FieldRules> {
        let tape = JSONTape(json)
        return withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
    }

    static func decode(from json: JSONElement, options: DecodingOptions) -> DecodeResult<FieldRules> {
        let context = DecodingContext(options: options)
        do throws(DecodingFailure) {
            let rules = try FieldRules(json: json, context: context)
            return DecodeResult(value: rules, diagnostics: context.diagnostics)
        } catch {
            context.report(error, severity: .error)
            return DecodeResult(value: nil, diagnostics: context.diagnostics)
        }
    }

    /// The rules as JSON bytes with sorted keys, as a screen carries them.
    ///
    /// ```swift
    /// String(decoding: FieldRules([.required(message: "Enter a name")]).encoded(), as: UTF8.self)
    /// // [{"message":"Enter a name","type":"required"}]
    /// ```
    public func encoded() -> [UInt8] {
        JSONWriter.encode(self)
    }
}

extension FieldRules: JSONReadable, JSONEncodable {
    /// Reads an array of rules: an unknown type is skipped with a warning, a rule with a wrong
    /// member is dropped with an error at the member's path; only a value that is not an array
    /// fails the whole list.
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .array else { throw Self.typeMismatch("an array of rules", json, context) }
        var rules: [FieldRule] = []
        let context = copy context
        for (index, element) in json.elements.enumerated() {
            if index == Self.maxCount {
                context.at(.index(index)) {
                    context.report(.error, .limitExceeded, "a field has at most \(Self.maxCount) rules; the rest are ignored")
                }
                break
            }
            context.at(.index(index)) {
                do throws(DecodingFailure) {
                    if let rule = try FieldRule.read(element, context: context) { rules.append(rule) }
                } catch {
                    context.report(
                        DecodingFailure(code: error.code, message: "\(error.message); rule dropped", path: error.path), severity: .error)
                }
            }
        }
        self.init(rules)
    }

    func encode(into writer: inout JSONWriter) {
        writer.writeArray(rules)
    }
}

extension FieldRule: JSONEncodable {
    /// Reads one rule; nil (with a warning) when its type is unknown.
    static func read(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> FieldRule? {
        guard json.kind == .object else { throw context.failure(.invalidValue, "expected a rule object, found \(json.kindDescription)") }
        var reader = ObjectReader(json, context: context, describedAs: "a rule")
        let type = try reader.required(.type, as: String.self)
        guard knownTypes.contains(type) else {
            context.report(.warning, .unknownRule, "unknown rule type \"\(type)\"; skipped, the field's other rules still apply")
            return nil
        }
        reader.describe(as: .described("a \"\(type)\" rule"))
        let message = try reader.required(.message, as: String.self)
        guard !message.isEmpty else {
            throw context.at(.member(.message)) { context.failure(.invalidValue, "a rule's message must not be empty") }
        }
        let rule: FieldRule
        if type == "required" {
            rule = .required(message: message)
        } else {
            let allowEmpty = try reader.member(.allowEmpty, as: Bool.self) ?? true
            switch type {
            case "length":
                let min = try reader.count(.min)
                let max = try reader.count(.max)
                guard min != nil || max != nil else {
                    throw context.failure(.missingField, "a \"length\" rule needs \"min\", \"max\" or both")
                }
                if let min, let max, max < min {
                    throw context.at(.member(.max)) { context.failure(.invalidValue, "max (\(max)) is less than min (\(min))") }
                }
                rule = .length(min: min, max: max, allowEmpty: allowEmpty, message: message)
            case "pattern":
                let text = try reader.required(.pattern, as: String.self)
                do throws(TextPattern.SyntaxError) {
                    rule = .pattern(try TextPattern(text), allowEmpty: allowEmpty, message: message)
                } catch {
                    throw context.at(.member(.pattern)) {
                        context.failure(.invalidValue, "the pattern is refused at offset \(error.offset): \(error.message)")
                    }
                }
            case "cardNumber":
                let checkDigitMessage = try reader.member(.checkDigitMessage, as: String.self)
                if checkDigitMessage?.isEmpty == true {
                    throw context.at(.member(.checkDigitMessage)) {
                        context.failure(.invalidValue, "a rule's checkDigitMessage must not be empty")
                    }
                }
                rule = .cardNumber(allowEmpty: allowEmpty, message: message, checkDigitMessage: checkDigitMessage)
            default:
                let condition = try reader.required(.condition, as: String.self)
                if let problem = Self.problem(withCondition: condition) {
                    throw context.at(.member(.condition)) { context.failure(.invalidValue, problem) }
                }
                rule = .expression(condition: condition, allowEmpty: allowEmpty, message: message)
            }
        }
        reader.finish()
        return rule
    }

    /// Why `condition` cannot be a rule's condition, or nil when it is one whole `@{…}` expression
    /// that parses.
    static func problem(withCondition condition: String) -> String? {
        guard condition.hasPrefix("@{") else { return "a condition is one @{…} expression" }
        do throws(ExpressionError) {
            let node = try ExpressionParser.parse(property: condition)
            if case .template = node.kind { return "a condition is one @{…} expression, not a template" }
            return nil
        } catch {
            return "the condition does not parse: \(error.message)"
        }
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .required: break
        case .length(let min, let max, _, _):
            writer.member(.min, min)
            writer.member(.max, max)
        case .pattern(let pattern, _, _):
            writer.member(.pattern, pattern.pattern)
        case .expression(let condition, _, _):
            writer.member(.condition, condition)
        case .cardNumber(_, _, let checkDigitMessage):
            writer.member(.checkDigitMessage, checkDigitMessage)
        }
        if !allowsEmpty, type != "required" { writer.member(.allowEmpty, false) }
        writer.member(.message, message)
        writer.member(.type, type)
        writer.endObject()
    }
}

extension ObjectReader {
    /// An optional member that, when present and not null, must be right: a wrong value throws
    /// (at the member's path) instead of being ignored with a warning.
    mutating func member<T: JSONLeaf>(_ key: MemberKey, as type: T.Type = T.self) throws(DecodingFailure) -> T? {
        guard let json = raw(key), !json.isNull else { return nil }
        do throws(DecodingFailure) {
            return try T(json: json, context: context)
        } catch {
            throw DecodingFailure(code: error.code, message: error.message, path: error.path.appending(key: key.name))
        }
    }

    /// An optional count: a whole number, 0 or more.
    mutating func count(_ key: MemberKey) throws(DecodingFailure) -> Int? {
        guard let value = try member(key, as: Int.self) else { return nil }
        guard value >= 0 else {
            throw DecodingFailure(
                code: .invalidValue, message: "\(key.name) must be 0 or more, found \(value)", path: context.path.appending(key: key.name))
        }
        return value
    }
}
