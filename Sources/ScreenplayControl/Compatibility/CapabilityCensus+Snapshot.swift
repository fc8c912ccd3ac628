import Foundation
import Screenplay
import ScreenplayProtocol
import ScreenplayServer

extension CapabilityCensus {
    /// One capability set seen from one platform and app version, its screen requests and
    /// (estimated) distinct users.
    public struct Entry: Sendable, Hashable {
        /// The set (format version, components, actions) and the platform it was seen from.
        public var capabilities: ClientCapabilities
        /// The app's version, when it said (`Screenplay-App-Version`).
        public var appVersion: AppVersion?
        /// Screens sent to it in the window.
        public var requests: Int
        /// The distinct users of those requests that named one, estimated (``UserSketch``) over
        /// the UTC days the window touches; 0 when none did. Not in a census file.
        public var users: Int
        /// Those users, to be merged with the set's other app versions' (nil: none, or read from a file).
        var sketch: UserSketch?

        /// - Parameters:
        ///   - capabilities: the set and the platform it was seen from.
        ///   - appVersion: the app's version, when it said.
        ///   - requests: screens sent to it in the window.
        ///   - users: its distinct users, estimated (0: none counted).
        public init(capabilities: ClientCapabilities, appVersion: AppVersion?, requests: Int, users: Int = 0) {
            self.capabilities = capabilities
            self.appVersion = appVersion
            self.requests = requests
            self.users = users
        }

        /// The set's id (``CapabilityCensus/setID(of:)``).
        public var set: String { CapabilityCensus.setID(of: capabilities) }
    }

    /// The census of a window: what `GET /admin/compat/census` answers, `screenplay compat
    /// --export` saves and `screenplay compat --capabilities FILE` reads back (the recorded
    /// capability file a CI step checks a new build against). Shares are of screen requests: the
    /// distinct users the live census estimates are not written, so a recorded file is judged by
    /// requests.
    ///
    /// ```json
    /// {"basis": "requests", "from": "2025-06-08T15:00:00Z", "to": "2025-06-15T14:26:40Z",
    ///  "total": 1200, "other": 0, "maxEntries": 200,
    ///  "entries": [{"set": "5b0d…", "version": "1.0", "components": ["button", "text", …], "actions": ["navigate", …],
    ///               "platform": "ios", "appVersion": "4.1.0", "requests": 1000}]}
    /// ```
    public struct Snapshot: AdminMessage, Hashable {
        public enum Key: String, JSONKey, CaseIterable {
            case basis, from, to, total, other, maxEntries, entries
        }

        /// An entry's members.
        public enum EntryKey: String, JSONKey, CaseIterable {
            case set, version, components, actions, platform, appVersion, requests
        }

        /// What the counts count: screen requests (a screen sent: a document, a page, a stream's
        /// first screen, an intent's answer), not users.
        public static let basis = "requests"
        /// The most entries a census file may hold.
        public static let maxFileEntries = 1_000
        /// The most bytes of a census file (`POST /admin/compat`, `screenplay compat --capabilities`).
        public static let maxFileBytes = 2 * 1024 * 1024
        /// The most requests one entry may claim (2⁵³: every count is a JSON number).
        static let maxRequests = 9_007_199_254_740_992

        /// The window's first instant, in Unix milliseconds.
        public var from: Int64
        /// When it was read, in Unix milliseconds.
        public var to: Int64
        public var entries: [Entry]
        /// Requests of entries past the census's bound, whose sets are not known.
        public var other: Int
        /// The bound the census kept entries to.
        public var maxEntries: Int
        /// The distinct users of every entry and "other", estimated (a user of two entries
        /// counted once); 0 when no request named a user, or the census was read from a file.
        public var users: Int

        /// - Parameters:
        ///   - from: the window's first instant, in Unix milliseconds.
        ///   - to: when it was read.
        ///   - entries: the entries and their counts.
        ///   - other: requests of entries past the bound.
        ///   - maxEntries: the bound.
        ///   - users: every entry's distinct users, estimated (0: none counted).
        public init(from: Int64, to: Int64, entries: [Entry], other: Int, maxEntries: Int, users: Int = 0) {
            self.from = from
            self.to = to
            self.entries = entries
            self.other = other
            self.maxEntries = maxEntries
            self.users = users
        }

        /// Every request counted, "other" included.
        public var total: Int { entries.reduce(other) { $0 + $1.requests } }

        /// The entries most requested first (then by set, platform and app version): one order
        /// for the file, the report and the studio.
        func sorted() -> Snapshot {
            var sorted = self
            sorted.entries.sort { left, right in
                if left.requests != right.requests { return left.requests > right.requests }
                let (a, b) = (left.set, right.set)
                if a != b { return a < b }
                if left.capabilities.platform != right.capabilities.platform {
                    return (left.capabilities.platform ?? "") < (right.capabilities.platform ?? "")
                }
                return (left.appVersion?.description ?? "") < (right.appVersion?.description ?? "")
            }
            return sorted
        }

        public var document: JSONValue {
            var members: [String: JSONValue] = [:]
            members[Key.basis] = .string(Self.basis)
            members[Key.from] = .string(AdminTimestamp.string(from))
            members[Key.to] = .string(AdminTimestamp.string(to))
            members[Key.total] = .number(Double(total))
            members[Key.other] = .number(Double(other))
            members[Key.maxEntries] = .number(Double(maxEntries))
            members[Key.entries] = .array(entries.map(Self.document))
            return .object(members)
        }

