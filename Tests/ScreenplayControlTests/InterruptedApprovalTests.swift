import Foundation
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayServer
import ScreenplayTestSupport
import Testing

/// An approval is marked, then applied: a process that dies between the two leaves a request
/// approved and not applied. The next start applies it, once, as its approver — but not while
/// another instance may still be applying it.
@Suite struct InterruptedApprovalTests {
    static let document = #"{"content": {"type": "text", "id": "promo.resumed", "text": "Approved before the crash"}}"#

    @Test(arguments: Backend.available)
    func anApprovalACrashInterruptedIsAppliedAtTheNextStartOnce(_ backend: Backend) async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        let database = try await backend.makeDatabase()
        func start() async throws -> ControlPlane {
            try await ControlPlane.open(
                database: database, configuration: LiveConfiguration(), clock: ScreenplayClock(clock: clock, now: { clock.date }))
        }
        let control = try await start()
        let request = try await control.requestChange(.publish(document: Self.document), to: "home.promo", base: 0, by: "alice")
        // The crash: the approval is stored, the process dies before it publishes.
        try await database.query(
            "UPDATE change_requests SET state = 'approved', decided_by = 'bob', decided_at = $2 WHERE id = $1",
            [.integer(Int64(request.id)), .integer(1_700_000_000_000)])

        // Within the grace another instance may still be applying it: a start leaves it alone.
        clock.advance(by: .seconds(30))
        _ = try await start()
        #expect(try await control.version(of: "home.promo") == nil)

        clock.advance(by: .seconds(40))
        let restarted = try await start()
        let published = try await restarted.version(of: "home.promo")
        #expect(published?.version == 1 && published?.author == "bob", "applied as its approver: \(String(describing: published))")
        #expect(published?.document.contains("Approved before the crash") == true)
        #expect(try await restarted.changeRequest(id: request.id)?.state == .approved)

        // Once: later starts find it applied (the slot moved past the request's base).
        clock.advance(by: .seconds(120))
        #expect(try await restarted.resumeInterruptedApprovals().isEmpty)
        _ = try await start()
        #expect(try await restarted.version(of: "home.promo")?.version == 1)
        let publishes = try await restarted.audit(target: "slot:home.promo").filter { $0.action == "publish" }
        #expect(publishes.map(\.actor) == ["bob"], "one publish, by the approver")
        await database.close()
    }

    @Test(arguments: Backend.available)
    func anApprovalOlderThanADayIsLeftAsItIs(_ backend: Backend) async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        let database = try await backend.makeDatabase()
        let control = try await ControlPlane.open(
            database: database, configuration: LiveConfiguration(), clock: ScreenplayClock(clock: clock, now: { clock.date }))
        let request = try await control.requestChange(.publish(document: Self.document), to: "home.promo", base: 0, by: "alice")
        try await database.query(
            "UPDATE change_requests SET state = 'approved', decided_by = 'bob', decided_at = $2 WHERE id = $1",
            [.integer(Int64(request.id)), .integer(1_700_000_000_000)])
        clock.advance(by: .seconds(86_400 + 60))
        #expect(try await control.resumeInterruptedApprovals().isEmpty)
        #expect(try await control.version(of: "home.promo") == nil)
        await database.close()
    }
}
