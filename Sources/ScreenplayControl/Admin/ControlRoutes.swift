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
/// | `GET /admin/experiments/NAME/report?goal=…` | results |
/// | `GET /admin/slots`, `GET /admin/slots/NAME` | content, the version as `ETag` |
/// | `PUT /admin/slots/NAME` | publish (`If-Match: "VERSION"`, `?dryRun=true`) |
/// | `GET /admin/slots/NAME/versions[/N]` | history |
/// | `POST /admin/slots/NAME/rollback` | `{"version": N}` republished |
/// | `GET /admin/audit?target=…&limit=…` | who changed what, before and after |
extension ControlPlane {
    /// The largest admin request body.
    static let maxAdminBytes = 256 * 1024

    public func addRoutes<Context: RequestContext>(to router: Router<Context>, tokens: AdminTokens) {
        router.post("/events") { request, _ in try await self.receiveEvents(request) }
        let admin = AdminAPI(control: self, tokens: tokens)
        admin.addRoutes(to: router)
    }

    /// `POST /events`: a batch of the user's `track` events. 202 with what was accepted and the
    /// problems of the events left out; 503 (and `Retry-After`) when the queue cannot take the batch.
    func receiveEvents(_ request: Request) async throws -> Response {
        guard let user = request.headers[.screenplayUser], !user.isEmpty else {
            throw ScreenplayError(
                .badRequest, code: "noUser", message: "events belong to a user: send \(HTTPField.Name.screenplayUser.rawName)",
                path: HTTPField.Name.screenplayUser.rawName)
        }
        try request.checkSentByThisSite()
        let body = try await request.collectedBody(upTo: EventBatch.maxBytes, naming: "a batch of events")
        let (batch, problems) = try EventBatch.decode(body)
        let now = Date()
        let conversions = batch.events.map {
            Conversion(id: $0.id, name: $0.name, user: String(user.prefix(128)), time: now, screen: $0.screen, properties: $0.properties)
        }
        guard events.accept(conversions) else {
            throw ScreenplayError(
                .serviceUnavailable, code: "eventsBackedUp", message: "too many events are waiting to be written; send these again later",
                headerFields: [.retryAfter: "5"])
        }
        var answer: [String: JSONValue] = ["accepted": .number(Double(conversions.count))]
        if !problems.isEmpty {
            answer["rejected"] = .array(problems.map { .object(["path": .string($0.path), "message": .string($0.message)]) })
        }
        return AdminAPI.json(.object(answer), status: .accepted)
    }
}
