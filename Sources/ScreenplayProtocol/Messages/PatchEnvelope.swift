import Screenplay

/// A patch with the version it applies to: `{"base": "3f9a…", "patch": {"ops": [...]}}`. A
/// stream's `patch` event carries one, and so does an intent's answer when the server still has
/// the screen the client shows.
///
/// ```swift
/// let bytes = PatchEnvelope(base: shownVersion, patch: ScreenPatch(from: shown, to: next)).encoded()
/// let envelope = try PatchEnvelope.decode(from: bytes).get()
/// let updated = try envelope.patch.apply(to: shown)
/// ```
public struct PatchEnvelope: Sendable, Hashable {
    /// The version the patch was made from; a client holding another one must not apply it.
    public var base: String
    public var patch: ScreenPatch

    public init(base: String, patch: ScreenPatch) {
        self.base = base
        self.patch = patch
    }

    enum Key: String, JSONKey {
        case base, patch
    }

    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(Key.base, base)
        writer.member(Key.patch, patch)
        writer.endObject()
    }
}

extension PatchEnvelope: WireDecodable, ProtocolMessage {
    /// Reads an envelope. Bytes that are not a JSON object throw a 502 `malformedPatch`; a
    /// missing member, or a patch this version cannot apply exactly, leaves no value and an
    /// error at its path (`patch.ops[2]`).
    ///
    /// ```swift
    /// let result = try PatchEnvelope.decode(from: Array(#"{"patch":{"ops":[]}}"#.utf8))
    /// result.errors.first?.path   // base
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<
        PatchEnvelope
    > {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: options.limits)
        } catch {
            throw malformed("the patch is not JSON: \(error)")
        }
        guard case .object = json else { throw malformed("a patch envelope is an object, not \(json.kindDescription)") }
        return decode(from: json, options: options)
    }

    /// Reads an envelope already parsed (an intent answer's member): a value that is not one is
    /// an error at the root, which the enclosing message places.
    static func decode(from json: JSONValue, options: DecodingOptions) -> DecodeResult<PatchEnvelope> {
        func refused(_ problems: [Diagnostic]) -> DecodeResult<PatchEnvelope> { DecodeResult(value: nil, diagnostics: problems) }
        guard case .object(let members) = json else {
            return refused([.error(at: .root, "a patch envelope is an object, not \(json.kindDescription)")])
        }
        guard case .string(let base)? = members[Key.base] else {
            return refused([.error(at: JSONPath([.key(Key.base.name)]), "a patch envelope needs a string \"base\"", code: .missingField)])
        }
        let patchPath = JSONPath([.key(Key.patch.name)])
        guard let patchJSON = members[Key.patch] else {
            return refused([.error(at: patchPath, "a patch envelope needs a \"patch\"", code: .missingField)])
        }
        let patch: DecodeResult<ScreenPatch>
        do {
            patch = try ScreenPatch.decode(from: patchJSON, options: options)
        } catch {
            return refused([error.under(patchPath)])
        }
        return DecodeResult(
            value: patch.value.map { PatchEnvelope(base: base, patch: $0) }, diagnostics: patch.diagnostics(under: patchPath))
    }

    /// A 502 `malformedPatch`: the server sent a patch this client cannot apply exactly.
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError(.badGateway, code: "malformedPatch", refusing: problems[0])
    }

    private static func malformed(_ message: String) -> ScreenplayError {
        ScreenplayError(.badGateway, code: "malformedPatch", message: message)
    }
}
