import HTTPTypes
import Screenplay
import ScreenplayProtocol
import Testing

/// Every message of the protocol is read in one shape: `decode(from:options:)` gives the value and
/// every problem at its path, and throws only when the bytes are not that message at all.
@Suite struct ReaderShapeTests {
    static func bytes(_ json: String) -> [UInt8] { Array(json.utf8) }

    /// A reader used through the protocol alone, as generic code (a fuzzer, a CLI) would.
    static func read<Message: WireDecodable>(_: Message.Type, _ json: String) throws(Message.Refusal) -> DecodeResult<Message> {
        try Message.decode(from: bytes(json), options: .default)
    }

    @Test func intentRequests() throws {
        let result = try Self.read(IntentRequest.self, #"{"name":"go","state":[],"extra":1}"#)
        #expect(result.value == nil)
        #expect(result.errors.map(\.path) == [JSONPath([.key("extra")]), JSONPath([.key("state")])])
        #expect(result.errors.first?.code == .unknownField)
        let refusal = #expect(throws: ScreenplayError.self) { try result.get() }
        #expect(refusal?.status == .badRequest)
        #expect(refusal?.code == "malformedIntent")
        #expect(refusal?.path == "extra")
        let notAnIntent = #expect(throws: ScreenplayError.self) { try Self.read(IntentRequest.self, "[1]") }
        #expect(notAnIntent?.code == "malformedIntent")
        #expect(notAnIntent?.path == nil)
    }

    @Test func patchEnvelopes() throws {
        let unknownOperation = try Self.read(PatchEnvelope.self, #"{"base":"1","patch":{"ops":[{"op":"fly"}]}}"#)
        #expect(unknownOperation.value == nil)
        #expect(unknownOperation.errors.first?.path == "patch.ops[0]")
        #expect(try Self.read(PatchEnvelope.self, #"{"base":"1","patch":[]}"#).errors.first?.path == "patch")
        #expect(try Self.read(PatchEnvelope.self, #"{"patch":{"ops":[]}}"#).errors.first?.path == "base")
        let refusal = #expect(throws: ScreenplayError.self) { try unknownOperation.get() }
        #expect(refusal?.status == .badGateway)
        #expect(refusal?.code == "malformedPatch")
        let notAPatch = #expect(throws: ScreenplayError.self) { try Self.read(PatchEnvelope.self, #""patch""#) }
        #expect(notAPatch?.code == "malformedPatch")
        #expect(throws: ScreenplayError.self) { try Self.read(PatchEnvelope.self, "{") }
    }

    @Test func intentAnswers() throws {
        let badEffect = try Self.read(IntentAnswer.self, #"{"effects":[{"type":"back"},{"type":"navigate"}],"version":"v"}"#)
        #expect(badEffect.value?.effects == [.back])
        #expect(badEffect.diagnostics.first?.path.components.prefix(2) == [.key("effects"), .index(1)])
        let badScreen = try Self.read(IntentAnswer.self, #"{"screen":{"id":"s"}}"#)
        #expect(badScreen.value == nil)
        #expect(badScreen.errors.first?.path == "screen")
        let refusal = #expect(throws: ScreenplayError.self) { try badScreen.get() }
        #expect(refusal?.status == .badGateway)
        #expect(refusal?.code == "malformedAnswer")
        #expect(refusal?.path == "screen")
        let badPatch = try Self.read(IntentAnswer.self, #"{"patch":{"base":"v1","patch":{"ops":[7]}}}"#)
        #expect(badPatch.value == nil)
        #expect(badPatch.errors.first?.path == "patch.patch.ops[0]")
        #expect(throws: ScreenplayError.self) { try Self.read(IntentAnswer.self, "[]") }
    }

    @Test func eventBatchesKeepEachEventsPosition() throws {
        let result = try Self.read(
            EventBatch.self,
            #"{"events":[{"id":"a","name":"tap"},{"id":"b"},7,{"id":"c","name":"buy","properties":{"n":"\u0000"}},{"id":"d","name":"go"}]}"#
        )
        let batch = try #require(result.value)
        #expect(batch.events.map(\.id) == ["a", "d"])
        #expect(batch.positions == [0, 4])
        #expect(result.errors.map(\.path) == ["events[1].name", "events[2]", "events[3].properties.n"])
        #expect(EventBatch(events: batch.events).positions == [0, 1])
        let notABatch = #expect(throws: ScreenplayError.self) { try Self.read(EventBatch.self, #"{"event":[]}"#) }
        #expect(notABatch?.status == .badRequest)
        #expect(notABatch?.code == "malformedEvents")
        let tooMany = #expect(throws: ScreenplayError.self) {
            try EventBatch.decode(from: EventBatch(events: (0...EventBatch.maxEvents).map { .init(id: "\($0)", name: "n") }).encoded())
        }
        #expect(tooMany?.code == "tooManyEvents")
    }

    @Test func streamMessages() throws {
        let badScreen = try #require(try StreamMessage.decode(from: ServerSentEvent(type: "screen", id: "v1", data: #"{"id":"s"}"#)))
        #expect(badScreen.value == nil)
        #expect(!badScreen.errors.isEmpty)
        let refusal = #expect(throws: ScreenplayError.self) { try badScreen.get() }
        #expect(refusal?.code == "malformedEvent")
        let badPatch = try #require(try StreamMessage.decode(from: ServerSentEvent(type: "patch", id: "v2", data: #"{"base":"v1"}"#)))
        #expect(badPatch.errors.first?.path == "patch")
        #expect(throws: ScreenplayError.self) { try StreamMessage.decode(from: ServerSentEvent(type: "patch", id: "v2", data: "nope")) }
        #expect(try StreamMessage.decode(from: ServerSentEvent(type: "news", id: "v3", data: "nope")) == nil)
    }
}
