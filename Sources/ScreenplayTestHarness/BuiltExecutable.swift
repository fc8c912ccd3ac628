import Foundation

/// The executables this package builds, found next to the tests that run them (SwiftPM puts
/// products and test bundles in one folder).
///
///     let screenplay = try #require(BuiltExecutable.path(of: "screenplay"), "the screenplay executable was not built")
///     let result = try await ChildProcess.run(screenplay, ["validate", "screen.json"])
public enum BuiltExecutable {
    /// The path of the executable `name` built next to the tests, or nil when it was not built.
    public static func path(of name: String) -> String? {
        let folders = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return folders.map { $0.appendingPathComponent(name).path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
