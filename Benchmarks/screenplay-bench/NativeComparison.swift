import BenchmarkScreens
import Foundation
import ScreenplayDSL
import ScreenplayDemo

/// Screenplay's side of `scripts/bench-native`: the gallery, the 1,000-item request list and the
/// home, as serde_json (Benchmarks/native/serde) and simdjson (Benchmarks/native/simdjson) handle
/// them, timed with the same loop and printed as the same lines.
enum NativeComparison {
    enum Mode: String {
        /// Writes each document plain (`NAME.plain.json`) and with templates (`NAME.json`).
        case documents
        /// Times build + encode, decode and parse of the documents written by `documents`.
        case native
    }

    /// The documents, each built as its server would build it: the home is adapted to a current
    /// app (which leaves out the fallbacks of the widgets it declared).
    static let documents: [(name: String, build: @Sendable () -> Screen)] = [
        ("gallery", { BenchmarkScreens.gallery() }),
        ("requests", { BenchmarkScreens.requestList() }),
        ("home", { DemoScreens.home().adapted(to: BenchmarkScreens.currentApp).screen }),
    ]

    static func writeDocuments(to directory: URL) throws {
        for document in documents {
            let screen = document.build()
            try Data(screen.encoded()).write(to: directory.appendingPathComponent("\(document.name).plain.json"))
            try Data(screen.encoded(templates: .automatic)).write(to: directory.appendingPathComponent("\(document.name).json"))
        }
    }

    static func time(documentsIn directory: URL, seconds: Double) {
        var operations: [(String, () -> Void)] = []
        for document in documents {
            guard let plain = try? [UInt8](Data(contentsOf: directory.appendingPathComponent("\(document.name).plain.json"))),
                let templated = try? [UInt8](Data(contentsOf: directory.appendingPathComponent("\(document.name).json")))
            else { fatalError("run `screenplay-bench documents \(directory.path)` first") }
            let build = document.build
            for (form, bytes) in [("", plain), (" templated", templated)] {
                let decoded = Screen.decode(from: bytes)
                guard decoded.value != nil, decoded.errors.isEmpty else { fatalError("\(document.name)\(form): \(decoded.diagnostics)") }
            }
            operations += [
                ("\(document.name) build+serialise", { consume(build().encoded()) }),
                ("\(document.name) build+serialise templated", { consume(build().encoded(templates: .automatic)) }),
                ("\(document.name) decode", { consume(Screen.decode(from: plain)) }),
                ("\(document.name) decode templated", { consume(Screen.decode(from: templated)) }),
                ("\(document.name) parse", { consume(try? JSONParser.validate(plain)) }),
            ]
        }
        timeSideBySide(operations, seconds: seconds)
    }
}
