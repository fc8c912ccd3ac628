import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// The control plane over HTTP: `POST /events` for apps, and the admin API under `/admin` for the
/// product team (JSON in and out, bearer tokens, every change in the audit log).
///
/// | | |
/// |---|---|
/// | `GET /admin/experiments` | every experiment in force (stored or declared) |
/// | `GET /admin/experiments/NAME` | one, with its revision as `ETag` |
/// | `PUT /admin/experiments/NAME` | create or replace (`If-Match: "REVISION"`, `?dryRun=true`) |
/// | `POST /admin/experiments/NAME/{pause,resume,stop}` | `stop` takes `{"winner": "…"}` |
/// | `DELETE /admin/experiments/NAME` | back to the declared default |
/// | `POST`, `DELETE /admin/experiments/NAME/switched-off` | switch off (on again) for `{"platform": …, "minAppVersion": …, "maxAppVersion": …, "reason": …}` |
/// | `GET /admin/experiments/NAME/report?goal=…` | results |
/// | `GET /admin/slots`, `GET /admin/slots/NAME` | content, the version as `ETag` |
/// | `PUT /admin/slots/NAME` | publish (`If-Match: "VERSION"`, `?dryRun=true`) |
/// | `GET /admin/slots/NAME/versions[/N]` | history |
/// | `POST /admin/slots/NAME/rollback` | `{"version": N}` republished |
/// | `GET /admin/audit?target=…&limit=…` | who changed what, before and after |
/// | `GET /admin/flags`, `GET`, `PUT`, `DELETE /admin/flags/KEY` | feature flags (`If-Match: "REVISION"`, `?dryRun=true`) |
/// | `POST`, `DELETE /admin/flags/KEY/switched-off` | switch a flag off (on again) for a part of the audience |
/// | `GET /admin/features` | the flags in force as GrowthBook's features payload |
/// | `GET /admin/compat`, `POST /admin/compat` | the compatibility report: the live census, or the census posted |
/// | `GET /admin/compat/census` | the capability census (the recorded capability file) |
extension ControlPlane {
    /// The largest admin request body.
    static let maxAdminBytes = 256 * 1024

    /// Every path of `POST /events` and the admin API, and its methods: the rest are 405.
    static let methods = MethodTable([
        "/events": [.post],
        AdminPath.experiments.pattern: [.get],
        AdminPath.experiment.pattern: [.get, .put, .delete],
        AdminPath.pause.pattern: [.post],
        AdminPath.resume.pattern: [.post],
        AdminPath.stop.pattern: [.post],
        AdminPath.report.pattern: [.get],
        AdminPath.switchedOff.pattern: [.post, .delete],
        AdminPath.slots.pattern: [.get],
        AdminPath.slot.pattern: [.get, .put],
        AdminPath.versions.pattern: [.get],
        AdminPath.version.pattern: [.get],
        AdminPath.rollback.pattern: [.post],
        AdminPath.audit.pattern: [.get],
        AdminPath.flags.pattern: [.get],
        AdminPath.flag.pattern: [.get, .put, .delete],
        AdminPath.flagSwitchedOff.pattern: [.post, .delete],
        AdminPath.features.pattern: [.get],
        AdminPath.compat.pattern: [.get, .post],
        AdminPath.census.pattern: [.get],
        "/studio/compat": [.get],
        "/studio": [.get],
        StudioStyleSheet.path: [.get],
        "/studio/sign-in": [.post],
        "/studio/sign-out": [.post],
        "/studio/experiments": [.get],
        "/studio/experiments/:name": [.get],
        "/studio/experiments/:name/pause": [.post],
        "/studio/experiments/:name/resume": [.post],
        "/studio/experiments/:name/stop": [.get, .post],
        "/studio/experiments/:name/edit": [.get, .post],
        StudioExperimentPages.newPath: [.get, .post],
        "/studio/audit": [.get],
        "/studio/audit/:id": [.get],
        "/studio/requests": [.get],
        "/studio/requests/:id": [.get],
        "/studio/requests/:id/approve": [.post],
        "/studio/requests/:id/refuse": [.post],
        "/studio/slots": [.get],
        "/studio/slots/:name": [.get, .post],
        "/studio/slots/:name/rollback": [.post],
        "/studio/slots/:name/check": [.post],
        StudioScript.path: [.get],
        "/studio/slots/:name/diff": [.get],
        "/studio/slots/:name/preview": [.get],
        "/studio/screens": [.get],
        "/studio/screens/preview": [.get],
        "/studio/playground": [.get, .post],
        "/studio/playground/:id": [.get, .post],
        "/studio/playground/:id/document": [.post],
        "/studio/flags": [.get],
        "/studio/flags/:name": [.get, .post],
        "/studio/flags/:name/check": [.post],
        "/studio/flags/:name/delete": [.get, .post],
        "/studio/flags/:name/switch-off": [.post],
        "/studio/flags/:name/switch-on": [.post],
        StudioFlagPages.newPath: [.get, .post],
        StudioFlagPages.newPath + "/check": [.post],
        "/studio/experiments/:name/switch-off": [.post],
        "/studio/experiments/:name/switch-on": [.post],
    ])

