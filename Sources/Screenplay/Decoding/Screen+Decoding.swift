import Foundation

extension Screen {
    /// Decodes a screen from UTF-8 JSON bytes, resiliently: a bad node costs that node (or is
    /// replaced by its fallback), never the screen, and every problem comes back with its path.
    ///
    /// ```swift
    /// let result = Screen.decode(from: Array(json.utf8))
    /// result.value?.body            // the screen, minus what could not be decoded
    /// result.diagnostics            // [body.children[3].action: warning: …]
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) -> DecodeResult<Screen> {
        switch JSONTape.parse(bytes, limits: options.limits) {
        case .success(let tape): withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
        case .failure(let diagnostic): DecodeResult(value: nil, diagnostics: [diagnostic])
        }
    }

    /// Decodes a screen from `Data`.
    public static func decode(from data: Data, options: DecodingOptions = .default) -> DecodeResult<Screen> {
        decode(from: [UInt8](data), options: options)
    }

    /// Decodes a screen from an already parsed JSON value.
    public static func decode(from json: JSONValue, options: DecodingOptions = .default) -> DecodeResult<Screen> {
        let tape = JSONTape(json)
        return withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
    }

    static func decode(from json: JSONElement, options: DecodingOptions) -> DecodeResult<Screen> {
        let context = DecodingContext(options: options, checkingScreen: true)
        let screen = read(json, context: context)
        return DecodeResult(value: screen, diagnostics: context.diagnostics)
    }

    private static func read(_ json: JSONElement, context: DecodingContext) -> Screen? {
        guard json.kind == .object else {
            context.report(.error, .invalidValue, "a screen document must be a JSON object, found \(json.kindDescription)")
            return nil
        }
        var reader = ObjectReader(json, context: context, describedAs: "a screen")
        var version: FormatVersion
        do throws(DecodingFailure) {
            let text = try reader.required(.version, as: String.self)
            guard let parsed = FormatVersion(text) else {
                throw context.at(.member(.version)) { context.failure(.invalidValue, "version \"\(text)\" is not \"MAJOR.MINOR\"") }
            }
            version = parsed
        } catch {
            context.report(error, severity: .error)
            return nil
        }
        if version.major != FormatVersion.current.major {
            context.at(.member(.version)) {
                context.report(
                    .error, .unsupportedVersion,
                    "format version \(version) is not supported; this reader understands \(FormatVersion.current.major).x")
            }
            return nil
        }
        if version > FormatVersion.latest {
            context.at(.member(.version)) {
                context.report(
                    .warning, .unsupportedVersion,
                    "format version \(version) is newer than \(FormatVersion.latest); parts this reader does not know are skipped")
            }
        }
        var id = ""
        do throws(DecodingFailure) {
            id = try reader.required(.id, as: String.self)
        } catch {
            context.report(error, severity: .error)
        }
        let state: [String: JSONValue] = reader.optional(.state) ?? [:]
        let variables = readVariables(&reader, context: context)
        var types = state.compactMapValues { ExpressionValue(inferring: $0)?.type }
        for variable in variables { types[variable.name] = variable.type }
        context.variableTypes = types
        guard var bodyJSON = reader.raw(.body) else {
            context.report(.error, .missingField, "a screen is missing its required \"body\"")
            return nil
        }
        if let templates = reader.raw(.templates) {
            var expander = TemplateExpander(templates: templates, context: context)
            if !expander.isEmpty {
                guard let expanded = context.at(.member(.body), { expander.expand(bodyJSON) }) else {
                    context.at(.member(.body)) {
                        context.report(.error, .droppedNode, "the body could not be expanded, so there is nothing to show")
                    }
                    return nil
                }
                context.keep(expanded)
                bodyJSON = expanded.root
                // Templates are a way of writing the screen, not part of it: once expanded, a
                // 1.1 document is the 1.0 screen it was written from, and compares equal to it.
                if version == .templates { version = .current }
            }
        }
        guard
            let body = context.at(
                .member(.body),
                {
                    context.screenChecks?.readingBody(from: bodyJSON, at: context.path)
                    return Node.read(bodyJSON, context: context)
                })
        else {
            context.at(.member(.body)) {
                context.report(.error, .droppedNode, "the body could not be decoded, so there is nothing to show")
            }
            return nil
        }
        var screen = Screen(
            version: version, id: id, title: reader.optional(.title), state: state, variables: variables,
            cache: reader.optional(.cache), intents: reader.optional(.intents, as: CheckedURL.self)?.value,
            stream: reader.optional(.stream, as: CheckedURL.self)?.value, body: body)
        screen.triggers = readTriggers(&reader, context: context)
        screen.timers = readTimers(&reader, context: context)
        screen.onAppear = readOnAppear(&reader, context: context)
        reader.finish()
        return screen
    }
}

