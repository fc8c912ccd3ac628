import Foundation
import HTTPTypes
import Hummingbird
import Screenplay
import ScreenplayFlags
import ScreenplayHTML
import ScreenplayServer

/// The studio's flag pages: every flag, one flag with its rules as a table, its results (each
/// experiment rule's and its rollout's), its guarded rollout, the parts switched off, and (for an
/// admin) its document in an editor checked as it is typed; creating and deleting one. While a GrowthBook payload is in force the stored flags wait, and the pages show
/// the payload's flags, read only.
struct StudioFlagPages {
    let control: ControlPlane
    /// Saves and deletes are asked for, and applied once another admin approves.
    var fourEyes: Bool { control.fourEyes }

    static let newPath = "/studio/new-flag"

    static func path(of key: String) -> String {
        "/studio/flags/" + (key.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? key)
    }

    /// Whether a GrowthBook payload decides the flags (the stored ones wait).
    var payloadInForce: Bool { control.flagsFromPayload.withLockedValue { $0 } }

    static let payloadSentence =
        "A GrowthBook payload given to the server (--flags-payload) decides the flags: they are shown here read only, "
        + "and the flags stored in Screenplay wait until the server runs without it."

    /// The features in force when a payload decides them, by key.
    func payloadFeatures() async throws -> [(String, JSONValue)] {
        let features = JSONMembers<FeaturesPayload.Key>(try await control.flagsPayload())?[.features]?.objectValue ?? [:]
        return features.keys.sorted().map { ($0, features[$0] ?? .null) }
    }

    func list(session: StudioSession) async throws -> Response {
        var body = HTML()
        if payloadInForce {
            body += "<p class=\"notice\" role=\"status\">\(Self.payloadSentence)</p>\n"
            body += Self.tableHead(["Flag", "Default", "Rules"])
            let features = try await payloadFeatures()
            for (key, feature) in features {
                body += "<tr><th scope=\"row\"><a href=\"\(Self.path(of: key))\">\(key)</a></th>"
                body += "<td><code>\(Self.json(Self.defaultValue(of: feature)))</code></td>"
                body += "<td>\(Self.rulesSummary(feature))</td></tr>"
            }
            if features.isEmpty { body += "<tr><td colspan=\"3\">The payload has no flag.</td></tr>" }
            body += "</tbody></table></div>"
            return StudioPage(title: "Flags", session: session, section: .flags, body: body).response()
        }
        let flags = try await control.flags()
        body += Self.tableHead(["Flag", "Description", "Default", "Rules", "Switched off", "Revision", "Changed by", "When (UTC)"])
        for flag in flags {
            let definition = flag.definition
            body +=
                "<tr><th scope=\"row\"><a href=\"\(Self.path(of: definition.key))\">\(definition.key)</a></th>"
            body += "<td>\(definition.description ?? "–")</td>"
            body += "<td><code>\(Self.json(Self.defaultValue(of: definition.feature)))</code></td>"
            body += "<td>\(Self.rulesSummary(definition.feature))</td>"
            body +=
                "<td>\(definition.switchedOff.isEmpty ? "–" : definition.switchedOff.map(\.summary).joined(separator: "; "))</td>"
            body += "<td class=\"number\">\(flag.revision)</td><td>\(flag.updatedBy)</td>"
            body += "<td>\(StudioAuditPages.time(flag.updatedAt))</td></tr>"
        }
        if flags.isEmpty { body += "<tr><td colspan=\"8\">No flag is stored.</td></tr>" }
        body += "</tbody></table></div>"
        if session.role == .admin { body += "<p><a class=\"button\" href=\"\(Self.newPath)\">New flag</a></p>" }
        return StudioPage(title: "Flags", session: session, section: .flags, body: body).response()
    }

