import ScreenplayDSL
import ScreenplayTestSupport
import Testing

@Suite struct PatchTests {
    /// The promise a stream rests on: for random screens a and b, applying diff(a, b) to a gives b
    /// exactly, and so does the patch after a trip through its JSON.
    @Test func applyingTheDiffGivesTheNewScreenExactly() throws {
        var generator = ScreenGenerator(random: SplitMix64(seed: 6))
        var byOperations = 0
        for round in 0..<600 {
            let old = generator.screen()
            let new = round % 4 == 0 ? generator.screen() : generator.mutated(old)
            let patch = ScreenPatch(from: old, to: new)
            #expect(try patch.apply(to: old) == new, "round \(round)")
            let decoded = try ScreenPatch.decode(from: patch.encoded()).get()
            #expect(try decoded.apply(to: old) == new, "round \(round) after encoding")
            if case .operations = patch.content { byOperations += 1 }
        }
        // Most edits are patched, not resent whole.
        #expect(byOperations > 300, "\(byOperations) of 600 were operations")
    }

    @Test func identicalScreensGiveAnEmptyPatch() {
        var generator = ScreenGenerator(random: SplitMix64(seed: 7))
        let screen = generator.screen()
        let patch = ScreenPatch(from: screen, to: screen)
        #expect(patch.isEmpty)
        #expect(String(decoding: patch.encoded(), as: UTF8.self) == #"{"ops":[]}"#)
    }

    @Test func keyedChildrenMoveInsteadOfBeingResent() throws {
        let rows = (0..<20).map { Text("row \($0) with enough text to be worth keeping").id("row\($0)") }
        let old = Screen(id: "s", body: VStack(children: rows.map(\.node)).node)
        var reordered = rows
        reordered.swapAt(2, 15)
        reordered.remove(at: 7)
        reordered.insert(Text("new").id("new"), at: 0)
        let new = Screen(id: "s", body: VStack(children: reordered.map(\.node)).node)
        let patch = ScreenPatch(from: old, to: new)
        #expect(try patch.apply(to: old) == new)
        let text = String(decoding: patch.encoded(), as: UTF8.self)
        #expect(patch.operations.count <= 4, "\(text)")
        #expect(!text.contains("row 3"), "unchanged rows are not sent: \(text)")
    }

    @Test func nodesWithoutIDsAreAddressedFromTheirNearestIdentifiedAncestor() throws {
        let old = Screen(id: "s") {
            VStack {
                HStack {
                    Text("a")
                    Text("b")
                }.id("card")
            }
        }
        let new = Screen(id: "s") {
            VStack {
                HStack {
                    Text("a")
                    Text("B")
                }.id("card")
            }
        }
        let patch = ScreenPatch(from: old, to: new)
        #expect(patch.operations == [.update(NodeAddress(anchor: "card", path: [1]), set: ["text": "B"], unset: [])])
        #expect(String(decoding: patch.encoded(), as: UTF8.self) == #"{"ops":[{"id":"card","op":"update","path":[1],"set":{"text":"B"}}]}"#)
        #expect(try patch.apply(to: old) == new)
    }

    @Test func aPatchForAnotherScreenFailsInsteadOfGuessing() {
        let patch = ScreenPatch(.operations([.remove(NodeAddress(anchor: "gone"))]))
        #expect(throws: PatchError.self) { try patch.apply(to: Screen(id: "s", body: Text("x").node)) }
        #expect(throws: PatchError.self) {
            try ScreenPatch(.operations([.insert(parent: NodeAddress(anchor: nil), index: 5, node: Text("x").node)])).apply(
                to: Screen(id: "s") { VStack { Text("a") } })
        }
        if (try? ScreenPatch.decode(from: Array(#"{"ops":[{"op":"explode"}]}"#.utf8)))?.value != nil {
            Issue.record("an unknown operation was accepted")
        }
    }

    /// A patch is read in the one shape of every reader: a part it cannot apply exactly is an
    /// error at its path and no value; bytes that are not a patch at all throw.
    @Test func aPatchReportsWhatItCannotReadAtItsPath() throws {
        let unknown = try ScreenPatch.decode(from: Array(#"{"ops":[{"op":"remove","id":"a"},{"op":"explode"}]}"#.utf8))
        #expect(unknown.value == nil)
        #expect(unknown.errors.map(\.path) == ["ops[1]"])
        let badScreen = try ScreenPatch.decode(from: Array(#"{"screen":{"id":"s"}}"#.utf8))
        #expect(badScreen.errors.first?.path == "screen")
        #expect(badScreen.errors.dropFirst().allSatisfy { $0.path.components.first == .key("screen") })
        #expect(try ScreenPatch.decode(from: Array("{}".utf8)).errors.first?.code == .missingField)
        #expect(throws: Diagnostic.self) { try ScreenPatch.decode(from: Array("[]".utf8)) }
        let notJSON = #expect(throws: Diagnostic.self) { try ScreenPatch.decode(from: Array("ops".utf8)) }
        #expect(notJSON?.code == .malformedJSON)
        #expect(throws: Diagnostic.self) { try unknown.get() }
    }

    /// Screens and nodes share the shape; they never refuse, reporting even "not JSON" as a diagnostic.
    @Test func everyReaderHasTheSameShape() throws {
        func read<Message: WireDecodable>(_: Message.Type, _ json: String) throws(Message.Refusal) -> DecodeResult<Message> {
            try Message.decode(from: Array(json.utf8), options: .default)
        }
        #expect(read(Screen.self, "nope").errors.first?.code == .malformedJSON)
        #expect(read(Node.self, #"{"type":"text","text":"Hi"}"#).value == Text("Hi").node)
        let patch = ScreenPatch(from: Screen(id: "s", body: Text("a").node), to: Screen(id: "s", body: Text("b").node))
        #expect(try read(ScreenPatch.self, String(decoding: patch.encoded(), as: UTF8.self)).get() == patch)
    }
}
