import Screenplay
import ScreenplayServer

/// A change to a running experiment, a slot or a flag, asked for by one admin and waiting for another to
/// approve or refuse it (four eyes). It keeps the base it was made from: approving applies it
/// with that base as `If-Match`, so a target changed meanwhile supersedes the request instead of
/// being overwritten.
///
/// ```swift
/// let request = try await control.requestChange(.publish(document: text), to: "home.promo", base: 4, by: "alice")
/// try await control.approve(request: request.id, by: "bob")   // publishes version 5, by bob
/// ```
public struct ChangeRequest: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, CaseIterable {
        case pending, approved, refused, superseded
    }

    /// What the request changes once approved.
    public enum Change: Sendable, Hashable {
        /// Publish this document as the slot's next version.
        case publish(document: String)
        /// Publish an earlier version again.
        case rollback(version: Int)
        case pause
        case resume
        /// Stop the experiment and show `winner` to everyone.
        case stop(winner: String)
        /// Save this definition of the experiment (the studio's edit form).
        case save(definition: String)
        /// Save this document of the flag (created when new).
        case saveFlag(definition: String)
        /// Delete the flag.
        case deleteFlag

        /// `publish`, `rollback`, `pause`, `resume`, `stop`, `save`, `save flag`, `delete flag`: the table's `kind`.
        public var kind: String {
            switch self {
            case .publish: "publish"
            case .rollback: "rollback"
            case .pause: "pause"
            case .resume: "resume"
            case .stop: "stop"
            case .save: "save"
            case .saveFlag: "save flag"
            case .deleteFlag: "delete flag"
            }
        }

        /// What it changes: `slot`, `experiment` or `flag`, as the audit log's targets begin.
        public var targetKind: String {
            switch self {
            case .publish, .rollback: "slot"
            case .pause, .resume, .stop, .save: "experiment"
            case .saveFlag, .deleteFlag: "flag"
            }
        }

        /// The change as stored: the document itself for a publish, a small object otherwise.
        var json: String {
            switch self {
            case .publish(let document): document
            case .rollback(let version): String(decoding: RollbackRequest(version: version).encoded(), as: UTF8.self)
            case .pause: #"{"status":"paused"}"#
            case .resume: #"{"status":"running"}"#
            case .stop(let winner): String(decoding: StopRequest(winner: winner).encoded(), as: UTF8.self)
            case .save(let definition): definition
            case .saveFlag(let definition): definition
            case .deleteFlag: "{}"
            }
        }

        /// Reads a change as stored; a rollback and a stop are the admin API's own requests
        /// (``RollbackRequest``, ``StopRequest``), written and read by the same type.
        init?(kind: String, json: String) {
            switch kind {
            case "publish": self = .publish(document: json)
            case "rollback":
                guard let request = try? RollbackRequest.decode(from: Array(json.utf8)).value else { return nil }
                self = .rollback(version: request.version)
            case "pause": self = .pause
            case "resume": self = .resume
            case "stop":
                guard let request = try? StopRequest.decode(from: Array(json.utf8)).value else { return nil }
                self = .stop(winner: request.winner)
            case "save": self = .save(definition: json)
            case "save flag": self = .saveFlag(definition: json)
            case "delete flag": self = .deleteFlag
            default: return nil
            }
        }
    }

    public let id: Int
    public let change: Change
    /// The slot's or the experiment's name, or the flag's key.
    public let name: String
    /// The slot's version or the experiment's revision the change was made from (0: none yet).
    public let base: Int
    public let requestedBy: String
    /// Unix milliseconds.
    public let requestedAt: Int64
    public let state: State
    public let decidedBy: String?
    public let decidedAt: Int64?
    /// Why it was refused or superseded.
    public let note: String?

    public init(
        id: Int, change: Change, name: String, base: Int, requestedBy: String, requestedAt: Int64, state: State = .pending,
        decidedBy: String? = nil, decidedAt: Int64? = nil, note: String? = nil
    ) {
        self.id = id
        self.change = change
        self.name = name
        self.base = base
        self.requestedBy = requestedBy
        self.requestedAt = requestedAt
        self.state = state
        self.decidedBy = decidedBy
        self.decidedAt = decidedAt
        self.note = note
    }

    /// As the audit log names what it changes: `slot:home.promo`.
    public var target: String { "\(change.targetKind):\(name)" }

    /// The columns ``init(row:)`` reads, in its order.
    static let columns = "id, kind, target, change_json, base, requested_by, requested_at, state, decided_by, decided_at, note"

    init?(row: SQLRow) {
        guard let id = row.integer(0), let kind = row.text(1), let target = row.text(2), let json = row.text(3),
            let change = Change(kind: kind, json: json), let state = row.text(7).flatMap(State.init(rawValue:)),
            target.hasPrefix(change.targetKind + ":")
        else { return nil }
        self.init(
            id: id, change: change, name: String(target.dropFirst(change.targetKind.count + 1)), base: row.integer(4) ?? 0,
            requestedBy: row.text(5) ?? "", requestedAt: Int64(row.integer(6) ?? 0), state: state, decidedBy: row.text(8),
            decidedAt: row.integer(9).map(Int64.init), note: row.text(10))
    }

    /// The request as the audit log keeps it (before and after of a request, an approval, a refusal).
    var auditJSON: String {
        var members = JSONMembers<AuditKey>()
        members[.request] = .number(Double(id))
        members[.kind] = .string(change.kind)
        members[.target] = .string(target)
        members[.base] = .number(Double(base))
        members[.requestedBy] = .string(requestedBy)
        members[.state] = .string(state.rawValue)
        let json = change.json
        members[.change] = (try? JSONParser.parse(Array(json.utf8))) ?? .string(json)
        if let decidedBy { members[.decidedBy] = .string(decidedBy) }
        if let note { members[.note] = .string(note) }
        return String(decoding: JSONWriter.write(members.json), as: UTF8.self)
    }

    /// The members of ``auditJSON``.
    enum AuditKey: String, JSONKey, CaseIterable {
        case request, kind, target, base, requestedBy, state, change, decidedBy, note
    }

    func with(state: State, decidedBy: String?, at time: Int64?, note: String? = nil) -> ChangeRequest {
        ChangeRequest(
            id: id, change: change, name: name, base: base, requestedBy: requestedBy, requestedAt: requestedAt, state: state,
            decidedBy: decidedBy, decidedAt: time, note: note)
    }
}
