import Screenplay

/// A patch with the version it applies to: `{"base": "3f9a…", "patch": {"ops": [...]}}`. A
/// stream's `patch` event carries one, and so does an intent's answer when the server still has
/// the screen the client shows.
///
/// ```swift
/// let bytes = PatchEnvelope(base: shownVersion, patch: ScreenPatch(from: shown, to: next)).encoded()
/// let envelope = try PatchEnvelope.decode(from: bytes)
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

    /// Reads an envelope; a patch this version cannot apply exactly is refused.
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> PatchEnvelope {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: options.limits)
        } catch {
            throw Self.malformed("the patch is not JSON: \(error)")
        }
        return try decode(from: json, options: options)
    }

    static func decode(from json: JSONValue, options: DecodingOptions) throws(ScreenplayError) -> PatchEnvelope {
        guard case .object(let members) = json else { throw malformed("a patch envelope is an object, not \(json.kindDescription)") }
        guard case .string(let base)? = members[Key.base] else { throw malformed("a patch envelope needs a string \"base\"", at: .base) }
        guard let patchJSON = members[Key.patch] else { throw malformed("a patch envelope needs a \"patch\"", at: .patch) }
        switch ScreenPatch.decode(from: patchJSON, options: options) {
        case .success(let patch): return PatchEnvelope(base: base, patch: patch)
        case .failure(let error): throw malformed(error.message, at: .patch)
        }
    }

    private static func malformed(_ message: String, at key: Key? = nil) -> ScreenplayError {
        ScreenplayError(.badGateway, code: "malformedPatch", message: message, path: key?.name)
    }
}
