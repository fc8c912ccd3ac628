import Foundation
import Testing

/// `screenplay --version` says the release CHANGELOG.md lists newest: one number, kept in
/// `ScreenplayRelease.version`, which a release moves with its CHANGELOG section.
@Suite struct VersionTests {
    struct NoRelease: Error, CustomStringConvertible {
        var description: String { "CHANGELOG.md names no release (## MAJOR.MINOR.PATCH)" }
    }

    /// The newest release CHANGELOG.md names: its first `## MAJOR.MINOR.PATCH` heading (an
    /// `## Unreleased` section above it is not a release).
    static func newestChangelogRelease() throws -> String {
        let changelog = try String(contentsOf: CLITests.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for line in changelog.split(separator: "\n") where line.hasPrefix("## ") {
            let word = line.dropFirst(3).prefix { !$0.isWhitespace }
            let parts = word.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) { return String(word) }
        }
        throw NoRelease()
    }

    @Test func theVersionIsTheChangelogsNewestRelease() async throws {
        let newest = try Self.newestChangelogRelease()
        let run = try await CLITests().screenplay("--version")
        #expect(run.status == 0)
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == newest, "CHANGELOG.md's newest release is \(newest)")
    }

    /// What a user depends on, as the CHANGELOG's preamble and the README write it, is the newest
    /// release too.
    @Test func theDocsSayToDependOnTheNewestRelease() throws {
        let newest = try Self.newestChangelogRelease()
        for file in ["CHANGELOG.md", "README.md"] {
            let text = try String(contentsOf: CLITests.packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("from: \"\(newest)\")"), "\(file)'s .package(url:from:) names \(newest)")
        }
    }
}
