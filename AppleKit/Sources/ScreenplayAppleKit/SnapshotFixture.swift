import Foundation
import Screenplay

/// One screen of the repository that the snapshot tests draw: a conformance case
/// (`Tests/Conformance/*.json`) or an example screen (`Examples/screens/*.json`).
///
/// A conformance case is `{"description": …, "values": {…}, "screen": {…}, "expect": […]}` (see
/// `Sources/ScreenplayTestSupport/Conformance/ConformanceCase.swift`, which is not a product, so the
/// files are read here); an example is a screen document. The screen is kept as the JSON a server
/// sends, minus its live stream: a snapshot is of a still screen.
///
/// ```swift
/// for fixture in try SnapshotFixture.conformanceCases() { … }
/// ```
public struct SnapshotFixture: Sendable {
    public enum Kind: String, Sendable {
        case conformance
        case example
    }

    public var kind: Kind
    /// The file's name without `.json` ("actions", "cities"): the snapshots' names start with it.
    public var name: String
    /// The screen document, as served.
    public var document: JSONValue
    /// Client values set on the screen once it is loaded (a conformance case's `values`).
    public var values: [String: JSONValue]

    /// The path the fixture is served at, relative to the server's screens (`/screens` + path).
    public var path: String { "/" + name }

    /// The document's bytes, as a server would send them.
    public var body: [UInt8] { JSONWriter.write(document) }

    public init(kind: Kind, name: String, document: JSONValue, values: [String: JSONValue] = [:]) {
        self.kind = kind
        self.name = name
        self.document = document
        self.values = values
    }

    // MARK: - The repository's fixtures

    /// The repository's root: this file is `AppleKit/Sources/ScreenplayAppleKit/SnapshotFixture.swift`.
    public static var repository: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // ScreenplayAppleKit
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // AppleKit
            .deletingLastPathComponent()
    }

    /// Every conformance case, by file name.
    public static func conformanceCases(in folder: URL = SnapshotFixture.repository.appendingPathComponent("Tests/Conformance")) throws
        -> [SnapshotFixture]
    {
        try jsonFiles(in: folder).map { file in
            let name = file.deletingPathExtension().lastPathComponent
            guard case .object(let members) = try parse(file), let screen = members["screen"] else {
                throw FixtureError(name: name, message: "a conformance case needs a \"screen\" object")
            }
            var values: [String: JSONValue] = [:]
            if case .object(let given)? = members["values"] { values = given }
            return try fixture(.conformance, name: name, screen: screen, values: values)
        }
    }

    /// Every example screen of the write-ups, by file name.
    public static func exampleScreens(in folder: URL = SnapshotFixture.repository.appendingPathComponent("Examples/screens")) throws
        -> [SnapshotFixture]
    {
        try jsonFiles(in: folder).map { file in
            try fixture(.example, name: file.deletingPathExtension().lastPathComponent, screen: try parse(file), values: [:])
        }
    }

    private static func jsonFiles(in folder: URL) throws -> [URL] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !files.isEmpty else {
            throw FixtureError(name: folder.path, message: "no .json files: is this a checkout of the repository?")
        }
        return files
    }

    private static func parse(_ file: URL) throws -> JSONValue {
        try JSONParser.parse(Array(try Data(contentsOf: file)))
    }

    /// The fixture for a screen document: checked to decode (a broken file fails here, by name,
    /// rather than as a picture of an error) and without its stream.
    private static func fixture(_ kind: Kind, name: String, screen: JSONValue, values: [String: JSONValue]) throws
        -> SnapshotFixture
    {
        guard case .object(var members) = screen else {
            throw FixtureError(name: name, message: "the screen is not a JSON object")
        }
        members["stream"] = nil
        let document = JSONValue.object(members)
        let decoded = Screen.decode(from: document)
        guard decoded.value != nil else {
            throw FixtureError(name: name, message: "the screen does not decode: \(decoded.diagnostics)")
        }
        return SnapshotFixture(kind: kind, name: name, document: document, values: values)
    }
}

/// A fixture that cannot be read or shown, with its name.
public struct FixtureError: Error, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }
}
