import ScreenplayDSL
import Testing

/// Hostile documents get clear errors, never a crash, a hang or a stack overflow.
@Suite struct LimitsTests {
    @Test func oneHundredThousandLevelsOfNestingIsADepthError() {
        let depth = 100_000
        let document = String(repeating: #"{"type":"vstack","children":["#, count: depth) + String(repeating: "]}", count: depth)
        let result = Screen.decode(from: bytes(#"{"version":"1.0","id":"deep","body":\#(document)}"#))
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.code == .limitExceeded)
        #expect(result.errors.first?.message.contains("nesting is deeper than 128 levels") == true)
        // Raw arrays too, not just nodes.
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes(arrays)) }
    }

    @Test func nestingJustInsideTheLimitDecodes() throws {
        // 63 nested stacks use 127 levels (an object and an array each), plus the screen object.
        let depth = 63
        let document =
            String(repeating: #"{"type":"vstack","children":["#, count: depth - 1) + #"{"type":"spacer"}"#
            + String(repeating: "]}", count: depth - 1)
        let result = Screen.decode(from: bytes(#"{"version":"1.0","id":"deep","body":\#(document)}"#))
        #expect(result.value != nil, "\(result.diagnostics.rendered)")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aFiftyMegabyteDocumentIsRefusedBeforeParsing() {
        // Not even valid JSON: the size check must come first.
        let huge = [UInt8](repeating: UInt8(ascii: "["), count: 50 * 1024 * 1024)
        let result = Screen.decode(from: huge)
        #expect(result.value == nil)
        #expect(result.errors.first?.code == .limitExceeded)
        #expect(result.errors.first?.message.contains("52428800 bytes; the limit is 4194304") == true)
    }

    @Test func overlongStringsAreRefusedWithTheirPosition() {
        let long = String(repeating: "a", count: 70_000)
        let result = decodeScreen(body: #"{"type":"text","text":"\#(long)"}"#)
        #expect(result.value == nil)
        #expect(result.errors.first?.message.contains("string is longer than 65536 bytes") == true)
        #expect(result.errors.first?.message.hasPrefix("line 1, column 56") == true, "\(result.errors.rendered)")
        // Escapes count after unescaping, and cannot smuggle a long string past the check.
        let escaped = String(repeating: #"\u0041"#, count: 70_000)
        #expect(decodeScreen(body: #"{"type":"text","text":"\#(escaped)"}"#).errors.first?.code == .limitExceeded)
    }

    @Test func tooManyChildrenAreCutWithAnError() throws {
        var limits = DocumentLimits.default
        limits.maxChildren = 100
        let children = Array(repeating: #"{"type":"spacer"}"#, count: 150).joined(separator: ",")
        let result = decodeScreen(body: #"{"type":"vstack","children":[\#(children)]}"#, options: DecodingOptions(limits: limits))
        guard case .vstack(let stack)? = result.value?.body.component else {
            Issue.record("body lost")
            return
        }
        #expect(stack.children.count == 100)
        #expect(result.errors.first?.path.description == "body.children")
        #expect(result.errors.first?.message.contains("150 children; the limit is 100") == true)
    }

    @Test func limitsCanBeTightened() {
        var limits = DocumentLimits.default
        limits.maxDocumentBytes = 10
        #expect(
            Screen.decode(from: bytes(#"{"version":"1.0"}"#), options: DecodingOptions(limits: limits)).errors.first?.code == .limitExceeded
        )
    }
}
