/// Reads the members of one JSON object, reporting problems with their paths.
///
/// Required members throw a ``DecodingFailure`` (the enclosing node is dropped or replaced by its
/// fallback); optional members that are present but wrong are reported as warnings and ignored.
/// ``finish()`` reports members that nobody read as unknown fields.
///
/// Members are named by ``MemberKey``, the type the writer writes them with, so a misspelt
/// name does not compile.
struct ObjectReader {
    let members: [String: JSONValue]
    let context: DecodingContext
    private var readKeys: [MemberKey] = []
    private var presentReads = 0
    let describedAs: String

    init(_ members: [String: JSONValue], context: DecodingContext, describedAs: String) {
        self.members = members
        self.context = context
        self.describedAs = describedAs
    }

    /// Takes note that `key` belongs to the format without reading it.
    mutating func accept(_ key: MemberKey) {
        readKeys.append(key)
        if members[key] != nil { presentReads += 1 }
    }

    mutating func raw(_ key: MemberKey) -> JSONValue? {
        readKeys.append(key)
        let value = members[key]
        if value != nil { presentReads += 1 }
        return value
    }

    mutating func required<T: JSONReadable>(_ key: MemberKey, as type: T.Type = T.self) throws(DecodingFailure) -> T {
        guard let json = raw(key), json != .null else {
            throw context.failure(.missingField, "\(describedAs) is missing its required \"\(key.name)\"")
        }
        return try context.at(.key(key.name)) { () throws(DecodingFailure) -> T in try T(json: json, context: context) }
    }

    mutating func optional<T: JSONReadable>(_ key: MemberKey, as type: T.Type = T.self) -> T? {
        guard let json = raw(key), json != .null else { return nil }
        do throws(DecodingFailure) {
            return try context.at(.key(key.name)) { () throws(DecodingFailure) -> T in try T(json: json, context: context) }
        } catch {
            context.report(DecodingFailure(code: error.code, message: "\(error.message); ignored", path: error.path))
            return nil
        }
    }

    /// Reports members that were never read, when the options ask for it.
    func finish() {
        guard presentReads < members.count, context.options.reportsUnknownFields else { return }
        for key in members.keys.sorted() where MemberKey.byName[key].map(readKeys.contains) != true {
            context.at(.key(key)) {
                context.report(.warning, .unknownField, "\(describedAs) has no field \"\(key)\"; ignored")
            }
        }
    }
}
