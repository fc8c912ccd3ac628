import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// `GET /admin/slots` (`{"slots": […]}`: every slot with content, its current version) and
/// `GET /admin/slots/NAME/versions` (`{"versions": […]}`: one slot's, newest first); documents
/// left out.
///
/// ```swift
/// let history = try SlotList.decode(from: response.body).value?.versions.map(\.version.version)   // [3, 2, 1]
/// ```
public struct SlotList: AdminMessage, Hashable {
    public enum Key: String, JSONKey, CaseIterable {
        case slots, versions
    }

    /// What the list holds: ``Key/slots`` or ``Key/versions``.
    public var key: Key
    public var versions: [SlotVersionDocument]

    public init(_ key: Key, _ versions: [SlotVersion]) {
        self.key = key
        self.versions = versions.map { SlotVersionDocument($0, includesContent: false) }
    }

    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[key] = .array(versions.map(\.document))
        return .object(members)
    }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<SlotList> {
        let key: Key = json.objectValue?[Key.versions] != nil ? .versions : .slots
        var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("a list of slot versions"))
        let versions = reader.array(key) { element throws(ScreenplayError) in try SlotVersionDocument.decode(from: element) }
        var list = SlotList(key, [])
        list.versions = versions
        return reader.result(list)
    }
}
