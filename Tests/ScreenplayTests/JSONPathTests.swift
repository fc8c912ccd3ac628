import Screenplay
import Testing

@Suite struct JSONPathTests {
    @Test func aPathReadsBackAsItIsWritten() {
        let paths: [JSONPath] = [
            .root, JSONPath([.key("body")]), JSONPath([.key("body"), .key("children"), .index(3), .key("action")]),
            JSONPath([.key("events"), .index(12)]), JSONPath([.key("variants"), .index(0), .key("name")]),
        ]
        for path in paths {
            #expect(JSONPath(parsing: path.description) == path, "\(path)")
        }
    }

    @Test func aBracketWithoutAWholeNumberBelongsToItsKey() {
        #expect(JSONPath(parsing: "a[x]").components == [.key("a[x]")])
        #expect(JSONPath(parsing: "a[1").components == [.key("a[1")])
        #expect(JSONPath(parsing: "$").components.isEmpty)
    }

    @Test func theIndexAfterAKeyIsFoundOnlyThere() {
        #expect(JSONPath(parsing: "events[3].id").index(after: "events") == 3)
        #expect(JSONPath(parsing: "events").index(after: "events") == nil)
        #expect(JSONPath(parsing: "other[3]").index(after: "events") == nil)
    }

}
