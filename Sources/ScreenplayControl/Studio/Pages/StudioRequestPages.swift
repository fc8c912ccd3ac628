import Foundation
import Hummingbird
import ScreenplayHTML
import ScreenplayProtocol
import ScreenplayServer

/// The studio's change requests (four eyes): the list, pending first, and one request with what
/// it changes drawn as a diff and, for an admin who did not ask for it, Approve and Refuse.
struct StudioRequestPages {
    let control: ControlPlane

    static func path(of id: Int) -> String { "\(StudioPage.Section.requests.path)/\(id)" }

    func list(session: StudioSession, fourEyes: Bool) async throws -> Response {
        let requests = try await control.changeRequests()
        var body: HTML =
            fourEyes
            ? "<p>Four eyes are on: a change to an experiment, a slot or a flag made here (not a kill switch) waits for a second admin's approval.</p>\n"
            : "<p>Four eyes are off: changes made here apply at once. Requests made while they were on are kept below.</p>\n"
        body +=
            "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Change requests\"><table><thead><tr><th scope=\"col\">Request</th><th scope=\"col\">Change</th>"
        body += "<th scope=\"col\">Asked by</th><th scope=\"col\">When (UTC)</th><th scope=\"col\">State</th></tr></thead><tbody>"
        for request in requests {
            body += "<tr><th scope=\"row\"><a href=\"\(Self.path(of: request.id))\">#\(request.id)</a></th>"
            body += "<td>\(Self.summary(request))</td><td>\(request.requestedBy)</td>"
            body += "<td>\(StudioAuditPages.time(request.requestedAt))</td><td>\(Self.state(request))</td></tr>"
        }
        if requests.isEmpty { body += "<tr><td colspan=\"5\">No change has been asked for.</td></tr>" }
        body += "</tbody></table></div>"
        return StudioPage(title: "Requests", session: session, section: .requests, body: body).response()
    }

    /// One request: what it changes (a diff), who asked and when, its state, and the decision.
    func request(_ text: String, session: StudioSession) async throws -> Response {
        let request = try await Self.find(text, control: control)
        let current = try await control.currentBase(of: request)
        var body: HTML = "<dl class=\"facts\"><dt>Change</dt><dd>\(Self.summary(request))</dd>"
        body += "<dt>What</dt><dd>\(Self.targetLink(request))</dd>"
        body += "<dt>Asked by</dt><dd>\(request.requestedBy), \(StudioAuditPages.time(request.requestedAt)) UTC</dd>"
        body += "<dt>Made from</dt><dd>\(Self.baseName(request)) \(request.base)</dd>"
        body += "<dt>State</dt><dd>\(Self.state(request))</dd>"
        if let decidedBy = request.decidedBy, let at = request.decidedAt {
            body += "<dt>Decided by</dt><dd>\(decidedBy), \(StudioAuditPages.time(at)) UTC</dd>"
        }
        if let note = request.note { body += "<dt>Note</dt><dd>\(note)</dd>" }
        body += "</dl>\n"
        if request.state == .pending, current != request.base {
            body +=
                "<p class=\"notice\" role=\"status\">\(request.target) is at \(Self.baseName(request)) \(current) now, "
            body += "not \(request.base): approving it would apply nothing and mark it superseded.</p>\n"
        }
        body += "<h2>What it changes</h2>\n"
        let (before, after) = try await diffSides(request)
        body += TextDiff.json(before, after).html(caption: "Request \(request.id): \(Self.summary(request))")
        if request.state == .pending {
            body += decision(request, session: session)
        }
        body += "<p><a href=\"\(StudioPage.Section.requests.path)\">Back to the requests</a></p>"
        return StudioPage(title: "Request \(request.id)", session: session, section: .requests, body: body).response()
    }