    public func addRoutes<Context: RequestContext>(to router: Router<Context>, tokens: AdminTokens) {
        addRoutes(to: router, tokens: tokens, studio: nil)
    }

    /// The same, with the studio's gallery and playgrounds over `studio` when given.
    func addRoutes<Context: RequestContext>(to router: Router<Context>, tokens: AdminTokens, studio: StudioScreens?) {
        router.add(middleware: Self.methods.middleware())
        // Every text of /admin and /studio is checked here, once, before any handler reads it.
        router.add(middleware: ControlTextCheck<Context>())
        router.post("/events") { request, _ in try await self.receiveEvents(request) }
        // One throttle for the API and the studio's sign-in: a guesser cannot switch doors.
        let throttle = AuthenticationThrottle(logger: logger, clock: clock)
        AdminAPI(control: self, tokens: tokens, throttle: throttle).addRoutes(to: router)
        StudioRoutes(control: self, tokens: tokens, throttle: throttle, screens: studio).addRoutes(to: router)
    }

    /// `POST /events`: a batch of the user's `track` events. 202 once what was accepted is stored
    /// (committed: it survives a crash), with the problems of the events left out; 503 (and
    /// `Retry-After`) when the queue is full or the database cannot be written, and then nothing
    /// of the batch was stored.
    func receiveEvents(_ request: Request) async throws -> Response {
        let verifier = configuration.userTokens
        guard let user = try request.headers.user(verifiedBy: verifier) else {
            let header = verifier == nil ? HTTPField.Name.screenplayUser : HTTPField.Name.screenplayUserToken
            throw ScreenplayError(
                verifier == nil ? .badRequest : .unauthorized, code: "noUser",
                message: "events belong to a\(verifier == nil ? "" : " verified") user: send \(header.rawName)", path: header.rawName)
        }
        try request.checkSentByThisSite()
        let body = try await request.collectedBody(upTo: EventBatch.maxBytes, naming: "a batch of events")
        let read = try EventBatch.decode(from: body)
        let batch = read.value ?? EventBatch(events: [])
        var problems = read.diagnostics
        let now = clock.now()
        let conversions = batch.events.map {
            Conversion(id: $0.id, name: $0.name, user: user, time: now, screen: $0.screen, properties: $0.properties)
        }
        switch await events.store(conversions) {
        case .backedUp:
            throw ScreenplayError(
                .serviceUnavailable, code: "eventsBackedUp", message: "too many events are waiting to be written; send these again later",
                headerFields: [.retryAfter: "5"])
        case .unavailable:
            throw ScreenplayError(
                .serviceUnavailable, code: "eventsNotStored",
                message: "the events could not be stored now; none of them was: send them again later", headerFields: [.retryAfter: "5"])
        case .stored(let rejected):
            // The batch keeps where each event stood in the body, gaps for the events left out included.
            let batchMember = EventBatch.Key.events.name
            for index in rejected where batch.positions.indices.contains(index) {
                let path = JSONPath([.key(batchMember), .index(batch.positions[index])])
                problems.append(.error(at: path, "the database refused this event; it was kept aside"))
            }
            problems.sort { ($0.path.index(after: batchMember) ?? 0) < ($1.path.index(after: batchMember) ?? 0) }
            var answer = JSONMembers<ConversionsAnswerKey>()
            answer[.accepted] = .number(Double(conversions.count - rejected.count))
            if !problems.isEmpty {
                answer[.rejected] = .array(
                    problems.map { problem in
                        var rejected = JSONMembers<ConversionsAnswerKey.Rejected>()
                        rejected[.path] = .string(problem.path.description)
                        rejected[.message] = .string(problem.message)
                        return rejected.json
                    })
            }
            return AdminAPI.json(answer.json, status: .accepted)
        }
    }
}

/// The members of the answer to `POST /admin/conversions`: how many were stored, and each event
/// the database refused.
enum ConversionsAnswerKey: String, JSONKey, CaseIterable {
    case accepted, rejected

    /// The members of one refused event: where it stood in the body, and why.
    enum Rejected: String, JSONKey, CaseIterable {
        case path, message
    }
}
