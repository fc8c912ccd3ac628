import Foundation
import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol
import Testing

@Suite struct HeaderTests {
    @Test func capabilityHeadersAreReadAsTheyAreWritten() throws {
        let capabilities = ClientCapabilities(
            version: FormatVersion(1, 1), components: ["vstack", "text", "BANNER"], actions: ["navigate", "intent"], platform: "ios")
        let fields = capabilities.headerFields
        #expect(fields[.screenplayComponents] == "BANNER,text,vstack")
        #expect(try ClientCapabilities(headerFields: fields) == capabilities)
        #expect(try ClientCapabilities(headerFields: [:]) == .base)
        #expect(ClientCapabilities.headerKey(fields) == ClientCapabilities.headerKey(capabilities.headerFields))
    }

    @Test func badCapabilityVersionsAre400s() {
        #expect(throws: ScreenplayError.self) { try ClientCapabilities(headerFields: [.screenplayVersion: "one"]) }
        do {
            _ = try ClientCapabilities(headerFields: [.screenplayVersion: "2.0"])
            Issue.record("a 2.0 client was accepted")
        } catch {
            #expect(error.status == .badRequest)
            #expect(error.code == "unsupportedVersion")
            #expect(error.path == "Screenplay-Version")
        }
    }

    @Test func typeListsAreTrimmed() {
        #expect(ClientCapabilities.typeNames(fromHeader: " vstack, text ,,BANNER\t") == ["vstack", "text", "BANNER"])
    }

    @Test func weightedListsReadQualitiesAndOrder() {
        let list = WeightedList(["de-CH, fr;q=0.8", "*;q=0.1, en;q=0, it;q=1.5, ;q=1"])
        #expect(list.items.map(\.value) == ["de-ch", "fr", "*", "en", "it"])
        #expect(list.preferred.map(\.value) == ["de-ch", "fr", "*"])
        #expect(list.quality(of: "EN") == 0)
        #expect(list.quality(of: "it") == 0, "a q-value out of range counts as 0")
        #expect(list.quality(of: "es") == nil)
        #expect(WeightedList(["text/html;level=1;q=0.5"]).items.first?.value == "text/html")
        #expect(WeightedList(["text/html;level=1;q=0.5"]).items.first?.quality == 0.5)
    }

    @Test func weightedListsKeepABoundedNumberOfEntries() {
        let hostile = String(repeating: "gzip;q=0.5,", count: 20_000)
        let list = WeightedList([hostile])
        #expect(list.items.count == WeightedList.defaultMaxItems)
    }

    @Test func weightedHeadersAreWrittenInOrder() {
        #expect(WeightedList.header(["fr-FR", "fr", "en"]) == "fr-FR, fr;q=0.9, en;q=0.8")
        let many = WeightedList.header((0..<14).map { "l\($0)" })
        #expect(many.hasSuffix("l9;q=0.1"))
        #expect(WeightedList([many]).preferred.map(\.value) == (0..<10).map { "l\($0)" })
    }

    @Test func tagsNameTheirVersion() {
        let plain = "\"3f9a\""
        #expect(EntityTag.version(of: plain) == "3f9a")
        #expect(EntityTag.version(of: EntityTag.templated(plain)) == "3f9a")
        #expect(EntityTag.version(of: EntityTag.gzipped(EntityTag.templated(plain))) == "3f9a")
        #expect(EntityTag.version(of: "W/" + plain) == "3f9a")
        #expect(EntityTag.templated(plain) == "\"3f9a-t\"")
        #expect(EntityTag.tag(ofVersion: "3f9a") == plain)
    }

    /// Each header name is spelt once in the sources: a second spelling is a place a rename would miss.
    @Test func noHeaderNameIsSpeltTwice() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        // A quoted header-like name: capitalised words joined by hyphens (`"Accept-Encoding"`,
        // `"X-Accel-Buffering"`). One-word names (`"Accept"`) cannot be told from prose, such as a button's label.
        let pattern = try NSRegularExpression(pattern: #""((?:[A-Z][A-Za-z0-9]*-)+[A-Z][A-Za-z0-9]*)""#)
        var spellings: [String: [String]] = [:]
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let line = String(line)
                for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let range = Range(match.range(at: 1), in: line) else { continue }
                    spellings[line[range].lowercased(), default: []].append(file.lastPathComponent)
                }
            }
        }
        #expect(spellings.count >= 10, "the scan found the protocol's names")
        for name in HTTPField.Name.screenVariesBy.map(\.rawName) where name.hasPrefix("Screenplay-") {
            #expect(spellings[name.lowercased()] == ["HTTPField.Name+Screenplay.swift"], "\(name)")
        }
        for (name, files) in spellings {
            #expect(files.count == 1, "\(name) is spelt in \(files)")
        }
    }
}

@Suite struct HeaderListEntriesTests {
    @Test func entriesComeOneAtATimeAsWritten() {
        #expect(Array(HeaderListEntries("")) == [])
        #expect(Array(HeaderListEntries("a")) == ["a"])
        #expect(Array(HeaderListEntries(#""a", W/"b",,c,"#)) == [#""a""#, #" W/"b""#, "", "c", ""])
        // Taking the first entries of a huge header reads only as far as them.
        var entries = HeaderListEntries(String(repeating: "x,", count: 100_000))
        #expect(entries.next() == "x")
        #expect(entries.next() == "x")
    }
}