    /// The buttons for an admin other than the one who asked; a sentence for everyone else.
    private func decision(_ request: ChangeRequest, session: StudioSession) -> HTML {
        guard session.role == .admin else { return "<p>Your session may look, not change: another admin decides this request.</p>\n" }
        guard session.holder != request.requestedBy else {
            return "<p>You asked for this change: another admin approves or refuses it.</p>\n"
        }
        let path = Self.path(of: request.id)
        let csrf = StudioPage.csrfField(session)
        var html: HTML = "<h2>Decide</h2>\n<div class=\"actions\">"
        html += "<form method=\"post\" action=\"\(path)/approve\">\(csrf)<button type=\"submit\">Approve and apply</button></form></div>\n"
        html += "<form method=\"post\" action=\"\(path)/refuse\">\(csrf)"
        html += "<label for=\"note\">Why refuse (optional)</label><input type=\"text\" id=\"note\" name=\"note\" maxlength=\"1000\">"
        html += "<div class=\"actions\"><button class=\"danger\" type=\"submit\">Refuse</button></div></form>\n"
        return html
    }

    /// The target before and after the change: documents for a slot, definitions for an experiment.
    private func diffSides(_ request: ChangeRequest) async throws -> (String?, String?) {
        switch request.change {
        case .publish(let document):
            return (try await control.version(of: request.name, request.base)?.document, document)
        case .rollback(let version):
            return (
                try await control.version(of: request.name, request.base)?.document,
                try await control.version(of: request.name, version)?.document
            )
        case .save(let definition):
            let current =
                try await control.storedExperiment(named: request.name)?.experiment ?? control.configuration.experiments[request.name]
            return (current.map { String(decoding: $0.encoded(), as: UTF8.self) }, definition)
        case .saveFlag(let definition):
            let current = try await control.storedFlag(request.name)?.definition
            return (current.map { String(decoding: $0.encoded(), as: UTF8.self) }, definition)
        case .deleteFlag:
            return (try await control.storedFlag(request.name).map { String(decoding: $0.definition.encoded(), as: UTF8.self) }, nil)
        case .pause, .resume, .stop:
            guard
                var experiment = try await control.storedExperiment(named: request.name)?.experiment
                    ?? control.configuration.experiments[request.name]
            else { return (nil, nil) }
            let before = String(decoding: experiment.encoded(), as: UTF8.self)
            switch request.change {
            case .pause: experiment.status = .paused
            case .resume: experiment.status = .running
            case .stop(let winner):
                experiment.status = .stopped
                experiment.winner = winner
            default: break
            }
            return (before, String(decoding: experiment.encoded(), as: UTF8.self))
        }
    }

    /// The request `text` names, or a 400/404.
    static func find(_ text: String, control: ControlPlane) async throws -> ChangeRequest {
        guard let id = StudioPage.number(in: text) else {
            throw ScreenplayError(
                .badRequest, code: "badRequestNumber",
                message: "“\(ScreenplayError.quoting(text))” in the address is not a request's number (like /studio/requests/3).")
        }
        guard let request = try await control.changeRequest(id: id) else {
            throw ScreenplayError(.notFound, code: "noSuchRequest", message: "There is no request \(id).")
        }
        return request
    }

    static func summary(_ request: ChangeRequest) -> String {
        switch request.change {
        case .publish: "Publish \(request.name)"
        case .rollback(let version): "Roll \(request.name) back to version \(version)"
        case .pause: "Pause \(request.name)"
        case .resume: "Resume \(request.name)"
        case .stop(let winner): "Stop \(request.name), showing \(winner) to everyone"
        case .save: "Change \(request.name)"
        case .saveFlag: "Save flag \(request.name)"
        case .deleteFlag: "Delete flag \(request.name)"
        }
    }

    static func state(_ request: ChangeRequest) -> HTML {
        let by = request.decidedBy.map { " by \($0)" } ?? ""
        return "<span class=\"status\">\(request.state.rawValue + by)</span>"
    }

    static func baseName(_ request: ChangeRequest) -> String { request.change.targetKind == "slot" ? "version" : "revision" }

    static func targetLink(_ request: ChangeRequest) -> HTML {
        let path =
            switch request.change.targetKind {
            case "slot": StudioSlotPages.path(of: request.name)
            case "flag": StudioFlagPages.path(of: request.name)
            default: StudioExperimentPages.path(of: request.name)
            }
        return "<a href=\"\(path)\">\(request.target)</a>"
    }
}