        static func document(_ entry: Entry) -> JSONValue {
            var members: [String: JSONValue] = [:]
            members[EntryKey.set] = .string(entry.set)
            members[EntryKey.version] = .string(entry.capabilities.version.description)
            members[EntryKey.components] = .array(entry.capabilities.components.sorted().map(JSONValue.string))
            members[EntryKey.actions] = .array(entry.capabilities.actions.sorted().map(JSONValue.string))
            members[EntryKey.platform] = entry.capabilities.platform.map(JSONValue.string) ?? .null
            members[EntryKey.appVersion] = entry.appVersion.map { .string($0.description) } ?? .null
            members[EntryKey.requests] = .number(Double(entry.requests))
            return .object(members)
        }

        /// Reads a census as written, every problem at its path: a version that is not
        /// `MAJOR.MINOR` of this format, a type list longer than the capability headers allow,
        /// a platform longer than 40 characters, an app version that is not 1 to 4 numbers, a
        /// count that is not a whole number from 0 to 2⁵³, more than ``maxFileEntries`` entries.
        /// `set` and `total` are recomputed, not trusted.
        public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<Snapshot> {
            var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("a capability census"))
            var problems: [Diagnostic] = []
            let from = reader.timestamp(.from, optional: true) ?? 0
            let to = reader.timestamp(.to, optional: true) ?? 0
            let other = reader.integer(.other, optional: true) ?? 0
            if !(0...maxRequests).contains(other) {
                problems.append(.error(at: JSONPath([.key(Key.other.name)]), "a count of requests is from 0 to 2^53"))
            }
            let maxEntries = reader.integer(.maxEntries, optional: true) ?? maxFileEntries
            if case .array(let items)? = reader.value(.entries, optional: true), items.count > maxFileEntries {
                problems.append(
                    .error(at: JSONPath([.key(Key.entries.name)]), "a census holds at most \(maxFileEntries) entries, not \(items.count)"))
                return DecodeResult(value: nil, diagnostics: reader.problems + problems)
            }
            let entries = reader.array(.entries) { element throws(ScreenplayError) in try Self.entry(element) }
            var snapshot = Snapshot(from: from, to: to, entries: entries, other: other, maxEntries: max(1, min(maxEntries, maxFileEntries)))
            snapshot = snapshot.sorted()
            let all = reader.problems + problems
            return DecodeResult(value: all.isEmpty ? snapshot : nil, diagnostics: all)
        }

        static func entry(_ json: JSONValue) throws(ScreenplayError) -> DecodeResult<Entry> {
            var reader = try MessageReader<EntryKey>(json, notAnObject: AdminMessages.notAnObject("a census entry"))
            var problems: [Diagnostic] = []
            func at(_ key: EntryKey) -> JSONPath { JSONPath([.key(key.name)]) }
            var version = FormatVersion.current
            if let text = reader.string(.version) {
                if let parsed = FormatVersion(text), parsed.major == FormatVersion.current.major {
                    version = parsed
                } else {
                    problems.append(.error(at: at(.version), "\"\(ScreenplayError.quoting(text))\" is not a version of this format (1.x)"))
                }
            }
            func typeList(_ key: EntryKey) -> Set<String> {
                var names: [String] = []
                for (index, item) in reader.array(key, { item throws(ScreenplayError) in DecodeResult(value: item, diagnostics: []) })
                    .enumerated()
                {
                    guard let name = item.stringValue, !name.isEmpty, !name.contains(","),
                        !name.unicodeScalars.contains(where: \.properties.isWhitespace)
                    else {
                        problems.append(
                            .error(at: at(key).appending(index: index), "a type name is a non-empty string without commas or spaces"))
                        continue
                    }
                    names.append(name)
                }
                if names.count > ClientCapabilities.maxTypeNames
                    || names.joined(separator: ",").utf8.count > ClientCapabilities.maxTypeListBytes
                {
                    problems.append(
                        .error(
                            at: at(key),
                            "a type list holds at most \(ClientCapabilities.maxTypeNames) names and \(ClientCapabilities.maxTypeListBytes) bytes, as its header"
                        ))
                }
                return Set(names)
            }
            let components = typeList(.components)
            let actions = typeList(.actions)
            var platform = reader.string(.platform, optional: true)
            if let text = platform,
                text.isEmpty || text.count > ClientCapabilities.maxPlatformLength
                    || text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                problems.append(
                    .error(
                        at: at(.platform),
                        "a platform is 1 to \(ClientCapabilities.maxPlatformLength) characters, without control characters"))
                platform = nil
            }
            var appVersion: AppVersion?
            if let text = reader.string(.appVersion, optional: true) {
                appVersion = AppVersion(text)
                if appVersion == nil {
                    problems.append(
                        .error(at: at(.appVersion), "\"\(ScreenplayError.quoting(text))\" is not an app version (1 to 4 numbers: 4.2.0)"))
                }
            }
            let requests = reader.integer(.requests) ?? 0
            if !(0...maxRequests).contains(requests) {
                problems.append(.error(at: at(.requests), "a count of requests is from 0 to 2^53"))
            }
            let entry = Entry(
                capabilities: ClientCapabilities(version: version, components: components, actions: actions, platform: platform),
                appVersion: appVersion, requests: requests)
            let all = reader.problems + problems
            return DecodeResult(value: all.isEmpty ? entry : nil, diagnostics: all)
        }
    }
}
