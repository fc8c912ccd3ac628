/// The rule that names a screen's version from its strong entity tag, shared by the server (which
/// makes tags), and the client (which reads them and sends the version back with intents and
/// stream reconnections).
///
/// A version is the tag without quotes. Other representations of the same version carry a mark
/// after it: `-t` for the templated form (format 1.1), `-gz` for the gzipped bytes.
///
/// ```swift
/// EntityTag.version(of: "\"3f9a…-t\"")     // "3f9a…"
/// EntityTag.templated("\"3f9a…\"")         // "\"3f9a…-t\""
/// ```
public enum EntityTag {
    /// The version a tag names: without `W/`, quotes and representation marks.
    public static func version(of tag: String) -> String {
        var text = Substring(tag)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\"") { text = text.dropFirst() }
        if text.hasSuffix("\"") { text = text.dropLast() }
        return String(text.prefix { $0 != "-" })
    }

    /// The strong tag of a version: the version quoted.
    public static func tag(ofVersion version: String) -> String {
        "\"\(version)\""
    }

    /// The tag of the templated form of the representation tagged `plainTag`.
    public static func templated(_ plainTag: String) -> String {
        marked(plainTag, "t")
    }

    /// The tag of the gzipped bytes of the representation tagged `tag`.
    public static func gzipped(_ tag: String) -> String {
        marked(tag, "gz")
    }

    private static func marked(_ tag: String, _ mark: String) -> String {
        guard tag.hasSuffix("\"") else { return tag + "-" + mark }
        return String(tag.dropLast()) + "-" + mark + "\""
    }
}
