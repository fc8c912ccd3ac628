import Foundation
import ScreenplayClient
import ScreenplayDSL
import Testing

@Suite struct ScreenCacheTests {
    static func entry(_ key: String, bytes: Int) -> ScreenCache.Entry {
        ScreenCache.Entry(key: key, body: Array(repeating: UInt8(ascii: "x"), count: bytes), etag: "\"\(key)\"", maxAge: 60)
    }

    @Test func entriesSurviveANewInstance() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stored = ScreenCache.Entry(
            key: "http://a/screens/home\nfr\n", body: Array("{}".utf8), etag: "\"e\"", maxAge: 30, stateToken: "t", language: "fr")
        await (try ScreenCache(directory: directory)).store(stored)
        let reopened = try ScreenCache(directory: directory)
        #expect(await reopened.count == 1)
        let read = try #require(await reopened.entry(for: stored.key))
        #expect(read.body == stored.body)
        #expect(read.etag == "\"e\"")
        #expect(read.maxAge == 30)
        #expect(read.stateToken == "t")
        #expect(read.language == "fr")
        #expect(abs(read.storedAt.timeIntervalSince(stored.storedAt)) < 0.001)
        #expect(read.isFresh())
        #expect(!read.isFresh(at: Date(timeIntervalSinceNow: 31)))
        #expect(await reopened.entry(for: "another key") == nil)
    }

    /// Bounded in bytes; the least recently used entry goes first, and reading counts as use.
    @Test func evictsTheLeastRecentlyUsed() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ScreenCache(directory: directory, maxBytes: 3_500)
        await cache.store(Self.entry("a", bytes: 1_000))
        await cache.store(Self.entry("b", bytes: 1_000))
        await cache.store(Self.entry("c", bytes: 1_000))
        #expect(await cache.count == 3)
        _ = await cache.entry(for: "a")
        await cache.store(Self.entry("d", bytes: 1_000))
        #expect(await cache.entry(for: "b") == nil, "b was the least recently used")
        #expect(await cache.entry(for: "a") != nil)
        #expect(await cache.entry(for: "c") != nil)
        #expect(await cache.entry(for: "d") != nil)
        #expect(await cache.totalBytes <= 3_500)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 3)
        // Larger than the whole cache: not stored, nothing evicted for it.
        await cache.store(Self.entry("huge", bytes: 10_000))
        #expect(await cache.entry(for: "huge") == nil)
        #expect(await cache.count == 3)
    }

    /// Every way a file can be wrong is discarded and reported, never a crash or a wrong screen.
    @Test(arguments: ["truncated", "flipped byte", "garbage", "empty", "other key", "bad metadata"])
    func damagedFilesAreDiscarded(damage: String) async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = "http://a/screens/home\nen\n"
        await (try ScreenCache(directory: directory)).store(ScreenCache.Entry(key: key, body: Array(#"{"id":"home"}"#.utf8), maxAge: 60))
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
        let file = directory.appendingPathComponent(name)
        var bytes = try [UInt8](Data(contentsOf: file))
        switch damage {
        case "truncated": bytes.removeLast(5)
        case "flipped byte": bytes[bytes.count - 3] ^= 0x20
        case "garbage": bytes = Array("\u{0}\u{1}not a cache file at all".utf8)
        case "empty": bytes = []
        case "other key":
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "screens/home", with: "screens/away")
            bytes = Array(text.utf8)
        default:
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"length\":", with: "\"length\":\"")
            bytes = Array(text.utf8)
        }
        try Data(bytes).write(to: file)
        let cache = try ScreenCache(directory: directory)
        #expect(await cache.entry(for: key) == nil)
        let problems = await cache.takeProblems()
        #expect(problems.count == 1, "\(problems)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "the bad file is deleted")
        #expect(await cache.count == 0)
        #expect(await cache.totalBytes == 0)
    }
}
