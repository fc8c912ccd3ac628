import Foundation
import ScreenplayDSL
import Testing

@Suite struct JSONTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(bytes(#" {"a":[1,-2.5,3e2,true,false,null],"b":{"c":"d\n\u00e9\ud83d\ude00"}} "#))
        #expect(value == ["a": [1, -2.5, 300, true, false, nil], "b": ["c": "d\né😀"]])
    }

    @Test(arguments: [
        ("", "the document is empty"),
        ("{", "unexpected end of document"),
        ("[1,]", "unexpected ']', expected a value"),
        ("{\"a\" 1}", "expected ':' after member name \"a\""),
        ("01", "leading zeros are not allowed"),
        ("1.", "expected a digit after '.'"),
        ("\"\\x\"", "invalid escape '\\x'"),
        ("\"\\ud800\"", "unpaired UTF-16 surrogate"),
        ("\"a\u{01}\"", "control character byte 0x1 in string"),
        ("tru", "expected a value"),
        ("1e999", "out of range"),
        ("[] []", "after the end of the document"),
        ("{'a':1}", "expected a member name in double quotes"),
    ])
    func refusesMalformedJSONWithAReason(input: String, reason: String) {
        #expect {
            try JSONParser.parse(bytes(input))
        } throws: { error in
            (error as? JSONParseError)?.message.contains(reason) == true
        }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func reportsLineAndColumn() {
        do {
            _ = try JSONParser.parse(bytes("{\n  \"a\": 1,\n  \"b\": ?\n}"))
            Issue.record("parsed")
        } catch {
            #expect(error.line == 3 && error.column == 8, "\(error)")
        }
    }

    @Test func writesSortedKeysAndStableNumbers() {
        let value: JSONValue = ["b": 1, "a": [0.5, -3, 1e21, 2.0], "c": "q\"\\\n\u{1}é"]
        #expect(text(JSONWriter.write(value)) == #"{"a":[0.5,-3,1e+21,2],"b":1,"c":"q\"\\\n\u0001é"}"#)
        #expect(text(JSONWriter.write(["a": [], "b": [:]], layout: .pretty)) == "{\n  \"a\": [],\n  \"b\": {}\n}\n")
    }

    @Test func writerOutputIsReadByFoundationAndByUs() throws {
        let value: JSONValue = ["emoji": "😀", "control": "\u{0}\u{1f}", "nested": [["x": nil]], "pi": 3.141592653589793]
        let bytes = JSONWriter.write(value)
        #expect(try JSONParser.parse(bytes) == value)
        let foundation = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect(foundation?["emoji"] as? String == "😀")
        #expect((foundation?["pi"] as? NSNumber)?.doubleValue == 3.141592653589793)
    }
}

@Suite struct WriterOrderTests {
    @Test func membersComeOutSortedWhateverOrderTheyAreWrittenIn() throws {
        // A custom component mixes the format's own names with an app's names.
        let node = Custom("WIDGET", properties: ["zeta": 1, "alpha": 2, "Zulu": 3, "émoji": 4, "identifier": 5])
            .id("w").onTap(.back).accessibilityLabel("label")
        let encoded = text(node.encoded())
        #expect(
            encoded
                == #"{"Zulu":3,"accessibilityLabel":"label","action":{"type":"back"},"alpha":2,"id":"w","identifier":5,"type":"WIDGET","zeta":1,"émoji":4}"#
        )
    }

    @Test func prettyOutputIsTheSameDocument() throws {
        let screen = homeScreen(highlightPayments: true)
        #expect(try JSONParser.parse(screen.encoded(layout: .pretty)) == JSONParser.parse(screen.encoded()))
    }
}
