import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// A slot's version as the admin API gives it: who published it, when and why, and (reading one
/// version) the document itself; a dry run says so, with what each client of the census would
/// lose of it (`compatibility`, a ``CompatibilityReport`` of that one slot).
///
/// ```json
/// {"slot": "home.promo", "version": 3, "author": "alice", "publishedAt": "2025-06-15T14:26:40Z",
///  "note": "rollback to 1", "document": {"content": {…}}}
/// ```
///
/// ```swift
/// let current = try SlotVersionDocument.decode(from: response.body).value?.version
/// ```
public struct SlotVersionDocument: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case slot, version, author, publishedAt, note, document, dryRun, compatibility
    }

    public var version: SlotVersion
    /// Whether the document is given (one version asked for) or left out (lists, answers to a publish).
    public var includesContent: Bool
    /// A publish that was only checked: the version it would have become.
    public var dryRun: Bool
    /// A dry run's: what each client of the census would lose of the document.
    public var compatibility: CompatibilityReport?

    public init(_ version: SlotVersion, includesContent: Bool, dryRun: Bool = false, compatibility: CompatibilityReport? = nil) {
        self.version = version
        self.includesContent = includesContent
        self.dryRun = dryRun
        self.compatibility = compatibility
    }

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.slot] = .string(version.slot)
        members[Key.version] = .number(Double(version.version))
        members[Key.author] = .string(version.author)
        members[Key.publishedAt] = .string(AdminTimestamp.string(version.publishedAt))
        members[Key.note] = version.note.map(JSONValue.string)
        if includesContent { members[Key.document] = try? JSONParser.parse(Array(version.document.utf8)) }
        if dryRun { members[Key.dryRun] = .bool(true) }
        if let compatibility { members[Key.compatibility] = compatibility.document }
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<SlotVersionDocument> {
        var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("a slot's version"))
        let slot = reader.string(.slot) ?? ""
        let number = reader.integer(.version) ?? 0
        let author = reader.string(.author) ?? ""
        let publishedAt = reader.timestamp(.publishedAt) ?? 0
        let note = reader.string(.note, optional: true)
        let content = reader.value(.document, optional: true)
        let dryRun = reader.bool(.dryRun, optional: true) ?? false
        var compatibility: CompatibilityReport?
        if let json = reader.value(.compatibility, optional: true) {
            let read = try CompatibilityReport.decode(from: json)
            compatibility = read.value
            if read.value == nil {
                return DecodeResult(
                    value: nil,
                    diagnostics: read.diagnostics.map {
                        Diagnostic($0.severity, $0.code, at: JSONPath([.key(Key.compatibility.name)] + $0.path.components), $0.message)
                    })
            }
        }
        let version = SlotVersion(
            slot: slot, version: number, document: content.map { String(decoding: JSONWriter.write($0), as: UTF8.self) } ?? "",
            author: author, publishedAt: publishedAt, note: note)
        return reader.result(SlotVersionDocument(version, includesContent: content != nil, dryRun: dryRun, compatibility: compatibility))
    }
}
