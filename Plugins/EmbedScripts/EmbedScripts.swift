import Foundation
import PackagePlugin

/// Embeds a target's `.js` files in its code at build time, so the scripts live in JavaScript files
/// (seen by editors, `node --check` and `node --test`) and are still served from the one binary.
///
/// Each file becomes a member of an internal `EmbeddedScripts` enum named after it, its text exactly,
/// written by the `ScriptEmbedder` tool as a Swift raw string literal (a literal compiles in a
/// moment; SwiftPM's `.embedInCode` writes a `[UInt8]` array literal that takes over a minute).
///
/// ```swift
/// .target(name: "ScreenplayHTML", plugins: ["EmbedScripts"])   // Sources/ScreenplayHTML/Scripts/runtime.js
/// EmbeddedScripts.runtime                                      // its text, in the module
/// ```
@main
struct EmbedScripts: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let scripts = target.sourceFiles(withSuffix: "js").map(\.url).sorted { $0.path < $1.path }
        guard !scripts.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedScripts.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(scripts.map(\.lastPathComponent).joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "ScriptEmbedder").url,
                arguments: [output.path] + scripts.map(\.path),
                inputFiles: scripts,
                outputFiles: [output])
        ]
    }
}
