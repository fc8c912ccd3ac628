import Foundation
import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayTestSupport
import Testing

/// Every message of the protocol goes through the project's own writer and back through its
/// parser unchanged, and a malformed one is refused with what and where.
@Suite struct MessageTests {
    static let screen = Screen(id: "cities", title: "Statistics", state: ["city": ""]) {
        VStack(spacing: 4) {
            Text("Paris").id("paris")
            Button("Refresh", action: .intent("refresh"))
        }.id("list")
    }

    @Test func intentRequestsRoundTrip() throws {
        let request = IntentRequest(
            name: "refresh", payload: ["city": "Paris", "n": 3], state: ["typed": "Mo\"s\\cow\n"], stateToken: "a.b", version: "3f9a")
        #expect(try IntentRequest.decode(from: request.encoded()).get() == request)
        let bare = IntentRequest(name: "go")
        #expect(String(decoding: bare.encoded(), as: UTF8.self) == #"{"name":"go","payload":{},"state":{}}"#)
        #expect(try IntentRequest.decode(from: bare.encoded()).get() == bare)
    }

    @Test func malformedIntentRequestsNameTheMember() {
        func refusal(_ json: String) -> ScreenplayError? {
            do {
                _ = try IntentRequest.decode(from: Array(json.utf8)).get()
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal(#"{"name":""}"#)?.path == "name")
        #expect(refusal(#"{"name":"go","state":[]}"#)?.path == "state")
        #expect(refusal(#"{"name":"go","stateToken":1}"#)?.path == "stateToken")
        #expect(refusal(#"{"name":"go","version":"\#(String(repeating: "v", count: 200))"}"#)?.path == "version")
        #expect(refusal(#"{"name":"go","extra":1}"#)?.path == "extra")
        #expect(refusal(#"[1]"#)?.code == "malformedIntent")
        #expect(refusal(#"{"name":"#)?.status == .badRequest)
    }

    @Test func patchEnvelopesRoundTrip() throws {
        var next = Self.screen
        next.title = "Today"
        let envelope = PatchEnvelope(base: "3f9a", patch: ScreenPatch(from: Self.screen, to: next))
        let decoded = try PatchEnvelope.decode(from: envelope.encoded()).get()
        #expect(decoded == envelope)
        #expect(try decoded.patch.apply(to: Self.screen) == next)
        #expect(throws: ScreenplayError.self) { try PatchEnvelope.decode(from: Array(#"{"patch":{"ops":[]}}"#.utf8)).get() }
        #expect(throws: ScreenplayError.self) {
            try PatchEnvelope.decode(from: Array(#"{"base":"1","patch":{"ops":[{"op":"fly"}]}}"#.utf8)).get()
        }
    }

    @Test func intentAnswersRoundTrip() throws {
        var next = Self.screen
        next.title = "Today"
        let answers = [
            IntentAnswer(effects: [.navigate("/home"), .back], content: .screen(Self.screen), stateToken: "t.s", version: "v2"),
            IntentAnswer(content: .patch(PatchEnvelope(base: "v1", patch: ScreenPatch(from: Self.screen, to: next))), version: "v2"),
            IntentAnswer(effects: [.open("https://example.com/help")]),
            IntentAnswer(),
        ]
        for answer in answers {
            let decoded = try IntentAnswer.decode(from: answer.encoded())
            #expect(decoded.value == answer)
            #expect(decoded.diagnostics.isEmpty)
        }
        // A screen already encoded (the templated form a 1.1 client reads) is sent as it is.
        let templated = SampleScreens.gallery(count: 20).encoded(templates: .automatic)
        let answer = IntentAnswer(content: .screen(SampleScreens.gallery(count: 20)), version: "v3")
        let bytes = answer.encoded(screenBytes: templated)
        #expect(bytes.count < answer.encoded().count)
        #expect(try IntentAnswer.decode(from: bytes).value == answer)
    }

    @Test func anAnswersBadEffectCostsOnlyItself() throws {
        let bytes = Array(#"{"effects":[{"type":"navigate","url":"/a"},{"type":"navigate"},{"type":"back"}],"version":"v"}"#.utf8)
        let decoded = try IntentAnswer.decode(from: bytes)
        #expect(decoded.value?.effects == [.navigate("/a"), .back])
        #expect(!decoded.diagnostics.isEmpty)
        #expect(throws: ScreenplayError.self) { try IntentAnswer.decode(from: Array("[]".utf8)) }
    }

    @Test func errorBodiesRoundTrip() throws {
        let error = ScreenplayError(.badRequest, code: "tamperedState", message: "the token \"x\" is wrong", path: "stateToken")
        #expect(ScreenplayError(status: .badRequest, body: error.encodedBody) == error)
        let pathless = ScreenplayError(.notFound, code: "noSuchScreen", message: "no screen")
        #expect(String(decoding: pathless.encodedBody, as: UTF8.self) == #"{"error":{"code":"noSuchScreen","message":"no screen"}}"#)
        #expect(ScreenplayError(status: .notFound, body: pathless.encodedBody) == pathless)
        #expect(ScreenplayError(status: .badGateway, body: Array("<html>".utf8)) == nil)
    }

    @Test func anErrorsProblemsKeepTheirPathsSeveritiesAndCodes() {
        let problems: [Diagnostic] = [
            .error(at: "variants[0].weight", "a weight is a positive number"),
            .warning(at: JSONPath([.key("content"), .key("children"), .index(2)]), "dropped", code: .droppedNode),
        ]
        let error = ScreenplayError.invalid(code: "invalidExperiment", "the experiment", problems)
        #expect(error.path == "variants[0].weight")
        let read = ScreenplayError(status: error.status, body: error.encodedBody)
        #expect(read?.problems == problems)
        #expect(read?.problems.map(\.path.components.last) == [.key("weight"), .index(2)])
    }

    @Test func streamMessagesRoundTripThroughEvents() throws {
        var next = Self.screen
        next.title = "Today"
        let messages: [StreamMessage] = [
            .screen(Self.screen, version: "v1"),
            .patch(PatchEnvelope(base: "v1", patch: ScreenPatch(from: Self.screen, to: next)), version: "v2"),
        ]
        var parser = ServerSentEventParser()
        let bytes = messages.flatMap { $0.event.encoded() } + ServerSentEvent.heartbeat
        let events = parser.feed(bytes)
        #expect(try events.map { try StreamMessage.decode(from: $0)?.value } == messages)
        #expect(parser.lastEventID == "v2")
        #expect(try StreamMessage.decode(from: ServerSentEvent(type: "news", data: "{}")) == nil)
        #expect(throws: ScreenplayError.self) { try StreamMessage.decode(from: ServerSentEvent(type: "screen", data: "{}"))?.get() }
    }
}
