import ArgumentParser
import ScreenplayDSL

/// `screenplay validate FILE...`: one line per finding, `FILE: PATH: error|warning: message`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check Screenplay documents against the format and its limits.",
        discussion:
            "Prints one line per finding as FILE: PATH: error|warning: message. Exits 0 when no file has errors (warnings allowed), 1 otherwise."
    )

    @Argument(help: "Documents to check, or folders whose .json files (at any depth) are checked.")
    var files: [String]

    @OptionGroup var limits: LimitOptions

    @Flag(help: "Do not report members the format does not define.")
    var ignoreUnknownFields = false

    func run() throws {
        var options = limits.decodingOptions
        options.reportsUnknownFields = !ignoreUnknownFields
        var errors = 0
        var warnings = 0
        let files = try DocumentFile.expanding(self.files)
        for file in files {
            let result = DocumentFile(path: file).decodeScreen(options: options)
            for diagnostic in result.diagnostics {
                print("\(file): \(diagnostic)")
                if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
            }
        }
        printError(
            "\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        )
        if errors > 0 { throw ExitCode(1) }
    }
}
