/// Escaping for HTML: every piece of text or attribute value a screen brings goes through here.
///
/// ```swift
/// HTMLText.escape("<b>\"Tom\" & 'Jerry'</b>")   // "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
/// ```
public enum HTMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`: safe in text and in quoted attribute values alike.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0 }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\u{0}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
