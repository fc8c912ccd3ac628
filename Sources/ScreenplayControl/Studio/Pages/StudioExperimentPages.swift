import Foundation
import Hummingbird
import ScreenplayHTML
import ScreenplayProtocol
import ScreenplayServer

/// The studio's experiment pages: the list, one experiment with its results drawn, and the
/// confirmation before stopping one.
struct StudioExperimentPages {
    let control: ControlPlane

    static func path(of name: String) -> String {
        "/studio/experiments/" + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? name)
    }

    /// Every experiment in force, with its status and how many users it has exposed.
    func list(session: StudioSession) async throws -> Response {
        let stored = Dictionary(uniqueKeysWithValues: try await control.storedExperiments().map { ($0.experiment.name, $0) })
        let experiments = control.configuration.experiments.values.map { stored[$0.name]?.experiment ?? $0 }.sorted { $0.name < $1.name }
        var body: HTML =
            "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Experiments\"><table><thead><tr><th scope=\"col\">Experiment</th><th scope=\"col\">Status</th>"
        body +=
            "<th scope=\"col\">Variants</th><th scope=\"col\" class=\"number\">Users exposed</th><th scope=\"col\">Goal</th></tr></thead><tbody>"
        for experiment in experiments {
            let report = try? await control.report(experiment: experiment.name)
            let users = report.map { String($0.variants.reduce(0) { $0 + $1.users }) } ?? "–"
            body +=
                "<tr><th scope=\"row\"><a href=\"\(Self.path(of: experiment.name))\">\(experiment.name)</a></th>"
            body += "<td>\(Self.status(experiment))</td><td>\(Self.weights(experiment))</td>"
            body += "<td class=\"number\">\(users)</td><td>\(experiment.goal ?? "–")</td></tr>"
        }
        if experiments.isEmpty { body += "<tr><td colspan=\"5\">No experiment is declared or stored.</td></tr>" }
        body += "</tbody></table></div>"
        if session.role == .admin { body += "<p><a class=\"button\" href=\"\(Self.newPath)\">New experiment</a></p>" }
        body += try await measuredInFlags()
        return StudioPage(title: "Experiments", session: session, section: .experiments, body: body).response()
    }

    /// The experiments flags run — their experiment rules and partial rollouts (`rollout:KEY`),
    /// measured as experiments are — each linked to its flag's page, where its results are drawn.
    private func measuredInFlags() async throws -> HTML {
        let features = control.configuration.flags?.payload.features ?? [:]
        var rows: [(name: String, flag: String, kind: String)] = []
        for key in features.keys.sorted() {
            guard let flag = features[key] else { continue }
            if control.flagExperiment(named: FlagReads.rolloutName(key)) != nil {
                rows.append((FlagReads.rolloutName(key), key, "partial rollout"))
            }
            for rule in flag.rules {
                if case .experiment(let experiment) = rule.action, !rows.contains(where: { $0.name == experiment.key }) {
                    rows.append((experiment.key, key, "experiment rule"))
                }
            }
        }
        guard !rows.isEmpty else { return "" }
        var body: HTML =
            "<h2>Measured in flags</h2>\n<p>Flags' experiment rules and partial rollouts; their results are on each flag's page.</p>\n"
        body += StudioFlagPages.tableHead(["Measured as", "Flag", "Kind", "Users exposed"], label: "Measured in flags")
        for row in rows {
            // Users only: any goal counts them; "-" is no event's name.
            let report = try? await control.report(experiment: row.name, goal: "-")
            let users = report.map { String($0.variants.reduce(0) { $0 + $1.users }) } ?? "–"
            body += "<tr><th scope=\"row\">\(row.name)</th>"
            body += "<td><a href=\"\(StudioFlagPages.path(of: row.flag))\">\(row.flag)</a></td>"
            body += "<td>\(row.kind)</td><td class=\"number\">\(users)</td></tr>"
        }
        return body + "</tbody></table></div>\n"
    }

    /// One experiment: what it is, what can be done to it (for an admin), and its results drawn.
    /// - Parameters:
    ///   - fields: the "Switch off for…" form as typed, with its problems.
    func experiment(
        _ name: String, session: StudioSession, fields: StudioKillSwitches.Fields = .init(), status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let experiment = try await control.storedExperiment(named: name)?.experiment ?? control.configuration.experiments[name] else {
            throw ControlPlane.noSuchExperiment(name)
        }
        var body: HTML = "<p>\(Self.status(experiment)) · variants \(Self.weights(experiment)) · goal "
        body += "\(experiment.goal ?? "–") · bucket version \(experiment.bucketVersion)</p>\n"
        if session.role == .admin {
            body += "<div class=\"actions\">"
            let csrf = StudioPage.csrfField(session)
            let path = Self.path(of: name)
            switch experiment.status {
            case .running:
                body +=
                    "<form method=\"post\" action=\"\(path)/pause\">\(csrf)<button class=\"secondary\" type=\"submit\">Pause</button></form>"
            case .paused:
                body +=
                    "<form method=\"post\" action=\"\(path)/resume\">\(csrf)<button class=\"secondary\" type=\"submit\">Resume</button></form>"
            case .stopped: break
            }
            body += "<a class=\"button secondary\" href=\"\(path)/edit\">Edit</a>"
            if experiment.status != .stopped {
                for variant in experiment.variants {
                    let query =
                        variant.name.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+"])) ?? ""
                    body +=
                        "<a class=\"button secondary\" href=\"\(path)/stop?winner=\(query)\">Stop with \(variant.name)…</a>"
                }
            }
            body += "</div>\n"
        }
        let following = try await control.flags().map(\.definition).filter { $0.follows(experiment: name) }.map(\.key)
        if !following.isEmpty {
            let links = following.map { key -> HTML in "<a href=\"\(StudioFlagPages.path(of: key))\">\(key)</a>" }
            body += "<p>Flags that follow it (their values by its variants): \(links.joined(separator: ", "))</p>\n"
        }
        // The results first (what the page is read for, stopped or not), then the kill switches.
        body += "<h2>Results</h2>\n"
        do {
            let report = try await control.report(experiment: name)
            if experiment.status == .stopped, let winner = experiment.winner, let warning = Self.losing(winner, in: report) {
                body += "<p class=\"notice\" role=\"status\">Stopped with \(winner), which \(warning)</p>\n"
            }
            body += Self.results(report, timeline: try await control.timeline(experiment: name))
        } catch let error as ScreenplayError where error.status.code < 500 {
            // An experiment without a goal has nothing to count yet: say so where the results would be.
            body += "<p class=\"notice\" role=\"status\">\(error.message)</p>\n"
        }
        body += StudioKillSwitches.html(
            experiment.switchedOff, path: Self.path(of: name), session: session, fields: fields, what: "the control")
        return StudioPage(title: name, session: session, section: .experiments, body: body, status: status).response()
    }

    /// What stopping with `winner` does, how many users it affects and what the apps in the field
    /// would lose on the screens that read it (the compatibility gate's list), before it is done.
    /// - Parameter refusal: the gate's refusal of a stop just asked for, shown with its list.
    func stopConfirmation(
        _ name: String, winner: String?, session: StudioSession, refusal: ScreenplayError? = nil
    ) async throws -> Response {
        guard let experiment = try await control.storedExperiment(named: name)?.experiment ?? control.configuration.experiments[name] else {
            throw ControlPlane.noSuchExperiment(name)
        }
        guard let winner, experiment.variants.contains(where: { $0.name == winner }) else {
            throw ScreenplayError(.unprocessableContent, code: "badWinner", message: "choose the winner among the experiment's variants")
        }
        var body: HTML = "<p>Stopping <strong>\(name)</strong> shows <strong>\(winner)</strong> to everyone "
        body += "from their next screen. "
        var results = HTML()
        do {
            let report = try await control.report(experiment: name)
            let users = report.variants.reduce(0) { $0 + $1.users }
            let others = report.variants.filter { $0.name != winner }.reduce(0) { $0 + $1.users }
            body +=
                "It affects the \(users) users exposed so far; \(others) of them were seeing another variant and will see theirs change. "
            body += "Nothing more is recorded for this experiment.</p>\n"
            // The results the decision rests on, and a warning when the chosen winner is behind.
            if let warning = Self.losing(winner, in: report) {
                body += "<p class=\"notice\" role=\"alert\" id=\"losing\">\(winner) \(warning) "
                body += "Check the results below before you stop with it.</p>\n"
            }
            results = "<h2>Results</h2>\n" + Self.results(report, timeline: try await control.timeline(experiment: name))
        } catch let error as ScreenplayError where error.status.code < 500 {
            // An experiment without a goal has no report: its users are not counted.
            body += "It has no goal, so its users are not counted here. Nothing more is recorded for this experiment.</p>\n"
        }
        if let refusal {
            body += "<div class=\"notice\" role=\"alert\" id=\"problems\"><p>Not stopped: \(refusal.message)</p><ul>"
            for problem in refusal.problems { body += "<li>\(problem.path.description): \(problem.message)</li>" }
            body += "</ul></div>\n"
        }
        body += "<h2>Apps in the field</h2>\n"
        let compatibility = try await control.compatibility(ofStopping: name, winner: winner)
        body += StudioCompatPages.summary(compatibility, id: "compatibility")
        let overGate = compatibility.maxShare.map { !compatibility.exceeding($0).isEmpty } ?? false
        if session.role == .admin {
            body += "<form method=\"post\" action=\"\(Self.path(of: name))/stop\">\(StudioPage.csrfField(session))"
            body += "<input type=\"hidden\" name=\"winner\" value=\"\(winner)\">"
            let verb = control.fourEyes ? "Ask to stop and show" : "Stop and show"
            if control.fourEyes { body += "<p>Four eyes are on: another admin approves the stop before it is done.</p>" }
            if overGate, !control.fourEyes {
                body += StudioCompatPages.forceField(label: "Why stop it anyway (forces the compatibility gate)")
            }
            body +=
                "<div class=\"actions\"><button class=\"danger\" type=\"submit\">\(verb) \(winner) to everyone</button>"
            body += "<a class=\"button secondary\" href=\"\(Self.path(of: name))\">Cancel</a></div></form>"
        } else {
            body += "<p>Your session may look, not change: an admin stops experiments.</p>"
        }
        body += results
        return StudioPage(title: "Stop \(name)?", session: session, section: .experiments, body: body).response()
    }

    /// The form that creates an experiment (`name` nil) or edits one.
    func form(_ name: String?, session: StudioSession) async throws -> Response {
        guard session.role == .admin else {
            throw ScreenplayError(
                .forbidden, code: "readOnlySession", message: "\(session.holder) signed in with a read token: it may look, not change")
        }
        guard let name else {
            let body = StudioExperimentForm().html(action: Self.newPath, session: session, isNew: true, problems: [])
            return StudioPage(title: "New experiment", session: session, section: .experiments, body: body).response()
        }
        let stored = try await control.storedExperiment(named: name)
        guard let experiment = stored?.experiment ?? control.configuration.experiments[name] else {
            throw ControlPlane.noSuchExperiment(name)
        }
        let form = StudioExperimentForm(experiment, revision: stored?.revision ?? 0)
        let body = form.html(action: Self.path(of: name) + "/edit", session: session, isNew: false, problems: [])
        return StudioPage(title: "Edit \(name)", session: session, section: .experiments, body: body).response()
    }

    /// Saves what the form says when the experiment's reader finds no problem; otherwise the form
    /// again, every problem at its field and every value as typed. A save on top of another
    /// admin's (the revision moved) is refused the same way.
    func save(_ form: StudioExperimentForm, isNew: Bool, session: StudioSession) async throws -> Response {
        let name = form.name.trimmingCharacters(in: .whitespaces)
        let stored = name.isEmpty ? nil : try await control.storedExperiment(named: name)
        let current = stored?.experiment ?? (name.isEmpty ? nil : control.configuration.experiments[name])
        var (experiment, problems) = form.read(keeping: current)
        if isNew, current != nil {
            problems.append(
                StudioExperimentForm.Problem(field: "name", message: "an experiment \"\(name)\" exists already: edit it instead"))
        }
        func again(_ status: HTTPResponse.Status, _ problems: [StudioExperimentForm.Problem]) -> Response {
            let action = isNew ? Self.newPath : Self.path(of: name) + "/edit"
            let body = form.html(action: action, session: session, isNew: isNew, problems: problems)
            return StudioPage(
                title: isNew ? "New experiment" : "Edit \(name)", session: session, section: .experiments, body: body, status: status
            )
            .response()
        }
        guard let experiment, problems.isEmpty else { return again(.unprocessableContent, problems) }
        if control.fourEyes {
            // Checked like a save, then asked for: a second admin approves it before it is in force.
            let base = isNew ? 0 : form.base
            let current = stored?.revision ?? 0
            if base != current {
                return again(
                    .preconditionFailed,
                    [
                        StudioExperimentForm.Problem(
                            field: nil,
                            message: "Someone saved this experiment while you edited it; your values are kept: reload it to see theirs.")
                    ])
            }
            let request = try await control.requestChange(
                .save(definition: String(decoding: experiment.encoded(), as: UTF8.self)), to: experiment.name, base: base,
                by: session.holder)
            return StudioPage.redirect(to: StudioRequestPages.path(of: request.id))
        }
        do {
            _ = try await control.save(experiment, by: session.holder, ifRevision: isNew ? 0 : form.base)
        } catch let error as ScreenplayError where error.status == .preconditionFailed || error.status == .conflict {
            return again(
                .preconditionFailed,
                [
                    StudioExperimentForm.Problem(
                        field: nil,
                        message: "Someone saved this experiment while you edited it; your values are kept: reload it to see theirs.")
                ])
        }
        return StudioPage.redirect(to: Self.path(of: experiment.name))
    }

    static let newPath = "/studio/new-experiment"

    /// A report drawn as the studio draws every one (an experiment's, and a flag's rules' and
    /// rollout's): the sample-ratio warning when users did not split as the weights say, then the
    /// conversion rates, the lifts and the timeline, each chart with its table.
    /// `subject` names what was measured when a page draws several reports.
    static func results(_ report: ExperimentReport, timeline: ExperimentTimeline, subject: String? = nil) -> HTML {
        var body = HTML()
        if report.sampleRatioMismatch {
            body += "<p class=\"notice\" role=\"status\">Sample ratio mismatch (p = \(String(format: "%.4f", report.sampleRatioPValue))): "
            body += "users did not split as the weights say, so do not trust these figures until the cause is found.</p>\n"
        }
        body += "<div class=\"figures\">\(ResultsChart.conversionRates(report, subject: subject))"
        body += "\(ResultsChart.lifts(report, subject: subject))\(ResultsChart.timeline(timeline, subject: subject))</div>\n"
        return body
    }

    /// Why `winner` is behind in `report`, or nil when it is not: another variant
    /// converts better, said with both rates and, against the control, the winner's chance to beat it.
    static func losing(_ winner: String, in report: ExperimentReport) -> String? {
        guard let chosen = report.variants.first(where: { $0.name == winner }), chosen.users > 0,
            let best = report.variants.filter({ $0.users > 0 && $0.name != winner }).max(by: { $0.rate < $1.rate }),
            best.rate > chosen.rate
        else { return nil }
        var text = "converts less than \(best.name): \(ExperimentReport.percent(chosen.rate)) against "
        text += "\(ExperimentReport.percent(best.rate))"
        if let chance = chosen.chanceToBeatControl { text += " (chance to beat the control \(ExperimentReport.percent(chance)))" }
        return text + "."
    }

    static func status(_ experiment: Experiment) -> HTML {
        let text = experiment.status == .stopped ? "stopped, winner \(experiment.winner ?? "–")" : experiment.status.rawValue
        return "<span class=\"status\">\(text)</span>"
    }

    static func weights(_ experiment: Experiment) -> String {
        experiment.variants.map { "\($0.name) \(Int($0.weight.rounded()))" }.joined(separator: ", ")
    }
}
