import Foundation
import NIOConcurrencyHelpers
import ScreenplayDSL
import ScreenplayProtocol

/// Screens made of JSON documents that change while the server runs — the studio's playgrounds, a
/// watched folder's files — served at `/screens/<prefix>/<name>` like any screen (a document to
/// apps, a page to browsers) with a live stream at `/screens/<prefix>/<name>/stream`: every new
/// version goes to every subscriber, as any invalidated screen's does.
///
/// A document is decoded resiliently; one that does not decode at all keeps the last good screen
/// served, and its diagnostics are kept beside it. Bounded in count and size; with a lifetime,
/// documents not changed for that long are forgotten.
///
/// ```swift
/// let watched = DocumentScreens(prefix: "watch")
/// watched.register(on: &routes)                          // GET /screens/watch/:name
/// try watched.update("home", document: Array(json.utf8))  // subscribers get the new version
/// ```
public final class DocumentScreens: Sendable {
    /// One document: the text as given, the screen served (the last that decoded) and the
    /// problems of the text.
    public struct Entry: Sendable {
        public let text: String
        public let screen: Screen?
        public let diagnostics: [Diagnostic]
        /// Whether the text itself decoded (else ``screen`` is an earlier version's, or nil).
        public let decoded: Bool
        /// Counts the updates, from 1.
        public let revision: Int
        let changed: ContinuousClock.Instant
    }

    /// The first path component of the screens (`playground`, `watch`).
    public let prefix: String
    public let maxDocuments: Int
    public let maxBytes: Int
    /// How long a document lives after its last change; nil: until it is removed.
    public let lifetime: Duration?
    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    private let live = NIOLockedValueBox<LiveUpdates?>(nil)

    public init(prefix: String, maxDocuments: Int = 64, maxBytes: Int = 256 * 1024, lifetime: Duration? = nil) {
        self.prefix = prefix
        self.maxDocuments = maxDocuments
        self.maxBytes = maxBytes
        self.lifetime = lifetime
    }

    /// Serves `GET /screens/<prefix>/:name` on `routes` (register before adding the routes to a
    /// router); updates reach the streams of `routes.live`.
    public func register(on routes: inout ScreenplayRoutes) {
        live.withLockedValue { $0 = routes.live }
        routes.screen(prefix + "/:name") { [self] context in
            guard let name = context.parameters["name"], let screen = self[name]?.screen else {
                throw ScreenplayError(.notFound, code: "noSuchScreen", message: "no screen at \(ScreenplayError.quoting(context.path))")
            }
            return screen
        }
    }

    /// Whether `name` can name a document: 1 to 64 letters, digits, `-`, `_` or `.`, not starting with `.`.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.count) && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
            }
    }

    /// The document called `name`, unless it expired.
    public subscript(name: String) -> Entry? {
        entries.withLockedValue { entries in
            expire(&entries)
            return entries[name]
        }
    }

    /// The names of the documents, sorted.
    public var names: [String] {
        entries.withLockedValue { entries in
            expire(&entries)
            return entries.keys.sorted()
        }
    }

    /// Decodes `document` and serves it as `name`: a screen that decodes replaces the one served,
    /// and its subscribers get the new version; one that does not keeps the last good one.
    /// - Parameters:
    ///   - name: the document's name, its screen served at `/screens/PREFIX/NAME`.
    ///   - document: the screen's JSON.
    ///   - create: false refuses a name that is not there yet (404).
    /// - Throws: 413 past ``maxBytes``, 400 for a bad name, 503 when ``maxDocuments`` are kept.
    @discardableResult
    public func update(_ name: String, document: [UInt8], create: Bool = true) throws(ScreenplayError) -> Entry {
        guard Self.isValidName(name) else {
            throw ScreenplayError(.badRequest, code: "badName", message: "a document's name is letters, digits, -, _ and . (64 at most)")
        }
        guard document.count <= maxBytes else {
            throw ScreenplayError(
                .contentTooLarge, code: "documentTooLarge", message: "the document is \(document.count) bytes; at most \(maxBytes) are kept"
            )
        }
        let result = Screen.decode(from: document)
        let path = prefix + "/" + name
        var screen = result.value
        // Pages and apps that open the screen follow it, as any live screen.
        if screen != nil, screen?.stream == nil { screen?.stream = "/screens/\(path)/stream" }
        let decoded = screen
        let stored = entries.withLockedValue { entries -> Result<Entry, ScreenplayError> in
            expire(&entries)
            let previous = entries[name]
            if previous == nil {
                guard create else { return .failure(ScreenplayError(.notFound, code: "noSuchDocument", message: "there is no \(path)")) }
                guard entries.count < maxDocuments else {
                    return .failure(
                        ScreenplayError(
                            .serviceUnavailable, code: "tooManyDocuments",
                            message: "this server keeps \(maxDocuments) documents under \(prefix); wait for one to expire",
                            headerFields: [.retryAfter: "60"]))
                }
            }
            let entry = Entry(
                text: String(decoding: document, as: UTF8.self), screen: decoded ?? previous?.screen, diagnostics: result.diagnostics,
                decoded: decoded != nil, revision: (previous?.revision ?? 0) + 1, changed: .now)
            entries[name] = entry
            return .success(entry)
        }
        let entry = try stored.get()
        if decoded != nil { live.withLockedValue { $0 }?.invalidate(path) }
        return entry
    }

    /// Forgets `name` (its subscribers keep the version they have).
    public func remove(_ name: String) {
        _ = entries.withLockedValue { $0.removeValue(forKey: name) }
    }

    private func expire(_ entries: inout [String: Entry]) {
        guard let lifetime else { return }
        let now = ContinuousClock.now
        entries = entries.filter { now - $0.value.changed < lifetime }
    }
}
