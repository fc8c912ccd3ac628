import Foundation
import ScreenplayDSL

/// The package root, found from this file's path, so tests read Examples/ wherever they run.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Decodes a screen document written inline, with `body` given as a JSON string.
func decodeScreen(body: String, extra: String = "", options: DecodingOptions = .default) -> DecodeResult<Screen> {
    Screen.decode(from: bytes(#"{"version":"1.0","id":"t",\#(extra)"body":\#(body)}"#), options: options)
}

/// The example screens of the three write-ups, each with the file it is checked in as.
let exampleScreens: [(file: String, screen: Screen)] = [
    ("requests", requestsScreen()),
    ("messages", messagesScreen()),
    ("cities", citiesScreen(exampleCities)),
    ("home", homeScreen(highlightPayments: false)),
    ("checkout-card", addCardScreen(step: 2, of: 3)),
    ("product", productScreen()),
]

extension Array where Element == Diagnostic {
    var rendered: String { map(\.description).joined(separator: "\n") }

    func at(_ path: String) -> [Diagnostic] { filter { $0.path.description == path } }
}
