import ScreenplayDSL

/// The screens the server itself writes: the index of its screens and the page of an error. Both
/// are ordinary screens, so an app reads them as documents and a browser gets them as pages drawn
/// by the same web renderer.
enum ServerPages {
    /// Every screen whose path has no parameter, as a link.
    static func index(of table: RouteTable) -> Screen {
        let paths = table.screens.filter { !$0.pattern.description.contains(":") && !$0.pattern.description.contains("*") }
            .map(\.pattern.description).sorted()
        return Screen(id: "screenplay.index", title: "Screens") {
            VStack(alignment: .leading, spacing: 12) {
                Text("The screens this server serves, as documents to apps and as pages to browsers.")
                for path in paths {
                    Button("/screens/" + path, variant: .secondary, action: .navigate("/" + path)).id("screen.\(path)")
                }
            }
            .padding(16)
        }
    }

    /// What went wrong, in words, with a way back to the index.
    static func error(_ error: ScreenplayError) -> Screen {
        Screen(id: "screenplay.error", title: "\(error.status.code) \(error.status.reasonPhrase)") {
            VStack(alignment: .leading, spacing: 12) {
                Text(error.message)
                Button("All screens", variant: .secondary, action: .navigate("/screens")).id("index")
            }
            .padding(16)
        }
    }
}
