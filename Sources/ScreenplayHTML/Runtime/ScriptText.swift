/// A script as it is served: a `.js` file embedded at build time (`EmbeddedScripts`, written by
/// the `EmbedScripts` plugin), without the file's last line feed, each `__NAME__` placeholder in it
/// replaced by the Swift data it stands for (a table as JSON, a header name), once, at startup.
/// The Node tests (`scripts/test-js`) fill the same placeholders from
/// `Tests/JavaScript/script-data.json`, which `ScriptDataTests` keeps equal to this data.
///
/// ```swift
/// ScriptText.served("const N = __N__;\n", filling: ["N": "19"])   // "const N = 19;"
/// ```
package enum ScriptText {
    /// `file` as served: its last line feed dropped, every `__KEY__` of `data` replaced by its value.
    /// A key whose placeholder the file lacks is a programming error (the file and the Swift side disagree).
    package static func served(_ file: String, filling data: [String: String] = [:]) -> String {
        var text = file.hasSuffix("\n") ? String(file.dropLast()) : file
        for key in data.keys.sorted() {
            let placeholder = "__\(key)__"
            precondition(text.contains(placeholder), "the script has no \(placeholder)")
            text = text.replacing(placeholder, with: data[key]!)
        }
        return text
    }
}
