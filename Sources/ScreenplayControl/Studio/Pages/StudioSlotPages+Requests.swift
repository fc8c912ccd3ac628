import Hummingbird
import ScreenplayProtocol

extension StudioSlotPages {
    /// With four eyes on, a publish or a rollback of slot `name` from version `base` is asked
    /// for instead of made (after the same checks), and the request's page is the answer.
    func requestChange(_ change: ChangeRequest.Change, toSlot name: String, base: Int, session: StudioSession) async throws -> Response {
        let request = try await control.requestChange(change, to: name, base: base, by: session.holder)
        return StudioPage.redirect(to: StudioRequestPages.path(of: request.id))
    }

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
