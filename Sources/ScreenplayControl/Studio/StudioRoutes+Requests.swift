import Hummingbird
import ScreenplayProtocol
import ScreenplayServer

extension StudioRoutes {
    /// Four eyes' pages: requests for both roles, decisions for an admin who did not ask.
    ///
    /// | | |
    /// |---|---|
    /// | `GET /studio/requests` | pending requests first, then decided ones |
    /// | `GET /studio/requests/ID` | one, with what it changes as a diff |
    /// | `POST /studio/requests/ID/{approve,refuse}` | `csrf`; `note` (refuse) |
    func addRequestRoutes<Context: RequestContext>(to router: Router<Context>) {
        let pages = StudioRequestPages(control: control)
        router.get(RouterPath(StudioPage.Section.requests.path)) { request, context in
            try await page(request, context) { try await pages.list(session: try signedIn(request), fourEyes: fourEyes) }
        }
        router.get(RouterPath(StudioPage.Section.requests.path + "/:id")) { request, context in
            try await page(request, context) {
                let session = try await signedIn(request)
                return try await pages.request(context.parameters.get("id") ?? "", session: session)
            }
        }
        router.post(RouterPath(StudioPage.Section.requests.path + "/:id/approve")) { request, context in
            try await page(request, context) {
                let (session, _) = try await changing(request, role: .admin)
                let found = try await StudioRequestPages.find(context.parameters.get("id") ?? "", control: control)
                try await control.approve(request: found.id, by: session.holder)
                return StudioPage.redirect(to: StudioRequestPages.path(of: found.id))
            }
        }
        router.post(RouterPath(StudioPage.Section.requests.path + "/:id/refuse")) { request, context in
            try await page(request, context) {
                let (session, form) = try await changing(request, role: .admin)
                let found = try await StudioRequestPages.find(context.parameters.get("id") ?? "", control: control)
                try await control.refuse(request: found.id, by: session.holder, note: form["note"])
                return StudioPage.redirect(to: StudioRequestPages.path(of: found.id))
            }
        }
    }

    /// With four eyes on, a change to experiment `name` is asked for instead of made: checked as
    /// it would be, stored from the experiment's revision now, and the request's page is the answer.
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

extension StudioSlotPages {
    /// With four eyes on, a publish or a rollback of slot `name` from version `base` is asked
    /// for instead of made (after the same checks), and the request's page is the answer.
    func requestChange(_ change: ChangeRequest.Change, toSlot name: String, base: Int, session: StudioSession) async throws -> Response {
        let request = try await control.requestChange(change, to: name, base: base, by: session.holder)
        return StudioPage.redirect(to: StudioRequestPages.path(of: request.id))
    }
}

extension StudioSlotPages {
    /// A rollback asked for: the version must exist, and the slot must be at `base` still.
    func requestRollback(_ name: String, to version: Int, base: Int?, session: StudioSession) async throws -> Response {
        guard try await control.version(of: name, version) != nil else {
            throw ScreenplayError(
                .notFound, code: "noSuchVersion", message: "slot \"\(ScreenplayError.quoting(name))\" has no version \(version)",
                path: "version")
        }
        let current = try await control.version(of: name)?.version ?? 0
        if let base, base != current { throw ControlPlane.preconditionFailed(name: name, expected: base, current: current) }
        return try await requestChange(.rollback(version: version), toSlot: name, base: current, session: session)
    }
}
