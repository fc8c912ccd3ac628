import Foundation
import ScreenplayDSL
import Testing

/// The emitted JSON Schema describes exactly what the encoder writes, and a real validator
/// (Python's jsonschema) accepts every example and refuses broken documents.
@Suite struct SchemaTests {
    static let definitions = FormatSchema.document["$defs"]?.objectValue ?? [:]

    static func propertyNames(_ definition: String) -> Set<String> {
        Set(definitions[definition]?["properties"]?.objectValue?.keys.map { $0 } ?? [])
    }

    /// One node of every built-in kind with every optional field set.
    static let fullySpecified: [Node] = [
        VStack(alignment: .leading, spacing: 1) { Spacer() }.node,
        HStack(alignment: .top, spacing: 1) { Spacer() }.node,
        ZStack(alignment: .top) { Spacer() }.node,
        Scroll(.horizontal, spacing: 1) { Spacer() }.node,
        List { Section("t", id: "s") { Spacer() } }.node,
        Spacer(minLength: 1).node,
        Divider(color: "#000", thickness: 2).node,
        Carousel(spacing: 1, itemWidth: 100) { Spacer() }.node,
        Grid(columns: 2, spacing: 1) { Spacer() }.node,
        StateSwitch(variable: "tab") { Spacer().id("a") }.node,
        Text("t", size: 1, attributes: TextAttributes(size: 1, weight: .bold, color: "#000", alignment: .center, lineLimit: 2)).node,
        RichText("<em>t</em>", attributes: TextAttributes(size: 1, weight: .bold, color: "#000", alignment: .center, lineLimit: 2)).node,
        Image("/i.png", width: 1, height: .fill, contentMode: .fill, placeholderColor: "#000").node,
        Rectangle(width: 1, height: 2, color: "#000", cornerRadius: 3).node,
        Badge("b", color: "#000", background: "#fff").node,
        Button("b", variant: .secondary, enabled: false).node,
        TextField(
            key: "k", label: "l", placeholder: "p", keyboard: .email, secure: true, autofill: .email,
            rules: [.required(message: "m")], mask: .card
        ).node,
        Toggle("t", key: "k").node,
        GenericItem(
            layout: .message, imageURL: "/a.png", title: "t", subtitle: "s", topRightDetail: "r", detail: "d",
            bottomLeftDetail: "l", bottomRightDetail: "r", url: "/u"
        ).node,
    ]

    @Test func everyBuiltInKindHasADefinitionMatchingWhatTheEncoderWrites() throws {
        #expect(Set(Self.fullySpecified.compactMap(\.component.kind)) == Set(ComponentKind.allCases))
        let common = Self.propertyNames("node")
        for node in Self.fullySpecified {
            let written = Set(node.json.objectValue?.keys.map { $0 } ?? [])
            let defined = Self.propertyNames(node.type)
            #expect(written.subtracting(["type"]) == defined.subtracting(common), "\(node.type): the schema and the encoder disagree")
            #expect(defined.isSuperset(of: common), "\(node.type) must allow every common node member")
        }
    }

    @Test func noComponentReusesACommonMemberName() {
        // A component field named like a common one ("style", "id" …) would be ambiguous on the wire.
        let common = Set(["type", "id", "action", "fallback", "accessibilityLabel", "visibleWhen", "style", "bindings", "motion"])
        #expect(Self.propertyNames("node") == common)
        for node in Self.fullySpecified {
            var bare = node
            bare.id = nil
            let own = Set(bare.json.objectValue?.keys.map { $0 } ?? []).subtracting(["type"])
            #expect(own.isDisjoint(with: common), "\(node.type) reuses \(own.intersection(common))")
        }
    }

    @Test func everyActionTypeHasADefinition() {
        for type in Action.knownTypes {
            #expect(Self.definitions["action.\(type)"] != nil, "no schema for action \(type)")
        }
    }

    /// Action type names are spelt once, in `ActionKind`: the schema, the capability list and the
    /// decoder all read them from it.
    @Test func actionNamesAreTheActionKinds() throws {
        let kinds = Set(ActionKind.allCases.map(\.rawValue))
        let defined = Set(Self.definitions.keys.filter { $0.hasPrefix("action.") }.map { String($0.dropFirst("action.".count)) })
        #expect(defined == kinds)
        let tagged = Self.definitions["action"]?["allOf"]?.arrayValue?.count
        #expect(tagged == kinds.count)
        #expect(ClientCapabilities.full.actions == kinds)
        #expect(ClientCapabilities.base.actions.isSubset(of: kinds))
        #expect(Set(Action.knownTypes) == kinds)
        let samples: [Action] = [
            .navigate("/a"), .open("https://example.com"), .intent("go"), .back, .dismiss, .present("/p"), .setState("k", 1),
            try .set("k", to: "@{k + 1}"), .validate(), .timer("t", .start),
            .reload, .sequence([.back]), .track("t"),
        ]
        #expect(Set(samples.compactMap(\.kind)) == Set(ActionKind.allCases))
        for action in samples {
            #expect(action.type == action.kind?.rawValue)
            let decoded = try #require(Action.decode(from: try JSONParser.parse(action.encoded())).value)
            #expect(decoded.kind == action.kind)
        }
        #expect(Action.decode(from: ["type": "teleport"]).value?.kind == nil)
    }

