import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Screenplay
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// The `/admin` routes: each checks the bearer token first (401 without a valid one, 403 when its
/// role may not do that, 403 `adminDisabled` when no token is configured), then does one thing.
struct AdminAPI: Sendable {
    let control: ControlPlane
    let tokens: AdminTokens
    let throttle: AuthenticationThrottle

    func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        func route(_ path: AdminPath) -> RouterPath { RouterPath(path.pattern) }
        router.getWithHead(route(.experiments)) { request, context in
            try await authorize(request, context, .read)
            let stored = Dictionary(uniqueKeysWithValues: try await control.storedExperiments().map { ($0.experiment.name, $0) })
            let all = control.configuration.experiments.values.sorted { $0.name < $1.name }
            return Self.json(ExperimentList(experiments: all.map { ExperimentDocument($0, stored: stored[$0.name]) }))
        }
        router.getWithHead(route(.experiment)) { request, context in
            try await authorize(request, context, .read)
            let name = try Self.parameter(.name, context)
            let stored = try await control.storedExperiment(named: name)
            guard let experiment = stored?.experiment ?? control.configuration.experiments[name] else {
                throw ControlPlane.noSuchExperiment(name)
            }
            return Self.json(ExperimentDocument(experiment, stored: stored), etag: stored?.revision ?? 0)
        }
        router.put(route(.experiment)) { request, context in
            let holder = try await authorize(request, context, .admin)
            let name = try Self.parameter(.name, context)
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            guard var json = try? JSONParser.parse(body) else {
                throw Experiment.invalid([.error(at: .root, "the body is not JSON")])
            }
            if case .object(var members) = json {
                if members[Experiment.Key.name] == nil { members[Experiment.Key.name] = .string(name) }
                if members[Experiment.Key.name] != .string(name) {
                    throw Experiment.invalid([
                        .error(at: JSONPath([.key(Experiment.Key.name.name)]), "the body names another experiment than the path")
                    ])
                }
                json = .object(members)
            }
            // What the API adds when it answers is accepted back as it was given.
            let result = try Experiment.decode(from: ExperimentDocument.definition(json))
            guard let experiment = result.value, !result.hasErrors else { throw Experiment.invalid(result.diagnostics) }
            if Self.isDryRun(request) {
                return Self.json(ExperimentDryRun(experiment: experiment))
            }
            let stored = try await control.save(experiment, by: holder.name, ifRevision: try Self.ifMatch(request))
            return Self.json(ExperimentDocument(stored.experiment, stored: stored), etag: stored.revision)
        }
        router.delete(route(.experiment)) { request, context in
            let holder = try await authorize(request, context, .admin)
            try await control.deleteExperiment(
                named: try Self.parameter(.name, context), by: holder.name, ifRevision: try Self.ifMatch(request))
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        let statuses: [(AdminPath, Experiment.Status)] = [(.pause, .paused), (.resume, .running), (.stop, .stopped)]
        for (path, status) in statuses {
            router.post(route(path)) { request, context in
                let holder = try await authorize(request, context, .admin)
                let name = try Self.parameter(.name, context)
                var winner: String?
                if status == .stopped {
                    let body = try await request.collectedBody(upTo: 4_096)
                    guard let json = try? JSONParser.parse(body), let stop = try StopRequest.decode(from: json).value else {
                        throw StopRequest.refused
                    }
                    winner = stop.winner
                    if Self.isDryRun(request) {
                        // What stopping would do to the apps in the field, refused as the stop would be.
                        return Self.json(try await control.checkStop(name, winner: stop.winner, force: Self.query(.force, request)))
                    }
                }
                let stored = try await control.update(
                    experiment: name, by: holder.name, ifRevision: try Self.ifMatch(request), force: Self.query(.force, request)
                ) { experiment in
                    experiment.status = status
                    if status == .stopped { experiment.winner = winner }
                }
                return Self.json(ExperimentDocument(stored.experiment, stored: stored), etag: stored.revision)
            }
        }
        // Kill switches: one request switches a part of the audience off (or on again).
        for method in [HTTPRequest.Method.post, .delete] {
            router.on(route(.switchedOff), method: method) { request, context in
                let holder = try await authorize(request, context, .admin)
                let name = try Self.parameter(.name, context)
                let part = try await Self.killSwitch(in: request)
                let stored =
                    method == .post
                    ? try await control.switchOff(experiment: name, for: part, by: holder.name)
                    : try await control.switchOn(experiment: name, for: part, by: holder.name)
                return Self.json(ExperimentDocument(stored.experiment, stored: stored), etag: stored.revision)
            }
        }
        addFlagRoutes(to: router)
        router.getWithHead(route(.report)) { request, context in
            try await authorize(request, context, .read)
            let report = try await control.report(
                experiment: try Self.parameter(.name, context), goal: Self.query(.goal, request))
            return Self.json(report)
        }
        router.getWithHead(route(.slots)) { request, context in
            try await authorize(request, context, .read)
            return Self.json(SlotList(.slots, try await control.slots()))
        }
        router.getWithHead(route(.slot)) { request, context in
            try await authorize(request, context, .read)
            let name = try Self.parameter(.name, context)
            guard let current = try await control.version(of: name) else { throw Self.noSuchSlot(name) }
            return Self.json(SlotVersionDocument(current, includesContent: true), etag: current.version)
        }
        router.put(route(.slot)) { request, context in
            let holder = try await authorize(request, context, .admin)
            let name = try Self.parameter(.name, context)
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            let dryRun = Self.isDryRun(request)
            let published = try await control.publish(
                body, to: name, by: holder.name, ifMatch: try Self.ifMatch(request), dryRun: dryRun, force: Self.query(.force, request))
            // A dry run says what each client of the census would lose of the document.
            let compatibility = dryRun ? try await control.compatibility(of: try PublishedContent.checked(body), inSlot: name) : nil
            return Self.json(
                SlotVersionDocument(published, includesContent: false, dryRun: dryRun, compatibility: compatibility),
                status: dryRun ? .ok : .created, etag: dryRun ? nil : published.version)
        }
        router.getWithHead(route(.versions)) { request, context in
            try await authorize(request, context, .read)
            let limit = Self.query(.limit, request).flatMap { Int($0) } ?? 100
            let versions = try await control.versions(of: try Self.parameter(.name, context), limit: limit)
            return Self.json(SlotList(.versions, versions))
        }
        router.getWithHead(route(.version)) { request, context in
            try await authorize(request, context, .read)
            let name = try Self.parameter(.name, context)
            guard let number = Int(try Self.parameter(.version, context)), let version = try await control.version(of: name, number) else {
                throw Self.noSuchSlot(name)
            }
            return Self.json(SlotVersionDocument(version, includesContent: true))
        }
        router.post(route(.rollback)) { request, context in
            let holder = try await authorize(request, context, .admin)
            let body = try await request.collectedBody(upTo: 4_096)
            guard let json = try? JSONParser.parse(body), let rollback = try RollbackRequest.decode(from: json).value else {
                throw RollbackRequest.refused
            }
            let published = try await control.rollback(
                try Self.parameter(.name, context), to: rollback.version, by: holder.name, ifMatch: try Self.ifMatch(request))
            return Self.json(SlotVersionDocument(published, includesContent: false), status: .created, etag: published.version)
        }
        router.getWithHead(route(.compat)) { request, context in
            try await authorize(request, context, .read)
            return Self.json(try await control.compatibilityReport())
        }
        router.post(route(.compat)) { request, context in
            // A census recorded elsewhere, checked against this server's screens and slots: it changes nothing.
            try await authorize(request, context, .read)
            let body = try await request.collectedBody(upTo: CapabilityCensus.Snapshot.maxFileBytes)
            let census = try CapabilityCensus.Snapshot.decode(from: body).get()
            return Self.json(try await control.compatibilityReport(census: census))
        }
        router.getWithHead(route(.census)) { request, context in
            try await authorize(request, context, .read)
            return Self.json(try await control.guarded { try await control.census.snapshot() })
        }
        router.getWithHead(route(.audit)) { request, context in
            try await authorize(request, context, .read)
            let limit = Self.query(.limit, request).flatMap { Int($0) } ?? 100
            let entries = try await control.audit(target: Self.query(.target, request), limit: limit)
            return Self.json(AuditLog(entries: entries))
        }
    }

