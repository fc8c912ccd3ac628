import Hummingbird
import ScreenplayProtocol
import ScreenplayServer

extension StudioRoutes {
    /// The experiments' pages and changes.
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/experiments`, `GET /studio/experiments/NAME` | list; one, with its results drawn |
    /// | `GET /studio/new-experiment`, `POST /studio/new-experiment` | the form; its fields |
    /// | `GET /studio/experiments/NAME/edit`, `POST …/edit` | the form; its fields |
    /// | `POST /studio/experiments/NAME/{pause,resume}` | `csrf` |
    /// | `GET /studio/experiments/NAME/stop?winner=V`, `POST …/stop` | the confirmation; `csrf`, `winner`, `force` |
    /// | `POST /studio/experiments/NAME/{switch-off,switch-on}` | `csrf`, `platform`, `minAppVersion`, `maxAppVersion`, `reason` |
    func addExperimentRoutes<Context: RequestContext>(to router: Router<Context>) {
        let pages = StudioExperimentPages(control: control)
        router.get("/studio/experiments") { request, context in
            try await page(request, context) { try await pages.list(session: try signedIn(request)) }
        }
        router.get("/studio/experiments/:name") { request, context in
            try await page(request, context) {
                try await pages.experiment(try AdminAPI.parameter(.name, context), session: try signedIn(request))
            }
        }
        for (action, status) in [("pause", Experiment.Status.paused), ("resume", .running)] {
            submit("/studio/experiments/:name/\(action)", to: router) { submission in
                let name = try submission.name
                if fourEyes {
                    return try await requestChange(
                        status == .paused ? .pause : .resume, toExperiment: name, session: submission.session)
                }
                _ = try await control.update(experiment: name, by: submission.session.holder) { $0.status = status }
                return StudioPage.redirect(to: StudioExperimentPages.path(of: name))
            }
        }
        router.get(RouterPath(StudioExperimentPages.newPath)) { request, context in
            try await page(request, context) { try await pages.form(nil, session: try signedIn(request)) }
        }
        submit(RouterPath(StudioExperimentPages.newPath), to: router) { submission in
            try await pages.save(StudioExperimentForm(submission.form), isNew: true, session: submission.session)
        }
        router.get("/studio/experiments/:name/edit") { request, context in
            try await page(request, context) {
                try await pages.form(try AdminAPI.parameter(.name, context), session: try signedIn(request))
            }
        }
        submit("/studio/experiments/:name/edit", to: router) { submission in
            var fields = StudioExperimentForm(submission.form)
            fields.name = try submission.name
            return try await pages.save(fields, isNew: false, session: submission.session)
        }
        router.get("/studio/experiments/:name/stop") { request, context in
            try await page(request, context) {
                let session = try await signedIn(request)
                let winner = request.uri.queryParameters.get("winner")
                return try await pages.stopConfirmation(try AdminAPI.parameter(.name, context), winner: winner, session: session)
            }
        }
        submit("/studio/experiments/:name/stop", to: router) { submission in
            try await stop(try submission.name, form: submission.form, session: submission.session)
        }
        // An experiment's kill switches: at once, as a flag's.
        submit("/studio/experiments/:name/switch-off", to: router) { submission in
            let name = try submission.name
            var fields = StudioKillSwitches.Fields(submission.form)
            guard let part = fields.read() else {
                return try await pages.experiment(name, session: submission.session, fields: fields, status: .unprocessableContent)
            }
            try await control.switchOff(experiment: name, for: part, by: submission.session.holder)
            return StudioPage.redirect(to: StudioExperimentPages.path(of: name) + "#switched-off")
        }
        submit("/studio/experiments/:name/switch-on", to: router) { submission in
            let name = try submission.name
            try await control.switchOn(experiment: name, for: try StudioKillSwitches.part(submission.form), by: submission.session.holder)
            return StudioPage.redirect(to: StudioExperimentPages.path(of: name) + "#switched-off")
        }
    }

    /// Stops experiment `name` with the form's winner (or asks for it, under four eyes); the
    /// compatibility gate's refusal shows the confirmation again with its list and the reason field.
    private func stop(_ name: String, form: StudioForm, session: StudioSession) async throws -> Response {
        let winner = form["winner"]
        if fourEyes { return try await requestChange(.stop(winner: winner ?? ""), toExperiment: name, session: session) }
        do {
            _ = try await control.update(experiment: name, by: session.holder, force: form["force"]) { experiment in
                guard let winner, experiment.variants.contains(where: { $0.name == winner }) else {
                    throw ScreenplayError(
                        .unprocessableContent, code: "badWinner", message: "the winner must be one of the experiment's variants")
                }
                experiment.status = .stopped
                experiment.winner = winner
            }
        } catch let error as ScreenplayError where error.code == "compatibilityGate" {
            var page = try await StudioExperimentPages(control: control).stopConfirmation(
                name, winner: winner, session: session, refusal: error)
            page.status = .unprocessableContent
            return page
        }
        return StudioPage.redirect(to: StudioExperimentPages.path(of: name))
    }

    /// A change to experiment `name` asked for (four eyes): checked, then left for another admin.
    func requestChange(_ change: ChangeRequest.Change, toExperiment name: String, session: StudioSession) async throws -> Response {
        let stored = try await control.storedExperiment(named: name)
        guard let experiment = stored?.experiment ?? control.configuration.experiments[name] else {
            throw ControlPlane.noSuchExperiment(name)
        }
        if case .stop(let winner) = change, !experiment.variants.contains(where: { $0.name == winner }) { throw ControlPlane.badWinner }
        let request = try await control.requestChange(change, to: name, base: stored?.revision ?? 0, by: session.holder)
        return StudioPage.redirect(to: StudioRequestPages.path(of: request.id))
    }
}