    static var python: String? {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["SCREENPLAY_PYTHON"], packageRoot.appendingPathComponent(".venv/bin/python").path].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `scripts/test` sets SCREENPLAY_REQUIRE_PYTHON so that a missing validator fails instead of skipping.
    static var pythonAvailableOrRequired: Bool {
        python != nil || ProcessInfo.processInfo.environment["SCREENPLAY_REQUIRE_PYTHON"] != nil
    }

    @Test(.enabled(if: pythonAvailableOrRequired, "needs the Python venv with jsonschema: run scripts/test"))
    func examplesPassTheSchemaUnderARealValidatorAndBrokenDocumentsDoNot() throws {
        let python = try #require(Self.python, "no Python venv with jsonschema; run scripts/test")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        try Data(JSONWriter.write(FormatSchema.document, layout: .pretty)).write(to: schema)

        let examples = exampleScreens.map { packageRoot.appendingPathComponent("Examples/screens/\($0.file).json").path }
        let broken: [String: String] = [
            "no-body": #"{"version":"1.0","id":"x"}"#,
            "text-without-text": #"{"version":"1.0","id":"x","body":{"type":"text"}}"#,
            "bad-colour": #"{"version":"1.0","id":"x","body":{"type":"rectangle","color":"red"}}"#,
            "javascript-url":
                #"{"version":"1.0","id":"x","body":{"type":"text","text":"x","action":{"type":"navigate","url":"javascript:alert(1)"}}}"#,
            "unknown-member": ##"{"version":"1.0","id":"x","body":{"type":"text","text":"x","colour":"#fff"}}"##,
            "grid-columns": #"{"version":"1.0","id":"x","body":{"type":"grid","columns":13,"children":[]}}"#,
            "nested-bad-child": #"{"version":"1.0","id":"x","body":{"type":"vstack","children":[{"type":"button"}]}}"#,
            "motion-unknown-effect": #"{"version":"1.3","id":"x","body":{"type":"text","text":"x","motion":{"enter":{"flip":true}}}}"#,
            "motion-unknown-curve": #"{"version":"1.3","id":"x","body":{"type":"text","text":"x","motion":{"exit":{"curve":"wobble"}}}}"#,
            "motion-long": #"{"version":"1.3","id":"x","body":{"type":"text","text":"x","motion":{"change":{"duration":60000}}}}"#,
        ]
        var brokenPaths: [String] = []
        for (name, document) in broken.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent("\(name).json")
            try Data(document.utf8).write(to: url)
            brokenPaths.append(url.path)
        }
        // App-defined widgets may carry any members, and unknown actions are allowed.
        let openEnded = directory.appendingPathComponent("open-ended.json")
        try Data(#"{"version":"1.0","id":"x","body":{"type":"BANNER","anything":[1,2],"action":{"type":"teleport","to":"mars"}}}"#.utf8)
            .write(to: openEnded)

        // Every screen of the shared motion cases uses the motion members as documented.
        var moving: [String] = []
        let cases = try JSONParser.parse(
            Array(try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Conformance/motion/cases.json"))))
        for (index, entry) in (cases.arrayValue ?? []).enumerated() {
            let url = directory.appendingPathComponent("motion-case-\(index).json")
            try Data(JSONWriter.write(try #require(entry["screen"]))).write(to: url)
            moving.append(url.path)
        }
        #expect(moving.count >= 7)
        let output = try run(
            python,
            [packageRoot.appendingPathComponent("scripts/check_schema.py").path, schema.path] + examples + moving + [openEnded.path]
                + brokenPaths)
        let lines = output.split(separator: "\n").map(String.init)
        for path in examples + moving + [openEnded.path] {
            #expect(lines.contains("ok \(path)"), "\(path) fails the schema:\n\(output)")
        }
        for path in brokenPaths {
            #expect(lines.contains { $0.hasPrefix("invalid \(path):") }, "\(path) passes the schema:\n\(output)")
        }
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the validator failed: is the schema itself valid?")
        return String(decoding: data, as: UTF8.self)
    }
}
