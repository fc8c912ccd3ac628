import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// `GET /admin/audit`: changes, newest first, each with who, when, what, and the stored value
/// before and after (as JSON).
///
/// ```json
/// {"entries": [{"id": 7, "at": "2025-06-15T14:26:40Z", "actor": "alice", "action": "publish",
///               "target": "slot:home.promo", "before": {…}, "after": {…}}]}
/// ```
///
/// ```swift
/// let actors = try AuditLog.decode(from: response.body).value?.entries.map(\.actor)
/// ```
public struct AuditLog: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case entries
    }

    /// An entry's members.
    public enum EntryKey: String, JSONKey, CaseIterable {
        case id, at, actor, action, target, before, after
    }

    public var entries: [AuditEntry]

    public init(entries: [AuditEntry]) {
        self.entries = entries
    }

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.entries] = .array(entries.map(Self.document))
        return .object(members)
    }

    static func document(_ entry: AuditEntry) -> JSONValue {
        var members: [String: JSONValue] = [:]
        members[EntryKey.id] = .number(Double(entry.id))
        members[EntryKey.at] = .string(AdminTimestamp.string(entry.at))
        members[EntryKey.actor] = .string(entry.actor)
        members[EntryKey.action] = .string(entry.action)
        members[EntryKey.target] = .string(entry.target)
        members[EntryKey.before] = entry.before.flatMap { try? JSONParser.parse(Array($0.utf8)) }
        members[EntryKey.after] = entry.after.flatMap { try? JSONParser.parse(Array($0.utf8)) }
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<AuditLog> {
        var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("an audit log"))
        let entries = reader.array(.entries) { element throws(ScreenplayError) in try Self.entry(element) }
        return reader.result(AuditLog(entries: entries))
    }

    static func entry(_ json: JSONValue) throws(ScreenplayError) -> DecodeResult<AuditEntry> {
        var reader = try MessageReader<EntryKey>(json, notAnObject: AdminMessages.notAnObject("an audit entry"))
        func text(_ value: JSONValue?) -> String? { value.map { String(decoding: JSONWriter.write($0), as: UTF8.self) } }
        let entry = AuditEntry(
            id: reader.integer(.id) ?? 0, at: reader.timestamp(.at) ?? 0, actor: reader.string(.actor) ?? "",
            action: reader.string(.action) ?? "", target: reader.string(.target) ?? "", before: text(reader.value(.before, optional: true)),
            after: text(reader.value(.after, optional: true)))
        return reader.result(entry)
    }
}
