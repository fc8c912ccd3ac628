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
        let features = try await control.flagsPayload()["features"]?.objectValue ?? [:]
        return features.keys.sorted().map { ($0, features[$0] ?? .null) }
    }

    func list(session: StudioSession) async throws -> Response {
        var body = ""
        if payloadInForce {
            body += "<p class=\"notice\" role=\"status\">\(HTMLText.escape(Self.payloadSentence))</p>\n"
            body += Self.tableHead(["Flag", "Default", "Rules"])
            let features = try await payloadFeatures()
            for (key, feature) in features {
                body += "<tr><th scope=\"row\"><a href=\"\(HTMLText.escape(Self.path(of: key)))\">\(HTMLText.escape(key))</a></th>"
                body += "<td><code>\(HTMLText.escape(Self.json(feature["defaultValue"] ?? .null)))</code></td>"
                body += "<td>\(HTMLText.escape(Self.rulesSummary(feature)))</td></tr>"
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
                "<tr><th scope=\"row\"><a href=\"\(HTMLText.escape(Self.path(of: definition.key)))\">\(HTMLText.escape(definition.key))</a></th>"
            body += "<td>\(HTMLText.escape(definition.description ?? "–"))</td>"
            body += "<td><code>\(HTMLText.escape(Self.json(definition.feature["defaultValue"] ?? .null)))</code></td>"
            body += "<td>\(HTMLText.escape(Self.rulesSummary(definition.feature)))</td>"
            body +=
                "<td>\(HTMLText.escape(definition.switchedOff.isEmpty ? "–" : definition.switchedOff.map(\.summary).joined(separator: "; ")))</td>"
            body += "<td class=\"number\">\(flag.revision)</td><td>\(HTMLText.escape(flag.updatedBy))</td>"
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
            var body = "<p class=\"notice\" role=\"status\">\(HTMLText.escape(Self.payloadSentence))</p>\n"
            body += "<p>Default value <code>\(HTMLText.escape(Self.json(feature["defaultValue"] ?? .null)))</code>.</p>\n"
            body += Self.rulesTable(feature)
            body += try await results.html(key, feature: feature, goal: goal, watched: nil)
            return StudioPage(title: key, session: session, section: .flags, body: body, status: status).response()
        }
        guard let stored = try await control.storedFlag(key) else { throw ControlPlane.noSuchFlag(key) }
        let definition = stored.definition
        let path = Self.path(of: key)
        var body = notice.map { "<p class=\"notice\" role=\"status\">\(HTMLText.escape($0))</p>\n" } ?? ""
        if let description = definition.description { body += "<p>\(HTMLText.escape(description))</p>\n" }
        body += "<p>Default value <code>\(HTMLText.escape(Self.json(definition.feature["defaultValue"] ?? .null)))</code> · "
        body +=
            "revision \(stored.revision), changed by \(HTMLText.escape(stored.updatedBy)) at \(StudioAuditPages.time(stored.updatedAt)) UTC.</p>\n"
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
                "<h2>Delete</h2>\n<p><a class=\"button danger\" href=\"\(HTMLText.escape(path))/delete\">Delete \(HTMLText.escape(key))…</a></p>\n"
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
        var body = payloadInForce ? "<p class=\"notice\" role=\"status\">\(HTMLText.escape(Self.payloadSentence))</p>\n" : ""
        if let notice { body += "<p class=\"notice\" role=\"status\">\(HTMLText.escape(notice))</p>\n" }
        body += editor(
            session: session, action: Self.newPath, check: Self.newPath + "/check", text: draft ?? template, base: 0, problems: problems,
            verb: fourEyes ? "Ask to create" : "Create")
        return StudioPage(title: "New flag", session: session, section: .flags, body: body, status: status).response()
    }

    private func editor(session: StudioSession, action: String, check: String, text: String, base: Int, problems: [String], verb: String)
        -> String
    {
        var body = ""
        if fourEyes { body += "<p>Four eyes are on: another admin approves the change before it is in force.</p>\n" }
        body += StudioDocumentEditor(
            action: action, check: check, label: "Document (JSON: key, description, GrowthBook's feature, switchedOff)", text: text,
            base: base, problems: problems, refusal: "Not saved:", intent: "save", verb: verb
        ).html(session)
        return body
    }

    /// Saves (or only checks) what the admin typed; a refusal shows the page again with every
    /// problem at its path and the text as typed. `key` is nil for a new flag.
    func save(_ key: String?, form: StudioForm, session: StudioSession) async throws -> Response {
        try refuseWhilePayloadInForce()
        let text = form["document"] ?? ""
        let base = form["base"].flatMap { Int($0) } ?? 0
        let dryRun = form["intent"] == "check"
        func again(problems: [String], notice: String? = nil, base: Int = base, status: HTTPResponse.Status) async throws -> Response {
            if let key {
                return try await flag(key, session: session, draft: text, base: base, problems: problems, notice: notice, status: status)
            }
            return try newFlag(session: session, draft: text, problems: problems, notice: notice, status: status)
        }
        if dryRun {
            do {
                let stored = try await control.save(flag: try Self.read(text, key: key), by: session.holder, ifRevision: base, dryRun: true)
                return try await again(problems: [], notice: "Valid: saving it would make revision \(stored.revision).", status: .ok)
            } catch {
                let refusal = try await refusal(error, key: key)
                return try await again(problems: refusal.lines(new: key == nil), base: refusal.current ?? base, status: refusal.status)
            }
        }
        return try await commit({ try Self.read(text, key: key) }, base: base, session: session) { refusal in
            try await again(problems: refusal.lines(new: key == nil), base: refusal.current ?? base, status: refusal.status)
        }
    }

    /// Why a save was refused: the problems at their paths (422, 400), or someone else's save
    /// since `base` (412, with the revision now).
    struct Refusal: Error {
        var status: HTTPResponse.Status
        var message: String
        var problems: [Diagnostic]
        /// The flag's revision now, after a 412.
        var current: Int?

        init(_ error: ScreenplayError, current: Int? = nil) {
            status = error.status
            message = error.message
            problems = error.problems
            self.current = current
        }

        /// As the editor lists them.
        func lines(new: Bool) -> [String] {
            if let current {
                return [
                    new
                        ? "A flag with this key exists already: open it to change it. Your text is kept below."
                        : "Someone saved revision \(current) while you edited. Your text is kept below: compare, then save again."
                ]
            }
            return problems.isEmpty ? [message] : problems.map { "\($0.path): \($0.message)" }
        }
    }

    /// The flag pages' one save: `read` gives the definition (the editor's document, or the
    /// guarded-rollout form's change to the stored one); it is saved from revision `base` — or,
    /// under four eyes, checked as a save and asked for — with the flags' validation and audit
    /// entry. A refusal is shown by `again`.
    /// - Parameters:
    ///   - read: the definition to save; a `ScreenplayError` it throws is a refusal too.
    ///   - base: the revision it was read at (0: a new flag).
    ///   - again: the page again, for a refusal.
    func commit(
        _ read: () throws -> FlagDefinition, base: Int, session: StudioSession, again: (Refusal) async throws -> Response
    ) async throws -> Response {
        var key: String?
        do {
            let definition = try read()
            key = definition.key
            _ = try await control.save(flag: definition, by: session.holder, ifRevision: base, dryRun: fourEyes)
            if fourEyes {
                let request = try await control.requestChange(
                    .saveFlag(definition: String(decoding: definition.encoded(), as: UTF8.self)), to: definition.key, base: base,
                    by: session.holder)
                return StudioPage.redirect(to: StudioRequestPages.path(of: request.id))
            }
            return StudioPage.redirect(to: Self.path(of: definition.key))
        } catch {
            return try await again(try await refusal(error, key: key))
        }
    }

    /// `error` as a refusal to show on the page (a 412 with flag `key`'s revision now); any
    /// other error is thrown again.
    private func refusal(_ error: any Error, key: String?) async throws -> Refusal {
        guard let error = error as? ScreenplayError else { throw error }
        switch error.status {
        case .preconditionFailed: return Refusal(error, current: try await control.storedFlag(key ?? "")?.revision ?? 0)
        case .unprocessableContent, .badRequest: return Refusal(error)
        default: throw error
        }
    }

    /// Starts guarding one of the flag's force rules as the form says (`intent` `start`), or stops
    /// guarding it (`stop`), through the flag's one save; bad fields show the page again with
    /// their problems, nothing saved.
    func guardRollout(_ key: String, form: StudioForm, session: StudioSession) async throws -> Response {
        try refuseWhilePayloadInForce()
        guard let stored = try await control.storedFlag(key) else { throw ControlPlane.noSuchFlag(key) }
        let base = form["base"].flatMap { Int($0) } ?? stored.revision
        var fields = StudioGuardedRollouts.Fields(form)
        let definition: FlagDefinition
        if form["intent"] == "stop" {
            // Nothing guarded (stopped meanwhile, or the button sent twice): nothing to save.
            guard stored.definition.guardedRollout != nil else { return StudioPage.redirect(to: Self.path(of: key) + "#guarded-rollout") }
            var stopped = stored.definition
            stopped.guardedRollout = nil
            definition = stopped
        } else if let guarded = fields.read(into: stored.definition) {
            definition = guarded
        } else {
            return try await flag(key, session: session, guardFields: fields, status: .unprocessableContent)
        }
        return try await commit({ definition }, base: base, session: session) { refusal in
            var fields = fields
            if refusal.current != nil {
                fields.problems[""] = "Someone saved revision \(refusal.current ?? 0) while you edited: your values are kept, save again."
            } else {
                for problem in refusal.problems.isEmpty ? [Diagnostic.error(at: .root, refusal.message)] : refusal.problems {
                    let field = StudioGuardedRollouts.Fields.field(of: problem.path)
                    fields.problems[field, default: ""] += (field.isEmpty ? "\(problem.path): " : "") + problem.message + " "
                }
            }
            return try await flag(key, session: session, guardFields: fields, status: refusal.status)
        }
    }

    /// The problems of a document being typed, as JSON for the page's script: what a save would
    /// refuse, each at its path, and nothing saved.
    func check(_ key: String?, document: [UInt8], session: StudioSession) async throws -> Response {
        try await StudioDocumentEditor.checkAnswer {
            let definition = try Self.read(String(decoding: document, as: UTF8.self), key: key)
            let stored = try await control.save(flag: definition, by: session.holder, dryRun: true)
            return "Valid: saving it would make revision \(stored.revision)."
        }
    }

    /// What deleting does, before it is done.
    func deleteConfirmation(_ key: String, session: StudioSession) async throws -> Response {
        try Self.requireAdmin(session)
        guard let stored = try await control.storedFlag(key) else { throw ControlPlane.noSuchFlag(key) }
        let path = HTMLText.escape(Self.path(of: key))
        var body = "<p>Deleting <strong>\(HTMLText.escape(key))</strong> makes every <code>flags.isOn(\"\(HTMLText.escape(key))\")</code> "
        body += "read as off, and every value read as its default in code, from the next request. Its history stays in the audit log.</p>\n"
        if fourEyes { body += "<p>Four eyes are on: another admin approves the deletion before it is done.</p>\n" }
        body += "<form method=\"post\" action=\"\(path)/delete\">\(StudioPage.csrfField(session))"
        body += "<input type=\"hidden\" name=\"base\" value=\"\(stored.revision)\">"
        body +=
            "<div class=\"actions\"><button class=\"danger\" type=\"submit\">\(fourEyes ? "Ask to delete" : "Delete") \(HTMLText.escape(key))</button>"
        body += "<a class=\"button secondary\" href=\"\(path)\">Cancel</a></div></form>"
        return StudioPage(title: "Delete \(key)?", session: session, section: .flags, body: body).response()
    }

    func delete(_ key: String, form: StudioForm, session: StudioSession) async throws -> Response {
        try refuseWhilePayloadInForce()
        let base = form["base"].flatMap { Int($0) }
        if fourEyes {
            guard let stored = try await control.storedFlag(key) else { throw ControlPlane.noSuchFlag(key) }
            if let base, base != stored.revision {
                throw ControlPlane.preconditionFailed(name: key, expected: base, current: stored.revision)
            }
            let request = try await control.requestChange(.deleteFlag, to: key, base: stored.revision, by: session.holder)
            return StudioPage.redirect(to: StudioRequestPages.path(of: request.id))
        }
        try await control.deleteFlag(key, by: session.holder, ifRevision: base)
        return StudioPage.redirect(to: StudioPage.Section.flags.path)
    }

    /// Switches the flag off for the part the form names, or shows the page again with the
    /// problems at their fields.
    func switchOff(_ key: String, form: StudioForm, session: StudioSession) async throws -> Response {
        try refuseWhilePayloadInForce()
        var fields = StudioKillSwitches.Fields(form)
        guard let part = fields.read() else {
            return try await flag(key, session: session, fields: fields, status: .unprocessableContent)
        }
        try await control.switchOff(flag: key, for: part, by: session.holder)
        return StudioPage.redirect(to: Self.path(of: key) + "#switched-off")
    }

    func switchOn(_ key: String, form: StudioForm, session: StudioSession) async throws -> Response {
        try refuseWhilePayloadInForce()
        try await control.switchOn(flag: key, for: try StudioKillSwitches.part(form), by: session.holder)
        return StudioPage.redirect(to: Self.path(of: key) + "#switched-off")
    }

    private func refuseWhilePayloadInForce() throws {
        guard payloadInForce else { return }
        throw ScreenplayError(.conflict, code: "flagsFromPayload", message: Self.payloadSentence)
    }

    /// The flag document the admin typed (what the page shows back — revision, updatedAt,
    /// updatedBy — is accepted and left out); every problem at its path.
    static func read(_ text: String, key: String?) throws -> FlagDefinition {
        guard text.utf8.count <= ControlPlane.maxAdminBytes else {
            throw ScreenplayError(
                .unprocessableContent, code: "tooLarge",
                message: "The document is \(text.utf8.count) bytes; a flag holds at most \(ControlPlane.maxAdminBytes).")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw ScreenplayError(.badRequest, code: "badJSON", message: "the document is not JSON: \(error)")
        }
        guard case .object(var members) = json else {
            throw ScreenplayError.invalid(code: "invalidFlag", "the flag", [.error(at: .root, "a flag is a JSON object")])
        }
        for added in ["revision", "updatedAt", "updatedBy"] { members[added] = nil }
        let result = FlagDefinition.decode(from: .object(members), key: key)
        guard let flag = result.value else { throw ScreenplayError.invalid(code: "invalidFlag", "the flag", result.diagnostics) }
        return flag
    }

    static func requireAdmin(_ session: StudioSession) throws {
        guard session.role == .admin else {
            throw ScreenplayError(
                .forbidden, code: "readOnlySession", message: "\(session.holder) signed in with a read token: it may look, not change")
        }
    }

    // MARK: Reading rules

    static func tableHead(_ columns: [String], label: String = "Flags") -> String {
        var head = "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"\(HTMLText.escape(label))\"><table><thead><tr>"
        for column in columns { head += "<th scope=\"col\">\(HTMLText.escape(column))</th>" }
        return head + "</tr></thead><tbody>"
    }

    /// "3 rules: force, rollout 25 %, experiment checkout" — how many rules and of which kinds.
    static func rulesSummary(_ feature: JSONValue) -> String {
        let rules = feature["rules"]?.arrayValue ?? []
        guard !rules.isEmpty else { return "no rule" }
        let kinds = rules.map(kind(of:))
        return "\(rules.count) \(rules.count == 1 ? "rule" : "rules"): " + kinds.joined(separator: ", ")
    }

    static func kind(of rule: JSONValue) -> String {
        var kind: String
        if rule["variations"] != nil {
            kind = "experiment \(rule["key"]?.stringValue ?? "–")"
        } else if rule["force"] != nil {
            kind = rule["coverage"]?.doubleValue.map { "rollout \(percent($0))" } ?? "force"
        } else if let reference = FlagExperimentReference(rule: rule) {
            kind = "follows \(reference.name)"
        } else {
            kind = "gate"
        }
        if let prerequisites = rule["parentConditions"]?.arrayValue, !prerequisites.isEmpty {
            kind += " after " + prerequisites.map { $0["id"]?.stringValue ?? "?" }.joined(separator: ", ")
        }
        return kind
    }

    /// The rules as a table: id, condition, what each serves, and when.
    static func rulesTable(_ feature: JSONValue) -> String {
        let rules = feature["rules"]?.arrayValue ?? []
        var body = "<h2>Rules</h2>\n"
        guard !rules.isEmpty else { return body + "<p>No rule: everyone gets the default value.</p>\n" }
        body += "<p>Evaluated in order; the first that applies decides.</p>\n"
        body += tableHead(["#", "Id", "Condition", "Serves", "Coverage", "Hash attribute", "Prerequisites", "Schedule"], label: "Rules")
        for (index, rule) in rules.enumerated() {
            body += "<tr><th scope=\"row\">\(index + 1)</th><td>\(HTMLText.escape(rule["id"]?.stringValue ?? "–"))</td>"
            body += "<td>\(rule["condition"].map { "<code>\(HTMLText.escape(json($0)))</code>" } ?? "everyone")</td>"
            body += "<td>\(HTMLText.escape(serves(rule)))</td>"
            body += "<td>\(HTMLText.escape(rule["coverage"]?.doubleValue.map(percent) ?? "100 %"))</td>"
            body += "<td>\(HTMLText.escape(rule["hashAttribute"]?.stringValue ?? "id"))</td>"
            let prerequisites = rule["parentConditions"]?.arrayValue ?? []
            body += "<td>\(prerequisites.isEmpty ? "–" : "<code>\(HTMLText.escape(json(.array(prerequisites))))</code>")</td>"
            let start = rule["startsAt"]?.stringValue, end = rule["endsAt"]?.stringValue
            let schedule = [start.map { "from \($0)" }, end.map { "until \($0)" }].compactMap { $0 }.joined(separator: " ")
            body += "<td>\(HTMLText.escape(schedule.isEmpty ? "always" : schedule))</td></tr>"
        }
        return body + "</tbody></table></div>\n"
    }

    /// What a rule serves: its forced value, or its experiment's variations and weights.
    static func serves(_ rule: JSONValue) -> String {
        if let variations = rule["variations"]?.arrayValue {
            let weights = rule["weights"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            let names = rule["meta"]?.arrayValue?.map { $0["key"]?.stringValue } ?? []
            let each = variations.enumerated().map { index, value in
                let name = index < names.count ? names[index] ?? "\(index)" : "\(index)"
                let weight = index < weights.count ? " (\(percent(weights[index])))" : ""
                return "\(name): \(json(value))\(weight)"
            }
            return "experiment \(rule["key"]?.stringValue ?? "–"): " + each.joined(separator: ", ")
        }
        if let force = rule["force"] { return json(force) }
        if let followed = FlagExperimentReference(rule: rule) {
            let values = followed.values.sorted { $0.key < $1.key }.map { "\($0.key): \(json($0.value))" }
            return "the variant of Screenplay experiment \(followed.name): " + values.joined(separator: ", ")
        }
        return "nothing (a gate on its prerequisites)"
    }

    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return (value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)) + " %"
    }

    static func json(_ value: JSONValue) -> String { String(decoding: JSONWriter.write(value), as: UTF8.self) }

    static func pretty(_ definition: FlagDefinition) -> String {
        String(decoding: definition.encoded(layout: .pretty), as: UTF8.self)
    }
}
