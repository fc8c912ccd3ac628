import ArgumentParser
import ScreenplayDSL

/// `screenplay schema`: the JSON Schema (draft 2020-12) of the format.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the Screenplay format."
    )

    func run() throws {
        print(String(decoding: JSONWriter.write(FormatSchema.document, layout: .pretty), as: UTF8.self), terminator: "")
    }
}
