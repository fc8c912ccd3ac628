import ArgumentParser

/// `screenplay`: check, describe and render Screenplay documents (and, later, serve them).
@main
struct ScreenplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenplay",
        abstract: "Server-driven UI for Swift: validate, describe and render Screenplay documents.",
        subcommands: [ValidateCommand.self, SchemaCommand.self, RenderCommand.self]
    )
}
