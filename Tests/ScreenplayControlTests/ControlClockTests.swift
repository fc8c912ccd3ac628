import Foundation
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayServer
import ScreenplayTestSupport
import Testing

/// The control plane stamps its changes with the clock it is given, not with the machine's.
@Suite struct ControlClockTests {
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1_000).rounded()) }

    @Test(arguments: Backend.available)
    func changesAreStampedWithTheInjectedTime(_ backend: Backend) async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_600_000_000))
        let control = try await ControlPlane.open(
            database: try await backend.makeDatabase(), configuration: LiveConfiguration(),
            clock: ScreenplayClock(clock: clock, now: { clock.date }))
        let published = try await control.publish(
            Array(#"{"content": {"type": "text", "text": "Hi"}}"#.utf8), to: "home.promo", by: "alice")
        #expect(published.publishedAt == Self.milliseconds(clock.date))
        #expect(try await control.version(of: "home.promo")?.publishedAt == 1_600_000_000_000)
        #expect(try await control.audit(target: "slot:home.promo").first?.at == 1_600_000_000_000)

        clock.advance(by: .seconds(90))
        let stored = try await control.save(Experiment("homeOrder", variants: [("a", 1), ("b", 1)]), by: "bob")
        #expect(stored.updatedAt == 1_600_000_090_000)
        #expect(try await control.storedExperiment(named: "homeOrder")?.updatedAt == 1_600_000_090_000)
        #expect(try await control.audit(limit: 1).first?.at == 1_600_000_090_000)
        await control.database.close()
    }

    @Test(arguments: Backend.available)
    func aConstraintViolationIsKnownByTheDriversCode(_ backend: Backend) async throws {
        let database = try await backend.makeDatabase()
        try await database.query("CREATE TABLE probe (id TEXT PRIMARY KEY)")
        try await database.query("INSERT INTO probe (id) VALUES ($1)", [.text("a")])
        let duplicate = try await #require(throws: DatabaseError.self) {
            try await database.query("INSERT INTO probe (id) VALUES ($1)", [.text("a")])
        }
        #expect(duplicate.isConstraintViolation, "\(duplicate)")
        // An error that merely mentions a constraint is not one.
        let other = try await #require(throws: DatabaseError.self) { try await database.query("SELECT unique_constraint FROM probe") }
        #expect(!other.isConstraintViolation, "\(other)")
        await database.close()
    }
}
