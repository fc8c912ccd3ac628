import Foundation
import HTTPTypes
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// Real instances on loopback sharing a real database, driven over HTTP.
@Suite struct InstanceTests {
    static let promo = #"{"content": {"type": "text", "text": "Promo 'one'; -- \"quoted\""}}"#

    /// A live subscriber of the home on one stream: the events as they come.
    final class Subscriber: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        private var task: Task<Void, Never>?

        init(_ instance: Instance, path: String = "/screens/home/stream", headers: HTTPFields = Instance.allComponents) async throws {
            let response = try await DefaultTransport.make(maxResponseBytes: 64 << 20).open(
                TransportRequest(url: URL(string: instance.url.absoluteString + path)!, headers: headers))
            #expect(response.status == .ok)
            task = Task {
                var parser = ServerSentEventParser()
                do {
                    for try await chunk in response.body {
                        for event in parser.feed(chunk) { self.append("\(event.type)\n\(event.data)") }
                    }
                } catch {}
            }
        }

        private func append(_ text: String) {
            lock.lock()
            texts.append(text)
            lock.unlock()
        }

        var events: [String] {
            lock.lock()
            defer { lock.unlock() }
            return texts
        }

        func cancel() { task?.cancel() }
    }

    @Test(.enabled(if: PostgresServer.availableOrRequired, "needs PostgreSQL: apt-get install postgresql"))
    func aPublishOnOneInstanceReachesTheSubscribersOfAnother() async throws {
        let (first, second) = try await Instance.pairOnPostgres()
        defer { Instance.stop(first, second) }
        let subscriber = try await Subscriber(second)
        try await eventually("the subscriber's first event") { subscriber.events.count >= 1 }
        // Published on the first instance: the second's subscriber receives a patch with it.
        let published = try await first.send(.put, "/admin/slots/home.promo", body: Self.promo, headers: [.ifMatch: "\"0\""])
        #expect(published.status == .created)
        try await eventually("a patch bringing Promo 'one'") {
            subscriber.events.dropFirst().contains { $0.hasPrefix("patch") && $0.contains("Promo 'one'") }
        }
        // An experiment stopped there serves its winner here.
        let stopped = try await first.send(.post, "/admin/experiments/homeOrder/stop", body: #"{"winner": "paymentsFirst"}"#)
        #expect(stopped.status == .ok)
        try await eventually("the second instance to see homeOrder stopped") {
            second.control.configuration.experiments["homeOrder"]?.status == .stopped
        }
        let home = try await second.send(.get, "/screens/home", headers: Instance.allComponents, token: nil)
        let screen = try #require(Screen.decode(from: home.body).value)
        guard case .list(let list) = screen.body.component else {
            Issue.record("the home is not a list")
            return
        }
        #expect(list.sections.first?.id == "section.pay")
        subscriber.cancel()
    }

    /// The first section of the home as `headers` are served it by `instance`.
    static func firstSection(_ instance: Instance, _ headers: HTTPFields) async throws -> String? {
        let home = try await instance.send(.get, "/screens/home", headers: headers, token: nil)
        guard let screen = Screen.decode(from: home.body).value, case .list(let list) = screen.body.component else { return nil }
        return list.sections.first?.id
    }

    /// A kill switch set on one instance: the other serves the part switched off its control from
    /// its next request and patches its live screens; the rest of the audience keeps its variant.
    /// Prints how long each took (docs/PERFORMANCE.md).
    @Test(.enabled(if: PostgresServer.availableOrRequired, "needs PostgreSQL: apt-get install postgresql"))
    func aKillSwitchSetOnOneInstanceReachesTheOthersRequestsAndLiveScreens() async throws {
        let (first, second) = try await Instance.pairOnPostgres()
        defer { Instance.stop(first, second) }
        let experiments = first.control.configuration.experiments
        // A user the hash puts in paymentsFirst (the home's payments section first).
        let user = try #require(
            (0..<200).map { "killed-\($0)" }.first {
                ExperimentAssignments(experiments: experiments, audience: Audience(user: $0)).variant(of: "homeOrder") == "paymentsFirst"
            })
        var ios = Instance.allComponents
        ios[.screenplayUser] = user
        ios[.screenplayPlatform] = "ios"
        ios[.screenplayAppVersion] = "4.2.1"
        var android = ios
        android[.screenplayPlatform] = "android"
        #expect(try await Self.firstSection(second, ios) == "section.pay")
        let subscriber = try await Subscriber(second, headers: ios)
        try await eventually("the subscriber's first event") { subscriber.events.count >= 1 }

        let part = #"{"platform": "ios", "minAppVersion": "4.2", "maxAppVersion": "4.2.3", "reason": "crash on launch"}"#
        let start = ContinuousClock.now
        let switched = try await first.send(.post, "/admin/experiments/homeOrder/switched-off", body: part)
        #expect(switched.status == .ok, "\(String(decoding: switched.body, as: UTF8.self))")
        try await eventually("the second instance to see homeOrder switched off") {
            second.control.configuration.experiments["homeOrder"]?.switchedOff.isEmpty == false
        }
        let reached = ContinuousClock.now - start
        try await eventually("the live screen was patched") { subscriber.events.count >= 2 }
        let patched = ContinuousClock.now - start
        #expect(try await Self.firstSection(second, ios) == "section.services", "the part switched off sees the control")
        #expect(try await Self.firstSection(second, android) == "section.pay", "the rest keeps its variant")
        print("kill switch figure: another instance's next request after \(reached), its live screen after \(patched)")

        // The audit log says who switched what off; switching on again brings the variant back.
        let audit = try await first.control.audit(target: "experiment:homeOrder")
        #expect(audit.first?.action == "switch off ios 4.2 – 4.2.3", "\(audit.map(\.action))")
        let again = try await first.send(.post, "/admin/experiments/homeOrder/switched-off", body: part)
        #expect(again.status == .ok)
        #expect(
            try await first.control.storedExperiment(named: "homeOrder")?.experiment.switchedOff.count == 1, "switching off twice is once")
        let on = try await first.send(.delete, "/admin/experiments/homeOrder/switched-off", body: part)
        #expect(on.status == .ok)
        try await eventually("the second instance to see the switch gone") {
            second.control.configuration.experiments["homeOrder"]?.switchedOff.isEmpty == true
        }
        #expect(try await Self.firstSection(second, ios) == "section.pay")
        let unknown = try await first.send(.delete, "/admin/experiments/homeOrder/switched-off", body: part)
        #expect(unknown.status == .notFound)
        let bad = try await first.send(.post, "/admin/experiments/homeOrder/switched-off", body: #"{"platform": 4, "maxAppVersion": "x"}"#)
        #expect(bad.status == .unprocessableContent)
        #expect(String(decoding: bad.body, as: UTF8.self).contains("maxAppVersion"))
        let reader = try await first.send(.post, "/admin/experiments/homeOrder/switched-off", body: part, token: Instance.readToken)
        #expect(reader.status == .forbidden)
        subscriber.cancel()
    }

    @Test(.enabled(if: PostgresServer.availableOrRequired, "needs PostgreSQL: apt-get install postgresql"))
    func whileTheDatabaseIsDownScreensAreServedAndEventsWait() async throws {
        // A server of its own: this test stops and restarts it.
        let server = try PostgresServer.start()
        let instance = try await Instance.start(on: try await server.makeDatabase())
        defer { Instance.stop(instance) }
        #expect(try await instance.send(.put, "/admin/slots/home.promo", body: Self.promo).status == .created)
        try server.stopServer()
        // Degraded, said by /health; screens still served with the last configuration known.
        try await eventually("/health to say degraded") {
            let health = try await instance.send(.get, "/health", token: nil)
            return String(decoding: health.body, as: UTF8.self).contains("degraded")
        }
        let home = try await instance.send(.get, "/screens/home", headers: Instance.allComponents, token: nil)
        #expect(home.status == .ok)
        #expect(String(decoding: home.body, as: UTF8.self).contains("Promo 'one'"))
        // Events are not acknowledged while they cannot be stored (the app keeps them and sends
        // them again); changes are refused with a 503 and change nothing.
        let batch = #"{"events": [{"id": "e-1", "name": "checkout_done"}, {"id": "e-2", "name": "tap"}]}"#
        var headers: HTTPFields = [.screenplayUser: "subscriber-1"]
        let notStored = try await instance.send(.post, "/events", body: batch, headers: headers, token: nil)
        #expect(notStored.status == .serviceUnavailable)
        #expect(String(decoding: notStored.body, as: UTF8.self).contains("eventsNotStored"))
        let refused = try await instance.send(.put, "/admin/slots/home.promo", body: #"{"content": {"type": "text", "text": "lost"}}"#)
        #expect(refused.status == .serviceUnavailable)
        // Back: the batch sent again is stored, once each (sent twice, it counts once), and health is ok.
        try server.startServer()
        headers[.screenplayUser] = "subscriber-1"
        try await eventually(within: .seconds(40), "the batch accepted again") {
            try await instance.send(.post, "/events", body: batch, headers: headers, token: nil).status == .accepted
        }
        #expect(try await instance.send(.post, "/events", body: batch, headers: headers, token: nil).status == .accepted)
        try await eventually(within: .seconds(40), "/health ok with no event waiting") {
            let health = try await instance.send(.get, "/health", token: nil)
            return String(decoding: health.body, as: UTF8.self).contains(#""ok""#) && instance.control.events.waiting == 0
        }
        let rows = try await instance.control.database.query("SELECT COUNT(*) FROM events WHERE user_id = $1", [.text("subscriber-1")])
        #expect(rows.first?.integer(0) == 2)
        #expect(try await instance.control.version(of: "home.promo")?.version == 1)
        try? server.stopServer()
    }

    @Test(.enabled(if: PostgresServer.availableOrRequired, "needs PostgreSQL: apt-get install postgresql"))
    func aStepPaidOnOneInstanceIsRefusedOnAnother() async throws {
        let (first, second) = try await Instance.pairOnPostgres()
        defer { Instance.stop(first, second) }
        var headers = Instance.allComponents
        headers[.screenplayExperiments] = "checkoutOrder=signUpFirst"
        let start = try await first.send(.get, "/screens/checkout", headers: headers, token: nil)
        var token = try #require(start.headers[.screenplayStateToken])
        func step(_ name: String, _ state: String, on instance: Instance) async throws -> TransportResponse {
            let body = #"{"name": "\#(name)", "state": \#(state), "stateToken": "\#(token)"}"#
            return try await instance.send(.post, "/screens/checkout/intents", body: body, headers: headers, token: nil)
        }
        for (name, state) in [
            ("continue", #"{"name": "Ana", "email": "ana@example.com"}"#),
            ("continue", #"{"cardNumber": "4242 4242 4242 4242", "expiry": "12/29", "saveCard": true}"#),
        ] {
            let answer = try await step(name, state, on: first)
            #expect(answer.status == .ok)
            token = try #require(JSONParser.parse(answer.body)["stateToken"]?.stringValue)
        }
        #expect(try await step("pay", "{}", on: first).status == .ok)
        // The same confirm step's token, replayed on the other instance: it knows it was spent.
        let replay = try await step("pay", "{}", on: second)
        #expect(replay.status == .conflict)
        #expect(ScreenplayError(status: replay.status, body: replay.body)?.code == "stateAlreadyUsed")
    }

    @Test(arguments: Backend.available)
    func theAdminAPIAsksForTokensAndSaysWhatIsWrong(_ backend: Backend) async throws {
        let instance = try await Instance.start(on: try await backend.makeDatabase())
        defer { Instance.stop(instance) }
        func code(_ response: TransportResponse) -> String? { ScreenplayError(status: response.status, body: response.body)?.code }
        let anonymous = try await instance.send(.get, "/admin/experiments", token: nil)
        #expect(anonymous.status == .unauthorized)
        #expect(anonymous.headers[.wwwAuthenticate] != nil)
        #expect(try await instance.send(.get, "/admin/experiments", token: "wrong-token-0123456789abcdef").status == .unauthorized)
        let readOnly = try await instance.send(.put, "/admin/slots/home.promo", body: Self.promo, token: Instance.readToken)
        #expect(readOnly.status == .forbidden)
        #expect(code(readOnly) == "readOnlyToken")
        #expect(try await instance.control.version(of: "home.promo") == nil)
        #expect(try await instance.send(.get, "/admin/experiments", token: Instance.readToken).status == .ok)
        // An invalid document: 422 with each problem's path; nothing published.
        let invalid = try await instance.send(.put, "/admin/slots/home.promo", body: #"{"content": {"type": "text"}}"#)
        #expect(invalid.status == .unprocessableContent)
        #expect(ScreenplayError(status: invalid.status, body: invalid.body)?.problems.first?.path == "content")
        // Two admins edit the same slot from version 1: one wins, the other gets 412.
        #expect(try await instance.send(.put, "/admin/slots/home.promo", body: Self.promo).status == .created)
        let edits = [#"{"content": {"type": "text", "text": "A"}}"#, #"{"content": {"type": "text", "text": "B"}}"#]
        async let one = instance.send(.put, "/admin/slots/home.promo", body: edits[0], headers: [.ifMatch: "\"1\""])
        async let two = instance.send(.put, "/admin/slots/home.promo", body: edits[1], headers: [.ifMatch: "\"1\""])
        let statuses = try await [one.status, two.status].map(\.code).sorted()
        #expect(statuses == [201, 412])
        // An experiment with quotes and SQL in its names is stored and shown as given.
        let name = #"it's "on"; DROP TABLE experiments;--"#
        let path = "/admin/experiments/" + name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let body = #"{"variants": [{"name": "a'b", "weight": 1}, {"name": "c\"d", "weight": 1}]}"#
        let saved = try await instance.send(.put, path, body: body)
        #expect(saved.status == .ok)
        let shown = try await instance.send(.get, path)
        #expect(String(decoding: shown.body, as: UTF8.self).contains(#"DROP TABLE experiments;--"#))
        #expect(try await instance.control.storedExperiment(named: name)?.experiment.variants.map(\.name) == ["a'b", "c\"d"])
        // Events: a malformed one costs itself; the batch's others are accepted.
        let events = #"{"events": [{"id": "x1", "name": "tap"}, {"name": "no id"}, {"id": "x2", "name": "tap", "time": "soon"}]}"#
        let answer = try await instance.send(.post, "/events", body: events, headers: [.screenplayUser: "u"], token: nil)
        #expect(answer.status == .accepted)
        let text = String(decoding: answer.body, as: UTF8.self).filter { !$0.isWhitespace }
        #expect(text.contains(#""accepted":1"#) && text.contains("events[1].id") && text.contains("events[2].time"), "\(text)")
    }
}
