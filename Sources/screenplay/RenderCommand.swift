import ArgumentParser
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayPresentation

/// `screenplay render FILE --format outline`: shows what a document describes.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a Screenplay document.",
        discussion:
            "Problems found while decoding go to standard error; exits 1 when one is an error (the rendering is still written) or the document cannot be shown."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// An indented outline, one node a line.
        case outline
        /// The canonical JSON: sorted keys, two-space indentation.
        case json
        /// A standalone web page: styles inline, allowed by hash in its Content-Security-Policy, no script.
        case html
    }

    @Option(
        help: """
            The language the document's text is written in: the page's lang attribute, with --format html. \
            Documents are not translated here; a server writes each language's text (curl -H 'Accept-Language: fr' …).
            """)
    var lang = "en"

    @Argument(help: "The document to render.")
    var file: String

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .outline

    @Flag(help: "With --format json: write repeated nodes once as templates (format 1.1).")
    var templates = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if templates, format != .json { throw ValidationError("--templates applies to --format json only") }
        if lang != "en", format != .html { throw ValidationError("--lang applies to --format html only") }
    }

    func run() throws {
        let result = DocumentFile(path: file).decodeScreen(options: limits.decodingOptions)
        for diagnostic in result.diagnostics {
            printError("\(file): \(diagnostic)")
        }
        guard let screen = result.value else { throw ExitCode(1) }
        switch format {
        case .outline: print(OutlineRenderer.render(screen), terminator: "")
        case .json:
            let bytes = screen.encoded(layout: .pretty, templates: templates ? .automatic : .none)
            print(String(decoding: bytes, as: UTF8.self), terminator: "")
        case .html:
            // Adapted to what the web renderer draws: app-defined components show their fallbacks.
            let web = HTMLRenderer().capabilities
            print(HTMLPage(screen: screen.adapted(to: web).screen, language: lang).html, terminator: "")
        }
        // What it printed as an error (a duplicate id: two elements of the page share it) fails the command.
        if result.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
