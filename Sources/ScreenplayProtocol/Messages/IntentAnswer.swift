import Screenplay

/// What the server answers to an intent: `{"effects": [...], "screen": {...}, "stateToken": "…",
/// "version": "…"}`, or `"patch": {"base": …, "patch": …}` in place of `"screen"` when the server
/// still has the screen the client shows and the patch is smaller. Each member is there when the
/// handler gave it.
///
/// ```swift
/// let bytes = IntentAnswer(effects: [.navigate("/home")], stateToken: token).encoded()   // the server
/// let decoded = try IntentAnswer.decode(from: bytes, options: configuration.decodingOptions)  // the client
/// try decoded.get().effects    // [.navigate("/home")]
/// ```
public struct IntentAnswer: Sendable, Hashable {
    /// The new screen, whole or as a patch from the version the client showed.
    public enum Content: Sendable, Hashable {
        case screen(Screen)
        case patch(PatchEnvelope)
    }

    /// Actions for the client to run (open a screen, open a browser …).
    public var effects: [Action]
    public var content: Content?
    /// Server state, signed, for the next intent.
    public var stateToken: String?
    /// The version id of the new screen.
    public var version: String?

    public init(effects: [Action] = [], content: Content? = nil, stateToken: String? = nil, version: String? = nil) {
        self.effects = effects
        self.content = content
        self.stateToken = stateToken
        self.version = version
    }

    enum Key: String, JSONKey {
        case effects, patch, screen, stateToken, version
    }

    /// The answer's bytes.
    /// - Parameter screenBytes: the screen already encoded in the form this client reads (plain or
    ///   templated); without it a `.screen` content is encoded plain here.
    public func encoded(screenBytes: [UInt8]? = nil) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(Key.effects, effects.isEmpty ? nil : effects)
        switch content {
        case .patch(let envelope)?:
            writer.member(Key.patch, encoded: envelope.encoded())
        case .screen(let screen)?:
            if let screenBytes { writer.member(Key.screen, encoded: screenBytes) } else { writer.member(Key.screen, screen) }
        case nil:
            break
        }
        writer.member(Key.stateToken, stateToken)
        writer.member(Key.version, version)
        writer.endObject()
        return writer.bytes
    }
}

extension IntentAnswer: WireDecodable, ProtocolMessage {
    /// Reads an answer: the screen resiliently (its warnings come back as diagnostics, under
    /// `screen`), the effects one by one (a bad one costs itself, with an error under
    /// `effects[i]`), the patch exactly or not at all. Bytes that are not a JSON object throw a
    /// 502 `malformedAnswer`; an answer whose screen or patch cannot be used has no value.
    ///
    /// ```swift
    /// let result = try IntentAnswer.decode(from: Array(#"{"effects":[{"type":"navigate"}]}"#.utf8))
    /// result.value?.effects       // []
    /// result.errors.first?.path   // effects[0]
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<
        IntentAnswer
    > {
        guard case .object(let members)? = try? JSONParser.parse(bytes, limits: options.limits) else {
            throw ScreenplayError(.badGateway, code: "malformedAnswer", message: "the intent's answer is not a JSON object")
        }
        var answer = IntentAnswer(stateToken: members[Key.stateToken]?.stringValue, version: members[Key.version]?.stringValue)
        var diagnostics: [Diagnostic] = []
        var usable = true
        if let patch = members[Key.patch] {
            let decoded = PatchEnvelope.decode(from: patch, options: options)
            diagnostics += decoded.diagnostics(under: JSONPath([.key(Key.patch.name)]))
            if let envelope = decoded.value { answer.content = .patch(envelope) } else { usable = false }
        } else if let screen = members[Key.screen] {
            let decoded = Screen.decode(from: screen, options: options)
            if let value = decoded.value {
                answer.content = .screen(value)
            } else {
                usable = false
                diagnostics.append(
                    .error(
                        at: JSONPath([.key(Key.screen.name)]),
                        "the intent's screen could not be used: \(decoded.errors.first.map(String.init(describing:)) ?? "")",
                        code: .droppedNode))
            }
            diagnostics += decoded.diagnostics(under: JSONPath([.key(Key.screen.name)]))
        }
        if case .array(let effects)? = members[Key.effects] {
            for (index, effect) in effects.enumerated() {
                let decoded = Action.decode(from: effect, options: options)
                diagnostics += decoded.diagnostics(under: JSONPath([.key(Key.effects.name), .index(index)]))
                if let action = decoded.value { answer.effects.append(action) }
            }
        }
        return DecodeResult(value: usable ? answer : nil, diagnostics: diagnostics)
    }

    /// A 502 `malformedAnswer` naming the first problem: the server answered what this client
    /// cannot use.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError(.badGateway, code: "malformedAnswer", refusing: problems[0])
    }
}
