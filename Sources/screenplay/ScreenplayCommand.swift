import ArgumentParser
import Screenplay

/// `screenplay`: check, describe and render Screenplay documents (and, later, serve them).
@main
struct ScreenplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenplay",
        abstract: "Server-driven UI for Swift: serve the demo, validate, describe and render Screenplay documents.",
        version: ScreenplayRelease.version,
        subcommands: [
            ServeCommand.self, OpenCommand.self, ValidateCommand.self, SchemaCommand.self, RenderCommand.self, AdminCommand.self,
            ExperimentsCommand.self, EvalCommand.self, FlagsCommand.self, CompatCommand.self,
        ]
    )
}