extension Screen {
    /// Reads the `variables` array: a bad declaration costs that variable; a name declared twice
    /// (or also in `state`) keeps its first declaration.
    private static func readVariables(_ reader: inout ObjectReader, context: DecodingContext) -> [VariableDeclaration] {
        guard let json = reader.raw(.variables), !json.isNull else { return [] }
        return context.at(.member(.variables)) { () -> [VariableDeclaration] in
            guard json.kind == .array else {
                context.report(.error, .invalidValue, "expected an array of variables, found \(json.kindDescription)")
                return []
            }
            var declarations: [VariableDeclaration] = []
            var names: Set<String> = []
            for (index, element) in json.elements.enumerated() {
                context.at(.index(index)) {
                    do throws(DecodingFailure) {
                        let declaration = try VariableDeclaration(json: element, context: context)
                        guard names.insert(declaration.name).inserted else {
                            context.report(
                                .error, .invalidValue, "the variable \"\(declaration.name)\" is declared twice; the first one is kept")
                            return
                        }
                        declarations.append(declaration)
                    } catch {
                        context.report(
                            DecodingFailure(code: error.code, message: "\(error.message); variable dropped", path: error.path),
                            severity: .error)
                    }
                }
            }
            return declarations
        }
    }
}

extension Node {
    /// Decodes a single node (a fragment, such as a patch's payload) from JSON bytes.
    ///
    /// ```swift
    /// let result = Node.decode(from: Array(#"{"type":"text","text":"Hi"}"#.utf8))
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) -> DecodeResult<Node> {
        switch JSONTape.parse(bytes, limits: options.limits) {
        case .success(let tape): withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
        case .failure(let diagnostic): DecodeResult(value: nil, diagnostics: [diagnostic])
        }
    }

    /// Decodes a single node from an already parsed JSON value.
    public static func decode(from json: JSONValue, options: DecodingOptions = .default) -> DecodeResult<Node> {
        let tape = JSONTape(json)
        return withExtendedLifetime(tape) { decode(from: tape.root, options: options) }
    }

    static func decode(from json: JSONElement, options: DecodingOptions) -> DecodeResult<Node> {
        let context = DecodingContext(options: options)
        let node = read(json, context: context)
        var diagnostics = context.diagnostics
        if node == nil, !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics.append(Diagnostic(.error, .droppedNode, at: .root, "the node could not be decoded"))
        }
        return DecodeResult(value: node, diagnostics: diagnostics)
    }
}

extension Screen: Codable {
    /// Decodes through Screenplay's resilient decoder; throws only when the screen is unusable.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        let result = Screen.decode(from: json)
        guard let screen = result.value else {
            let message = result.errors.map(\.description).joined(separator: "; ")
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        self = screen
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension Node: Codable {
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        let result = Node.decode(from: json)
        guard let node = result.value else {
            let message = result.errors.map(\.description).joined(separator: "; ")
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        self = node
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension JSONTape {
    /// Parses a document, turning a parse failure into the error diagnostic every decoder reports.
    static func parse(_ bytes: [UInt8], limits: DocumentLimits) -> Result<JSONTape, Diagnostic> {
        do throws(JSONParseError) {
            return .success(try JSONParser.tape(bytes, limits: limits))
        } catch {
            let limitCodes: [JSONParseError.Code] = [.tooDeep, .stringTooLong, .documentTooLarge]
            let code: Diagnostic.Code = limitCodes.contains(error.code) ? .limitExceeded : .malformedJSON
            return .failure(Diagnostic(.error, code, at: .root, error.description))
        }
    }
}

extension Action {
    /// Decodes one action (an intent answer's effect, for example) from a parsed JSON value. An
    /// unknown action type decodes to ``Action/unknown(type:raw:)`` with a warning.
    ///
    /// ```swift
    /// let result = Action.decode(from: ["type": "navigate", "url": "/home"])
    /// ```
    public static func decode(from json: JSONValue, options: DecodingOptions = .default) -> DecodeResult<Action> {
        let context = DecodingContext(options: options)
        do throws(DecodingFailure) {
            let tape = JSONTape(json)
            context.keep(tape)
            let action = try Action(json: tape.root, context: context)
            return DecodeResult(value: action, diagnostics: context.diagnostics)
        } catch {
            context.report(error)
            return DecodeResult(value: nil, diagnostics: context.diagnostics)
        }
    }
}
