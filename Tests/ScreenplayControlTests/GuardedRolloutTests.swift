import Foundation
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayServer
import ScreenplayTestSupport
import Testing

/// A guarded rollout steps its coverage on its schedule and, when its included users fare worse
/// on the watched event than the held-back ones beyond the threshold, rolls itself back to no one
/// with an audit entry that says why; then it stays back.
@Suite struct GuardedRolloutTests {
    static let flag = #"""
        {"key": "newCheckout", "feature": {"defaultValue": false, "rules": [{"id": "rollout", "force": true, "coverage": 0.1}]},
         "guardedRollout": {"rule": "rollout", "steps": [0.1, 0.5, 1], "every": 3600,
                            "watch": {"event": "client_error", "worseWhen": "higher", "threshold": 0.05, "minimumUsers": 20}}}
        """#

    static func definition(_ text: String) throws -> FlagDefinition {
        let result = FlagDefinition.decode(from: try JSONParser.parse(Array(text.utf8), limits: .unlimited))
        return try #require(result.value, "\(result.diagnostics)")
    }

    @Test(arguments: Backend.available)
    func itStepsOnItsScheduleAndRollsBackWhenTheWatchedEventIsWorse(_ backend: Backend) async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        let control = try await ControlPlane.open(
            database: try await backend.makeDatabase(), configuration: LiveConfiguration(),
            clock: ScreenplayClock(clock: clock, now: { clock.date }))
        try await control.save(flag: try Self.definition(Self.flag), by: "alice", ifRevision: 0)
        #expect(try await control.storedFlag("newCheckout")?.definition.guardedRollout?.startedAt == 1_700_000_000_000)
        #expect(try await control.rolloutGuard.check().isEmpty, "at its first step already")

        clock.advance(by: .seconds(3_600))
        #expect(try await control.rolloutGuard.check() == ["newCheckout: step rollout to 50.0%"])
        #expect(try await control.storedFlag("newCheckout")?.definition.coverage(ofRule: "rollout") == 0.5)
        #expect(try await control.audit(target: "flag:newCheckout").first?.actor == "rollout guard")

        // The included users hit client errors three times as often as the held-back ones.
        for index in 0..<40 {
            for (group, errors) in [("included", 12), ("heldBack", 4)] {
                let user = "\(group)-\(index)"
                control.events.record(Exposure(experiment: "rollout:newCheckout", variant: group, user: user, overridden: false))
                if index < errors { control.events.record(Conversion(name: "client_error", user: user)) }
            }
        }
        #expect(await control.events.writeWaiting())
        let changes = try await control.rolloutGuard.check()
        #expect(
            changes.first?.hasPrefix("newCheckout: roll back rollout: client_error 30.0% of 40 included against 10.0% of 40") == true,
            "\(changes)")
        let rolledBack = try #require(try await control.storedFlag("newCheckout")?.definition)
        #expect(rolledBack.coverage(ofRule: "rollout") == 0 && rolledBack.guardedRollout?.state == .rolledBack)
        #expect(rolledBack.guardedRollout?.reason?.contains("threshold 5.0%") == true)
        #expect(try await control.audit(target: "flag:newCheckout").first?.action.hasPrefix("roll back rollout") == true)
        // It stays back: the schedule no longer moves it.
        clock.advance(by: .seconds(7_200))
        #expect(try await control.rolloutGuard.check().isEmpty)
        #expect(try await control.storedFlag("newCheckout")?.definition.coverage(ofRule: "rollout") == 0)
        await control.database.close()
    }

    @Test func aGuardThatDoesNotReadIsRefusedAtItsPaths() throws {
        let noRule = Self.flag.replacingOccurrences(of: #""rule": "rollout""#, with: #""rule": "other""#)
        let steps = Self.flag.replacingOccurrences(of: "[0.1, 0.5, 1]", with: "[0.5, 0.1]")
        let watch = Self.flag.replacingOccurrences(of: #""worseWhen": "higher""#, with: #""worseWhen": "sideways", "colour": 1"#)
        for (text, paths) in [
            (noRule, ["guardedRollout.rule"]), (steps, ["guardedRollout.steps"]),
            (watch, ["guardedRollout.watch.colour", "guardedRollout.watch.worseWhen"]),
        ] {
            let result = FlagDefinition.decode(from: try JSONParser.parse(Array(text.utf8), limits: .unlimited))
            #expect(result.value == nil)
            #expect(Set(result.diagnostics.map { "\($0.path)" }) == Set(paths), "\(result.diagnostics)")
        }
    }
}
