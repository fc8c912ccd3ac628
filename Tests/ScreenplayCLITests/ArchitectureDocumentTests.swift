import Foundation
import Testing

/// docs/ARCHITECTURE.md names every folder under `Sources/` once, in its module's part, and no
/// folder that is gone: a maintainer finds a file's place by reading it.
@Suite struct ArchitectureDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each module's part of "Every folder": from the line that opens with `` `Sources/Module` ``
    /// to the next such line or heading.
    static func parts() throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        guard let start = text.range(of: "## Every folder") else { return [:] }
        var parts: [String: String] = [:]
        var module: String?
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("`Sources/"), let end = line.dropFirst().firstIndex(of: "`") {
                module = String(line[line.index(line.startIndex, offsetBy: "`Sources/".count)..<end])
            }
            if let module { parts[module, default: ""] += line + "\n" }
        }
        return parts
    }

    /// The folders of `Sources/module`, relative to it (`Live`, `Runtime/Actions`), without DocC catalogs.
    static func folders(of module: String) throws -> [String] {
        let base = root.appendingPathComponent("Sources/\(module)")
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey])
        var folders: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { continue }
            if url.pathExtension == "docc" {
                enumerator?.skipDescendants()
                continue
            }
            folders.append(String(url.path.dropFirst(base.path.count + 1)))
        }
        return folders.sorted()
    }

    @Test func everyFolderUnderSourcesIsNamedOnceInItsModulesPart() throws {
        let parts = try Self.parts()
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path).sorted()
        #expect(!modules.isEmpty)
        for module in modules {
            guard let part = parts[module] else {
                Issue.record("docs/ARCHITECTURE.md has no part for `Sources/\(module)`")
                continue
            }
            for folder in try Self.folders(of: module) {
                let name = folder.split(separator: "/").last.map(String.init) ?? folder
                let mentions = part.components(separatedBy: "`\(name)/`").count - 1
                #expect(mentions >= 1, "docs/ARCHITECTURE.md does not name `Sources/\(module)/\(folder)/` in its module's part")
                let heads = part.split(separator: "\n").filter { $0.hasPrefix("- `\(name)/`") }.count
                #expect(heads <= 1, "docs/ARCHITECTURE.md lists `Sources/\(module)/\(folder)/` \(heads) times")
            }
        }
    }

    @Test func everyFolderTheDocumentNamesExists() throws {
        for (module, part) in try Self.parts() {
            let folders = Set(try Self.folders(of: module).map { $0.split(separator: "/").last.map(String.init) ?? $0 })
            // A folder is named as `Name/` in code voice.
            let named = part.split(separator: "`").filter { $0.hasSuffix("/") && !$0.contains(" ") && !$0.hasPrefix("Sources") }
            for name in named {
                #expect(
                    folders.contains(String(name.dropLast())),
                    "docs/ARCHITECTURE.md names `\(name)` in `Sources/\(module)`, which has no such folder")
            }
        }
    }
}
