import Foundation

/// The `EmbedScripts` plugin's tool: writes JavaScript files as one Swift file, each file a
/// `static let` of an internal `EmbeddedScripts` enum named after it (`web-runtime.js` is
/// `webRuntime`), its text exactly, as a raw string literal with as many `#` as it needs.
///
/// ```sh
/// ScriptEmbedder EmbeddedScripts.swift Scripts/runtime.js Scripts/inputs.js
/// ```
///
/// A file that is not UTF-8, holds a carriage return (a multi-line literal reads it as a line
/// feed: the bytes would change) or whose name is not a Swift name fails the build.
@main
struct ScriptEmbedder {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let output = arguments.first, arguments.count > 1 else {
            fail("usage: ScriptEmbedder <output.swift> <script.js>…")
        }
        var swift = "// Written at build time by ScriptEmbedder (Plugins/EmbedScripts) from the target's .js files.\n"
        swift += "enum EmbeddedScripts {\n"
        for path in arguments.dropFirst() {
            swift += member(for: URL(fileURLWithPath: path))
        }
        swift += "}\n"
        do {
            try swift.write(to: URL(fileURLWithPath: output), atomically: true, encoding: .utf8)
        } catch {
            fail("cannot write \(output): \(error)")
        }
    }

    /// `    static let name = #"""…"""#`, the literal's value exactly the file's text.
    static func member(for file: URL) -> String {
        guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else {
            fail("\(file.path): not a UTF-8 text file")
        }
        guard !text.utf8.contains(UInt8(ascii: "\r")) else {
            fail("\(file.path): holds a carriage return; save it with line feeds only")
        }
        let name = swiftName(file.deletingPathExtension().lastPathComponent)
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first),
            name.unicodeScalars.allSatisfy({ $0 == "_" || CharacterSet.alphanumerics.contains($0) })
        else {
            fail("\(file.path): its name makes no Swift name")
        }
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        // The line feed before the closing delimiter is not part of a multi-line literal's value.
        return "    /// \(file.lastPathComponent)\n    static let \(name) = \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)\n"
    }

    /// `web-runtime` → `webRuntime`.
    static func swiftName(_ fileName: String) -> String {
        let words = fileName.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == " " })
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ScriptEmbedder: \(message)\n".utf8))
        exit(1)
    }
}
