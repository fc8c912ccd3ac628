import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
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
        let admin = router.group("/admin")
        admin.getWithHead("experiments") { request, context in
            try await authorize(request, context, .read)
            let stored = Dictionary(uniqueKeysWithValues: try await control.storedExperiments().map { ($0.experiment.name, $0) })
            let all = control.configuration.experiments.values.sorted { $0.name < $1.name }
            return Self.json(.object(["experiments": .array(all.map { Self.document($0, stored: stored[$0.name]) })]))
        }
        admin.getWithHead("experiments/:name") { request, context in
            try await authorize(request, context, .read)
            let name = try Self.parameter("name", context)
            let stored = try await control.storedExperiment(named: name)
            guard let experiment = stored?.experiment ?? control.configuration.experiments[name] else {
                throw ControlPlane.noSuchExperiment(name)
            }
            return Self.json(Self.document(experiment, stored: stored), etag: stored?.revision ?? 0)
        }
        admin.put("experiments/:name") { request, context in
            let holder = try await authorize(request, context, .admin)
            let name = try Self.parameter("name", context)
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            guard var json = try? JSONParser.parse(body) else {
                throw Experiment.invalid([.error(at: "$", "the body is not JSON")])
            }
            if case .object(var members) = json {
                if members["name"] == nil { members["name"] = .string(name) }
                if members["name"] != .string(name) {
                    throw Experiment.invalid([.error(at: "name", "the body names another experiment than the path")])
                }
                // What the API adds when it answers is accepted back as it was given.
                for key in ["revision", "updatedAt", "updatedBy", "source"] { members[key] = nil }
                json = .object(members)
            }
            let experiment = try Experiment(document: json)
            if Self.isDryRun(request) {
                return Self.json(.object(["dryRun": .bool(true), "experiment": experiment.document]))
            }
            let stored = try await control.save(experiment, by: holder.name, ifRevision: try Self.ifMatch(request))
            return Self.json(Self.document(stored.experiment, stored: stored), etag: stored.revision)
        }
        admin.delete("experiments/:name") { request, context in
            let holder = try await authorize(request, context, .admin)
            try await control.deleteExperiment(
                named: try Self.parameter("name", context), by: holder.name, ifRevision: try Self.ifMatch(request))
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        for action in ["pause", "resume", "stop"] {
            admin.post("experiments/:name/\(action)") { request, context in
                let holder = try await authorize(request, context, .admin)
                let name = try Self.parameter("name", context)
                var winner: String?
                if action == "stop" {
                    let body = try await request.collectedBody(upTo: 4_096)
                    guard case .object(let members)? = try? JSONParser.parse(body), case .string(let chosen)? = members["winner"] else {
                        throw Experiment.invalid([.error(at: "winner", "stopping names the winner: {\"winner\": \"…\"}")])
                    }
                    winner = chosen
                }
                let stored = try await control.update(experiment: name, by: holder.name, ifRevision: try Self.ifMatch(request)) {
                    experiment in
                    switch action {
                    case "pause": experiment.status = .paused
                    case "resume": experiment.status = .running
                    default:
                        experiment.status = .stopped
                        experiment.winner = winner
                    }
                }
                return Self.json(Self.document(stored.experiment, stored: stored), etag: stored.revision)
            }
        }
        admin.getWithHead("experiments/:name/report") { request, context in
            try await authorize(request, context, .read)
            let report = try await control.report(
                experiment: try Self.parameter("name", context), goal: request.uri.queryParameters["goal"].map(String.init))
            return Self.json(report.document)
        }
        admin.getWithHead("slots") { request, context in
            try await authorize(request, context, .read)
            return Self.json(.object(["slots": .array(try await control.slots().map { Self.document($0, withContent: false) })]))
        }
        admin.getWithHead("slots/:name") { request, context in
            try await authorize(request, context, .read)
            let name = try Self.parameter("name", context)
            guard let current = try await control.version(of: name) else { throw Self.noSuchSlot(name) }
            return Self.json(Self.document(current, withContent: true), etag: current.version)
        }
        admin.put("slots/:name") { request, context in
            let holder = try await authorize(request, context, .admin)
            let name = try Self.parameter("name", context)
            let body = try await request.collectedBody(upTo: ControlPlane.maxAdminBytes)
            let dryRun = Self.isDryRun(request)
            let published = try await control.publish(body, to: name, by: holder.name, ifMatch: try Self.ifMatch(request), dryRun: dryRun)
            var document = Self.document(published, withContent: false)
            if dryRun, case .object(var members) = document {
                members["dryRun"] = .bool(true)
                document = .object(members)
            }
            return Self.json(document, status: dryRun ? .ok : .created, etag: dryRun ? nil : published.version)
        }
        admin.getWithHead("slots/:name/versions") { request, context in
            try await authorize(request, context, .read)
            let limit = request.uri.queryParameters["limit"].flatMap { Int($0) } ?? 100
            let versions = try await control.versions(of: try Self.parameter("name", context), limit: limit)
            return Self.json(.object(["versions": .array(versions.map { Self.document($0, withContent: false) })]))
        }
        admin.getWithHead("slots/:name/versions/:version") { request, context in
            try await authorize(request, context, .read)
            let name = try Self.parameter("name", context)
            guard let number = Int(try Self.parameter("version", context)), let version = try await control.version(of: name, number) else {
                throw Self.noSuchSlot(name)
            }
            return Self.json(Self.document(version, withContent: true))
        }
        admin.post("slots/:name/rollback") { request, context in
            let holder = try await authorize(request, context, .admin)
            let body = try await request.collectedBody(upTo: 4_096)
            guard case .object(let members)? = try? JSONParser.parse(body), let version = members["version"]?.intValue else {
                throw ScreenplayError(.badRequest, code: "malformedRollback", message: "a rollback is {\"version\": N}", path: "version")
            }
            let published = try await control.rollback(
                try Self.parameter("name", context), to: version, by: holder.name, ifMatch: try Self.ifMatch(request))
            return Self.json(Self.document(published, withContent: false), status: .created, etag: published.version)
        }
        admin.getWithHead("audit") { request, context in
            try await authorize(request, context, .read)
            let limit = request.uri.queryParameters["limit"].flatMap { Int($0) } ?? 100
            let entries = try await control.audit(target: request.uri.queryParameters["target"].map(String.init), limit: limit)
            return Self.json(
                .object([
                    "entries": .array(
                        entries.map { entry in
                            var members: [String: JSONValue] = [
                                "id": .number(Double(entry.id)), "at": .string(Self.timestamp(entry.at)), "actor": .string(entry.actor),
                                "action": .string(entry.action), "target": .string(entry.target),
                            ]
                            members["before"] = entry.before.flatMap { try? JSONParser.parse(Array($0.utf8)) }
                            members["after"] = entry.after.flatMap { try? JSONParser.parse(Array($0.utf8)) }
                            return .object(members)
                        })
                ]))
        }
    }

    // MARK: Authentication

    /// The holder of the request's token, in `role`; a wrong token is answered slower each time
    /// its address tries again (``AuthenticationThrottle``), and logged.
    @discardableResult
    private func authorize(_ request: Request, _ context: some RequestContext, _ role: AdminTokens.Role) async throws -> AdminTokens.Holder
    {
        let address = (context as? any RemoteAddressRequestContext)?.remoteAddress
        try await throttle.admit(address)
        guard !tokens.isEmpty else {
            throw ScreenplayError(
                .forbidden, code: "adminDisabled",
                message: "the admin API is disabled: no admin token is configured (SCREENPLAY_ADMIN_TOKENS=name:admin:token)")
        }
        guard let holder = tokens.holder(authorization: request.headers[.authorization]) else {
            await throttle.failed(address, path: request.uri.path)
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

    static func parameter(_ name: String, _ context: some RequestContext) throws(ScreenplayError) -> String {
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

    static func isDryRun(_ request: Request) -> Bool {
        ["true", "1", ""].contains(request.uri.queryParameters["dryRun"].map(String.init) ?? "no")
    }

    // MARK: Answers

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, etag: Int? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let etag { headers[.eTag] = "\"\(etag)\"" }
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONWriter.write(value, layout: .pretty))))
    }

    static func document(_ experiment: Experiment, stored: StoredExperiment?) -> JSONValue {
        guard case .object(var members) = experiment.document else { return experiment.document }
        members["source"] = .string(stored == nil ? "code" : "stored")
        if let stored {
            members["revision"] = .number(Double(stored.revision))
            members["updatedAt"] = .string(timestamp(stored.updatedAt))
            members["updatedBy"] = .string(stored.updatedBy)
        }
        return .object(members)
    }

    static func document(_ version: SlotVersion, withContent: Bool) -> JSONValue {
        var members: [String: JSONValue] = [
            "slot": .string(version.slot), "version": .number(Double(version.version)), "author": .string(version.author),
            "publishedAt": .string(timestamp(version.publishedAt)),
        ]
        members["note"] = version.note.map(JSONValue.string)
        if withContent { members["document"] = try? JSONParser.parse(Array(version.document.utf8)) }
        return .object(members)
    }

    static func timestamp(_ milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000).formatted(.iso8601)
    }

    static func noSuchSlot(_ name: String) -> ScreenplayError {
        ScreenplayError(.notFound, code: "noSuchSlot", message: "nothing is published to \"\(ScreenplayError.quoting(name))\"")
    }
}

extension ExperimentReport {
    /// The report as the admin API and the CLI give it.
    var document: JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { $0.isFinite ? .number($0) : .null } ?? .null }
        return .object([
            "experiment": .string(experiment), "goal": .string(goal), "bucketVersion": .number(Double(bucketVersion)),
            "sampleRatio": .object([
                "pValue": number(sampleRatioPValue), "mismatch": .bool(sampleRatioMismatch),
                "threshold": .number(Self.sampleRatioThreshold),
            ]),
            "variants": .array(
                variants.map { variant in
                    .object([
                        "name": .string(variant.name), "weight": .number(variant.weight), "users": .number(Double(variant.users)),
                        "conversions": .number(Double(variant.conversions)), "rate": number(variant.rate), "lift": number(variant.lift),
                        "liftInterval": variant.liftInterval.map { .array([number($0.lowerBound), number($0.upperBound)]) } ?? .null,
                        "pValue": number(variant.pValue), "chanceToBeatControl": number(variant.chanceToBeatControl),
                    ])
                }),
        ])
    }
}
