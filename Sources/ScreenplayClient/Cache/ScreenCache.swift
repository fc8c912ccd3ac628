import Foundation
import Screenplay

/// The last good copy of each screen on disk, so an app opens instantly and works offline.
///
/// Entries are keyed by URL, language and user, keep the server's ETag and cache hints, and live
/// in one file each. The cache is bounded in bytes and evicts the least recently used entry first;
/// the order survives restarts (file modification times). A file that cannot be read back exactly
/// as written — truncated, edited, another version's — is deleted and reported, never a crash.
///
/// ```swift
/// let cache = try ScreenCache(directory: cachesURL.appending(path: "screens"), maxBytes: 16 << 20)
/// await cache.store(ScreenCache.Entry(key: key, body: bytes, etag: "\"a1\"", maxAge: 60))
/// let entry = await cache.entry(for: key)   // nil after eviction or corruption
/// ```
public actor ScreenCache {
    /// One stored screen.
    public struct Entry: Sendable, Hashable {
        public var key: String
        /// The screen as the server sent it (decoded again on a cold start).
        public var body: [UInt8]
        public var etag: String?
        public var storedAt: Date
        /// Seconds the server said the screen stays fresh (its `cache.maxAge`); nil: always revalidate.
        public var maxAge: Int?
        /// The signed state token that came with the screen, for its intents.
        public var stateToken: String?
        /// The `Content-Language` it came in.
        public var language: String?

        public init(
            key: String, body: [UInt8], etag: String? = nil, storedAt: Date = Date(), maxAge: Int? = nil,
            stateToken: String? = nil, language: String? = nil
        ) {
            self.key = key
            self.body = body
            self.etag = etag
            self.storedAt = storedAt
            self.maxAge = maxAge
            self.stateToken = stateToken
            self.language = language
        }

        /// Whether the screen may be shown without asking the server.
        public func isFresh(at now: Date = Date()) -> Bool {
            guard let maxAge else { return false }
            return now.timeIntervalSince(storedAt) < Double(maxAge)
        }
    }

    /// Something found wrong with a cache file; the file is gone when this is reported.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "cache file \(file) discarded: \(reason)" }
    }

    private struct IndexEntry {
        var bytes: Int
        var lastUse: Date
    }

    public let directory: URL
    public let maxBytes: Int
    /// Where the cache reads the time: when an entry was last used (kept as its file's
    /// modification time) and whether one is still fresh.
    public nonisolated let clock: ScreenplayClock
    private var index: [String: IndexEntry] = [:]
    private var problems: [Problem] = []
    public private(set) var totalBytes = 0

    private static let magic = Array("SCREENPLAY-CACHE 1\n".utf8)
    private static let suffix = ".screen"

    /// Opens (or creates) the cache in `directory`; files already there are indexed, not read.
    public init(directory: URL, maxBytes: Int = 16 * 1024 * 1024, clock: ScreenplayClock = .live) throws {
        self.directory = directory
        self.maxBytes = maxBytes
        self.clock = clock
        let files = FileManager.default
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        let names = try files.contentsOfDirectory(atPath: directory.path)
        for name in names where name.hasSuffix(Self.suffix) {
            let attributes = try? files.attributesOfItem(atPath: directory.appendingPathComponent(name).path)
            let bytes = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            let modified = attributes?[.modificationDate] as? Date ?? .distantPast
            index[name] = IndexEntry(bytes: bytes, lastUse: modified)
            totalBytes += bytes
        }
    }

    /// Number of entries.
    public var count: Int { index.count }

    /// Whether `entry` may be shown without asking the server, by the cache's ``clock``.
    public nonisolated func isFresh(_ entry: Entry) -> Bool {
        entry.isFresh(at: clock.now())
    }

    /// The entry stored for `key`, marked as just used; nil when there is none or its file was bad.
    public func entry(for key: String) -> Entry? {
        let name = Self.fileName(for: key)
        guard index[name] != nil else { return nil }
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            forget(name, reason: "unreadable")
            return nil
        }
        switch Self.parse([UInt8](data)) {
        case .success(let entry) where entry.key == key:
            touch(name, url: url)
            return entry
        case .success:
            forget(name, reason: "holds another key (hash collision)")
            return nil
        case .failure(let problem):
            forget(name, reason: problem.reason)
            return nil
        }
    }

    /// Stores `entry` (replacing the one with its key), then evicts the least recently used
    /// entries until the cache fits. An entry larger than the whole cache is not stored.
    public func store(_ entry: Entry) {
        let name = Self.fileName(for: entry.key)
        let bytes = Self.serialize(entry)
        guard bytes.count <= maxBytes else { return }
        let url = directory.appendingPathComponent(name)
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            return
        }
        if let old = index[name] { totalBytes -= old.bytes }
        index[name] = IndexEntry(bytes: bytes.count, lastUse: .distantPast)
        totalBytes += bytes.count
        touch(name, url: url)
        while totalBytes > maxBytes, let victim = index.min(by: { $0.value.lastUse < $1.value.lastUse })?.key, victim != name {
            remove(file: victim)
        }
    }

    /// Removes the entry for `key`, if any.
    public func remove(key: String) {
        remove(file: Self.fileName(for: key))
    }

    /// Removes every entry (a user logging out).
    public func removeAll() {
        for name in Array(index.keys) { remove(file: name) }
    }

    /// Problems found since the last call (corrupt files that were discarded).
    public func takeProblems() -> [Problem] {
        defer { problems.removeAll() }
        return problems
    }

    // MARK: - Files

    private func touch(_ name: String, url: URL) {
        let now = clock.now()
        index[name]?.lastUse = now
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url.path)
    }

    private func forget(_ name: String, reason: String) {
        problems.append(Problem(file: name, reason: reason))
        remove(file: name)
    }

    private func remove(file name: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        if let old = index.removeValue(forKey: name) { totalBytes -= old.bytes }
    }

    /// The file for a key: FNV-1a of the key in hex. The key is stored inside and checked on read.
    static func fileName(for key: String) -> String {
        let hash = fnv1a(Array(key.utf8))
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + suffix
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `SCREENPLAY-CACHE 1\n`, one line of JSON metadata (with the body's length and checksum), `\n`, the body.
    static func serialize(_ entry: Entry) -> [UInt8] {
        var header: [String: JSONValue] = [
            "key": .string(entry.key), "stored": .number(entry.storedAt.timeIntervalSince1970),
            "length": .number(Double(entry.body.count)), "checksum": .string(String(fnv1a(entry.body), radix: 16)),
        ]
        if let etag = entry.etag { header["etag"] = .string(etag) }
        if let maxAge = entry.maxAge { header["maxAge"] = .number(Double(maxAge)) }
        if let token = entry.stateToken { header["stateToken"] = .string(token) }
        if let language = entry.language { header["language"] = .string(language) }
        return magic + JSONWriter.write(.object(header)) + [UInt8(ascii: "\n")] + entry.body
    }

    static func parse(_ bytes: [UInt8]) -> Result<Entry, Problem> {
        func problem(_ reason: String) -> Result<Entry, Problem> { .failure(Problem(file: "", reason: reason)) }
        guard bytes.starts(with: magic) else { return problem("not a cache file of this version") }
        let rest = bytes[magic.count...]
        guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else { return problem("truncated metadata") }
        guard case .object(let header)? = try? JSONParser.parse(Array(rest[..<newline]), limits: .default) else {
            return problem("unreadable metadata")
        }
        let body = Array(rest[(newline + 1)...])
        guard case .string(let key)? = header["key"], case .number(let stored)? = header["stored"],
            case .number(let length)? = header["length"], case .string(let checksum)? = header["checksum"]
        else { return problem("metadata is missing key, stored, length or checksum") }
        guard Int(length) == body.count else { return problem("body is \(body.count) bytes, metadata says \(Int(length))") }
        guard checksum == String(fnv1a(body), radix: 16) else { return problem("checksum mismatch") }
        func string(_ name: String) -> String? { if case .string(let value)? = header[name] { value } else { nil } }
        var maxAge: Int?
        if case .number(let value)? = header["maxAge"] { maxAge = Int(value) }
        return .success(
            Entry(
                key: key, body: body, etag: string("etag"), storedAt: Date(timeIntervalSince1970: stored), maxAge: maxAge,
                stateToken: string("stateToken"), language: string("language")))
    }
}

extension ScreenCache.Problem: Error {}