    // MARK: Authentication

    /// The holder of the request's token, in `role`; a wrong token is answered slower each time
    /// its address tries again (``AuthenticationThrottle``), and logged.
    @discardableResult
    func authorize(_ request: Request, _ context: some RequestContext, _ role: AdminTokens.Role) async throws -> AdminTokens.Holder {
        let address = (context as? any RemoteAddressRequestContext)?.remoteAddress
        guard !tokens.isEmpty else {
            throw ScreenplayError(
                .forbidden, code: "adminDisabled",
                message: "the admin API is disabled: no admin token is configured (SCREENPLAY_ADMIN_TOKENS=name:admin:token)")
        }
        let authorization = request.headers[.authorization]
        guard let holder = try await throttle.check(address, path: request.uri.path, { tokens.holder(authorization: authorization) }) else {
            throw ScreenplayError(
                .unauthorized, code: "badToken", message: "the admin API needs Authorization: Bearer <token>, with a valid token",
                headerFields: [.wwwAuthenticate: #"Bearer realm="screenplay-admin""#])
        }
        if role == .admin, holder.role != .admin {
            throw ScreenplayError(.forbidden, code: "readOnlyToken", message: "the token of \"\(holder.name)\" may read, not change")
        }
        return holder
    }

    // MARK: Reading requests

    static func parameter(_ parameter: AdminPath.Parameter, _ context: some RequestContext) throws(ScreenplayError) -> String {
        let name = parameter.rawValue
        guard let raw = context.parameters.get(name) else {
            throw ScreenplayError(.badRequest, code: "missingParameter", message: "the path needs its \(name)")
        }
        let value = raw.removingPercentEncoding ?? raw
        guard !value.isEmpty else {
            throw ScreenplayError(.badRequest, code: "badName", message: "a \(name) is 1 to 128 characters", path: name)
        }
        if let problem = StoredText.name(maxLength: 128).problem(in: value) {
            throw ScreenplayError(.badRequest, code: "badName", message: "a \(name) \(problem)", path: name)
        }
        return value
    }

    /// `If-Match: "7"` (or `7`); nil without one, or with `*`.
    static func ifMatch(_ request: Request) throws(ScreenplayError) -> Int? {
        guard let value = request.headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), value != "*" else { return nil }
        let bare = value.hasPrefix("W/") ? String(value.dropFirst(2)) : value
        guard let number = Int(bare.trimmingCharacters(in: CharacterSet(charactersIn: "\""))), number >= 0 else {
            throw ScreenplayError(
                .badRequest, code: "badIfMatch", message: "If-Match names a revision or version as an entity tag: \"7\"",
                path: HTTPField.Name.ifMatch.rawName)
        }
        return number
    }

    /// The part of the audience a kill switch's body names (a 422 at its paths when it does not read).
    static func killSwitch(in request: Request) async throws -> KillSwitch {
        let body = try await request.collectedBody(upTo: 4_096)
        var problems: [Diagnostic] = []
        guard let json = try? JSONParser.parse(body), let part = KillSwitch.read(json, at: .root, problems: &problems) else {
            throw ScreenplayError.invalid(
                code: "invalidKillSwitch", "the part switched off",
                problems.isEmpty
                    ? [.error(at: .root, "the body is {\"platform\": …, \"minAppVersion\": …, \"maxAppVersion\": …}")] : problems)
        }
        return part
    }

    static func isDryRun(_ request: Request) -> Bool {
        ["true", "1", ""].contains(query(.dryRun, request) ?? "no")
    }

    static func query(_ parameter: AdminPath.Query, _ request: Request) -> String? {
        request.uri.queryParameters[Substring(parameter.rawValue)].map(String.init)
    }

    // MARK: Answers

    static func json(_ message: some AdminMessage, status: HTTPResponse.Status = .ok, etag: Int? = nil) -> Response {
        json(message.document, status: status, etag: etag)
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, etag: Int? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let etag { headers[.eTag] = "\"\(etag)\"" }
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONWriter.write(value, layout: .pretty))))
    }

    static func noSuchSlot(_ name: String) -> ScreenplayError {
        ScreenplayError(.notFound, code: "noSuchSlot", message: "nothing is published to \"\(ScreenplayError.quoting(name))\"")
    }
}
