import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControlTestSupport
import ScreenplayProtocol
import ScreenplayServer
import Testing

@testable import ScreenplayControl

/// Every route of the admin API and the studio, walked with hostile text in its path, its query
/// and its body (JSON or form): each is refused at the one edge (400, or 422 at the JSON path for an
/// admin body) with the place it was found, on SQLite and PostgreSQL, and `/health` stays ok.
@Suite struct HostileRouteTests {
    /// NUL, BEL, ESC, U+FFFE, and a lone surrogate: as JSON text and as percent-encoded bytes.
    static let hostile: [(name: String, json: String, url: String)] = [
        ("NUL", #"a\u0000b"#, "a%00b"), ("BEL", #"a\u0007b"#, "a%07b"), ("ESC", #"a\u001b[31mb"#, "a%1B%5B31mb"),
        ("U+FFFE", #"a\ufffeb"#, "a%EF%BF%BEb"), ("lone surrogate", #"a\ud800b"#, "a%ED%A0%80b"),
    ]

    static func text(_ answer: TransportResponse) -> String { String(decoding: answer.body, as: UTF8.self) }

    @Test(arguments: Backend.available)
    func everyRouteRefusesHostileTextWhereItIsAndHealthStaysOk(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let (cookie, _) = try await StudioTests.signIn(instance, token: Instance.token)
        let (_, html) = try await StudioTests.page(instance, "/studio/experiments", cookie: cookie)
        let csrf = try #require(StudioTests.csrf(in: html))
        var walked = 0
        for entry in ControlPlane.methods.entries where entry.path != ["events"] {
            let segments = entry.path.map { $0.hasPrefix(":") ? ($0 == ":version" || $0 == ":id" ? "1" : "homeOrder") : String($0) }
            let path = "/" + segments.joined(separator: "/")
            let studio = path.hasPrefix("/studio")
            for method in entry.methods {
                for (name, json, url) in Self.hostile {
                    let place = "\(method) \(path) with \(name)"
                    // The query.
                    let query = try await send(instance, method, path + "?target=" + url, studio: studio, cookie: cookie, csrf: csrf)
                    #expect(query.status == .badRequest, "\(place) in ?target: \(query.status) \(Self.text(query).prefix(200))")
                    #expect(Self.text(query).contains("target"), "\(place): the answer names the parameter")
                    // The path, where it names something.
                    // (A client's URL drops a path that does not decode to UTF-8: the lone surrogate goes in the query and the body.)
                    if let index = entry.path.firstIndex(where: { $0.hasPrefix(":") }), name != "lone surrogate" {
                        var hostilePath = segments
                        hostilePath[index] = url
                        let answer = try await send(
                            instance, method, "/" + hostilePath.joined(separator: "/"), studio: studio, cookie: cookie, csrf: csrf)
                        #expect(answer.status == .badRequest, "\(place) in the path: \(answer.status) \(Self.text(answer).prefix(200))")
                    }
                    // The body.
                    guard method == .post || method == .put, path != "/studio/sign-out" else { continue }
                    let answer: TransportResponse
                    if studio {
                        answer = try await send(
                            instance, method, path, studio: true, cookie: cookie, csrf: csrf, form: "note=" + url + "&name=x")
                        #expect(answer.status == .badRequest, "\(place) in a field: \(answer.status) \(Self.text(answer).prefix(200))")
                        #expect(Self.text(answer).contains("note"), "\(place): the answer names the field")
                    } else {
                        answer = try await instance.send(method, path, body: #"{"nested": {"note": "\#(json)"}}"#)
                        if name == "lone surrogate" { // not Unicode: refused as the body, with where it is
                            #expect(answer.status == .badRequest, "\(place) in the body: \(answer.status)")
                            #expect(Self.text(answer).contains("surrogate"), "\(place): \(Self.text(answer))")
                        } else {
                            #expect(answer.status == .unprocessableContent, "\(place) in the body: \(answer.status) \(Self.text(answer))")
                            let problems = ScreenplayError(status: answer.status, body: answer.body)?.problems.map { "\($0.path)" }
                            #expect(problems == ["nested.note"], "\(place): \(Self.text(answer))")
                        }
                    }
                    walked += 1
                }
            }
        }
        #expect(walked > 100)
        // The fields the issue names, each refused where it is.
        let goal = try await instance.send(
            .put, "/admin/experiments/trial",
            body: #"{"goal": "buy\u0000x", "variants": [{"name": "a", "weight": 1}, {"name": "b", "weight": 1}]}"#)
        #expect(goal.status == .unprocessableContent)
        #expect(ScreenplayError(status: goal.status, body: goal.body)?.problems.map { "\($0.path)" } == ["goal"])
        let target = try await instance.send(.get, "/admin/experiments/homeOrder/report?target=a%00b")
        #expect(target.status == .badRequest && ScreenplayError(status: target.status, body: target.body)?.path == "target")
        let platform = try await instance.send(.post, "/admin/experiments/homeOrder/switched-off", body: #"{"platform": "ios\u0000"}"#)
        #expect(ScreenplayError(status: platform.status, body: platform.body)?.problems.map { "\($0.path)" } == ["platform"])
        let watch = try await instance.send(
            .put, "/admin/flags/guarded", body: #"{"defaultValue": false, "guardedRollout": {"watch": {"event": "fail\u0000"}}}"#)
        #expect(ScreenplayError(status: watch.status, body: watch.body)?.problems.map { "\($0.path)" } == ["guardedRollout.watch.event"])
        let experimentName = try await StudioTests.post(
            instance, StudioExperimentPages.newPath, cookie: cookie, form: "csrf=\(csrf)&name=trial%00x")
        #expect(experimentName.status == .badRequest && Self.text(experimentName).contains("name"))
        let note = try await StudioTests.post(instance, "/studio/requests/1/refuse", cookie: cookie, form: "csrf=\(csrf)&note=no%1B%5B2J")
        #expect(note.status == .badRequest)
        let health = try await instance.send(.get, "/health", token: nil)
        #expect(Self.text(health).contains(#""ok""#), "hostile text never marks the database degraded: \(Self.text(health))")
    }

    /// Control characters the edge lets through in free text (line breaks, tabs) are refused in the
    /// one-line fields: a goal, a kill switch's platform, the event a guarded rollout watches.
    @Test func oneLineFieldsRefuseLineBreaks() async throws {
        let instance = try await Instance.start(on: try await Backend.sqlite.makeDatabase())
        defer { Instance.stop(instance) }
        let goal = try await instance.send(
            .put, "/admin/experiments/trial",
            body: #"{"goal": "buy\nnow", "variants": [{"name": "a", "weight": 1}, {"name": "b", "weight": 1}]}"#)
        #expect(goal.status == .unprocessableContent)
        #expect(ScreenplayError(status: goal.status, body: goal.body)?.problems.map { "\($0.path)" } == ["goal"], "\(Self.text(goal))")
        let platform = try await instance.send(.post, "/admin/experiments/homeOrder/switched-off", body: #"{"platform": "ios\tx"}"#)
        #expect(platform.status == .unprocessableContent)
        #expect(ScreenplayError(status: platform.status, body: platform.body)?.problems.map { "\($0.path)" } == ["platform"])
        let watch = try await instance.send(
            .put, "/admin/flags/guarded", body: #"{"defaultValue": false, "guardedRollout": {"watch": {"event": "fail\nx"}}}"#)
        #expect(watch.status == .unprocessableContent)
        let paths = ScreenplayError(status: watch.status, body: watch.body)?.problems.map { "\($0.path)" } ?? []
        #expect(paths.contains { $0.hasSuffix("watch.event") }, "\(Self.text(watch))")
    }

    /// Behind the edge, the database layer refuses a NUL itself, as the request's error (400), on
    /// both databases: nothing is marked degraded.
    @Test(arguments: Backend.available)
    func theDatabaseLayerRefusesANulAsTheRequestsError(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        let error = await #expect(throws: ScreenplayError.self) {
            _ = try await instance.control.audit(target: "a\u{0}b", limit: 10)
        }
        #expect(error?.status == .badRequest)
        #expect(error?.message.contains("U+0000") == true)
        let health = try await instance.send(.get, "/health", token: nil)
        #expect(Self.text(health).contains(#""ok""#), "\(Self.text(health))")
    }

    /// One request to a route: an admin one with the token, a studio one with the session (and its
    /// CSRF token in a form when it posts).
    func send(
        _ instance: Instance, _ method: HTTPRequest.Method, _ path: String, studio: Bool, cookie: String?, csrf: String,
        form: String? = nil
    ) async throws -> TransportResponse {
        guard studio else { return try await instance.send(method, path, body: method == .get || method == .delete ? nil : "{}") }
        if method == .get { return try await StudioTests.page(instance, path, cookie: cookie).0 }
        return try await StudioTests.post(instance, path, cookie: cookie, form: form ?? "csrf=\(csrf)")
    }
}
