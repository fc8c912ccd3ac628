import Foundation
import HTTPTypes
import Hummingbird
import Screenplay
import ScreenplayFlags
import ScreenplayProtocol
import ScreenplayServer

/// A flag's changes from the studio: saving (or only checking) its document, its guarded
/// rollout, deleting it and switching it off and on for a part of the audience; every save
/// through one ``commit(_:base:session:again:)``, so that four eyes, validation and the audit
/// entry are the same whatever form asked for it.
extension StudioFlagPages {
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
}