    /// One flag: what it serves, its rules as a table, its results, its guarded rollout, the
    /// parts switched off, and its document in an editor (for an admin).
    /// - Parameters:
    ///   - draft: what the admin typed, shown again after a refused save (nothing typed is lost).
    ///   - problems: why it was refused, each at its path.
    ///   - fields: the "Switch off for…" form as typed, with its problems.
    ///   - goal: the goal the results are measured by (`?goal=EVENT`).
    ///   - guardFields: the guarded rollout's form as typed, with its problems.
    func flag(
        _ key: String, session: StudioSession, draft: String? = nil, base: Int? = nil, problems: [String] = [],
        notice: String? = nil, fields: StudioKillSwitches.Fields = .init(), goal: String? = nil,
        guardFields: StudioGuardedRollouts.Fields? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let results = StudioFlagResults(control: control)
        if payloadInForce {
            guard let feature = try await payloadFeatures().first(where: { $0.0 == key })?.1 else { throw ControlPlane.noSuchFlag(key) }
            var body: HTML = "<p class=\"notice\" role=\"status\">\(Self.payloadSentence)</p>\n"
            body += "<p>Default value <code>\(Self.json(Self.defaultValue(of: feature)))</code>.</p>\n"
            body += Self.rulesTable(feature)
            body += try await results.html(key, feature: feature, goal: goal, watched: nil)
            return StudioPage(title: key, session: session, section: .flags, body: body, status: status).response()
        }
        guard let stored = try await control.storedFlag(key) else { throw ControlPlane.noSuchFlag(key) }
        let definition = stored.definition
        let path = Self.path(of: key)
        var body = notice.map { notice -> HTML in "<p class=\"notice\" role=\"status\">\(notice)</p>\n" } ?? HTML()
        if let description = definition.description { body += "<p>\(description)</p>\n" }
        body += "<p>Default value <code>\(Self.json(Self.defaultValue(of: definition.feature)))</code> · "
        body +=
            "revision \(stored.revision), changed by \(stored.updatedBy) at \(StudioAuditPages.time(stored.updatedAt)) UTC.</p>\n"
        body += Self.rulesTable(definition.feature)
        body += try await results.html(key, feature: definition.feature, goal: goal, watched: definition.guardedRollout?.event)
        var rolledBack: AuditEntry?
        if definition.guardedRollout?.state == .rolledBack {
            // The guard's entry that rolled it back: who, when, and the figures it read.
            let entries = try await control.audit(filter: AuditFilter(target: .exactly("flag:\(key)"), limit: 50))
            rolledBack = entries.first { $0.action.hasPrefix("roll back rollout") }
        }
        body += StudioGuardedRollouts.html(
            stored, rolledBack: rolledBack, now: control.clock.milliseconds, session: session, fields: guardFields, fourEyes: fourEyes)
        body += StudioKillSwitches.html(
            definition.switchedOff, path: path, session: session, fields: fields, what: "the default value")
        if session.role == .admin {
            body += "<h2>Document</h2>\n"
            body += editor(
                session: session,
                action: path, check: path + "/check", text: draft ?? Self.pretty(definition), base: base ?? stored.revision,
                problems: problems, verb: fourEyes ? "Ask to save" : "Save")
            body +=
                "<h2>Delete</h2>\n<p><a class=\"button danger\" href=\"\(path)/delete\">Delete \(key)…</a></p>\n"
        }
        return StudioPage(title: key, session: session, section: .flags, body: body, status: status).response()
    }

    /// The form that creates a flag.
    func newFlag(
        session: StudioSession, draft: String? = nil, problems: [String] = [], notice: String? = nil, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        try Self.requireAdmin(session)
        let template = """
            {
              "key": "newCheckout",
              "description": "",
              "feature": {
                "defaultValue": false,
                "rules": [{"id": "ios-5", "condition": {"platform": "ios"}, "force": true, "coverage": 0.05, "hashAttribute": "id"}]
              }
            }
            """
        var body: HTML = payloadInForce ? "<p class=\"notice\" role=\"status\">\(Self.payloadSentence)</p>\n" : ""
        if let notice { body += "<p class=\"notice\" role=\"status\">\(notice)</p>\n" }
        body += editor(
            session: session, action: Self.newPath, check: Self.newPath + "/check", text: draft ?? template, base: 0, problems: problems,
            verb: fourEyes ? "Ask to create" : "Create")
        return StudioPage(title: "New flag", session: session, section: .flags, body: body, status: status).response()
    }

    private func editor(session: StudioSession, action: String, check: String, text: String, base: Int, problems: [String], verb: String)
        -> HTML
    {
        var body = HTML()
        if fourEyes { body += "<p>Four eyes are on: another admin approves the change before it is in force.</p>\n" }
        body += StudioDocumentEditor(
            action: action, check: check, label: "Document (JSON: key, description, GrowthBook's feature, switchedOff)", text: text,
            base: base, problems: problems, refusal: "Not saved:", intent: "save", verb: verb
        ).html(session)
        return body
    }

    /// What deleting does, before it is done.
    func deleteConfirmation(_ key: String, session: StudioSession) async throws -> Response {
        try Self.requireAdmin(session)
        guard let stored = try await control.storedFlag(key) else { throw ControlPlane.noSuchFlag(key) }
        let path = Self.path(of: key)
        var body: HTML = "<p>Deleting <strong>\(key)</strong> makes every <code>flags.isOn(\"\(key)\")</code> "
        body += "read as off, and every value read as its default in code, from the next request. Its history stays in the audit log.</p>\n"
        if fourEyes { body += "<p>Four eyes are on: another admin approves the deletion before it is done.</p>\n" }
        body += "<form method=\"post\" action=\"\(path)/delete\">\(StudioPage.csrfField(session))"
        body += "<input type=\"hidden\" name=\"base\" value=\"\(stored.revision)\">"
        body +=
            "<div class=\"actions\"><button class=\"danger\" type=\"submit\">\(fourEyes ? "Ask to delete" : "Delete") \(key)</button>"
        body += "<a class=\"button secondary\" href=\"\(path)\">Cancel</a></div></form>"
        return StudioPage(title: "Delete \(key)?", session: session, section: .flags, body: body).response()
    }
}
