import Foundation
import ScreenplayDSL
import Testing

/// Triggers, timers and `onAppear` in the format: reading with paths, writing in key order, the
/// `timer` action, the bounds, and what clients before format 1.2 receive.
@Suite struct BehaviourTests {
    static let extra = #"""
        "variables":[{"name":"count","type":"integer","value":0},{"name":"elapsed","type":"integer","value":0},{"name":"label","type":"string","value":""}],
        "triggers":[{"condition":"@{count > 2}","actions":[{"type":"track","event":"many"}]},
                    {"condition":"@{count > 5}","mode":"onVariable","once":true,"actions":[{"type":"timer","id":"offer","command":"start"}]}],
        "timers":[{"id":"offer","duration":"@{count * 1000}","tickInterval":1000,"valueVariable":"elapsed",
                   "tickActions":[{"type":"track","event":"tick"}],"endActions":[{"type":"setState","key":"done","value":true}]}],
        "onAppear":[{"type":"timer","id":"offer","command":"start"}],
        """#

    @Test func aScreenReadsItsTriggersTimersAndOnAppear() throws {
        let result = decodeScreen(body: #"{"type":"spacer"}"#, extra: Self.extra)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered)")
        let screen = try #require(result.value)
        #expect(screen.triggers.count == 2)
        #expect(screen.triggers[1].mode == .onVariable && screen.triggers[1].once)
        #expect(screen.triggers[1].actions == [.timer("offer", .start)])
        #expect(screen.timers.first?.duration == .expression(try PropertyExpression("@{count * 1000}")))
        #expect(screen.timers.first?.tickInterval == .milliseconds(1000))
        #expect(screen.timers.first?.valueVariable == "elapsed")
        #expect(screen.onAppear == [.timer("offer", .start)])
        #expect(screen.hasBehaviour && screen.usesExpressions)
    }

    @Test func writingInKeyOrderReadsBackTheSameScreen() throws {
        let screen = try #require(decodeScreen(body: #"{"type":"spacer"}"#, extra: Self.extra).value)
        let written = text(screen.encoded())
        #expect(written.contains(#""onAppear":[{"command":"start","id":"offer","type":"timer"}]"#))
        #expect(written.contains(#"{"actions":[{"event":"many","type":"track"}],"condition":"@{count > 2}"}"#))
        #expect(written.contains(#""timers":[{"duration":"@{count * 1000}","endActions""#))
        let again = Screen.decode(from: screen.encoded())
        #expect(again.value == screen && again.diagnostics.isEmpty)
        // Members are written in byte order: "onAppear" < "state" < "timers" < "title" < "triggers" < "variables".
        let order = ["\"onAppear\"", "\"timers\"", "\"triggers\"", "\"variables\""].map { written.range(of: $0)?.lowerBound }
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted() && order.allSatisfy { $0 != nil })
    }

    @Test func theDSLBuildsTheSameScreen() throws {
        let screen = Screen(
            id: "offer", variables: [VariableDeclaration("count", type: .integer, value: 0)],
            triggers: [try ScreenTrigger(when: "@{count > 2}", actions: [.track("many")])],
            timers: [ScreenTimer(id: "offer", duration: 60_000, tickInterval: 1_000, endActions: [.track("over")])],
            onAppear: [.timer("offer", .start)]
        ) { Spacer() }
        let read = Screen.decode(from: screen.encoded())
        #expect(read.value == screen, "\(read.diagnostics.rendered)")
        #expect(Action.decode(from: ["type": "timer", "id": "offer", "command": "pause"]).value == .timer("offer", .pause))
    }

    @Test func aBadTriggerCostsThatTriggerWithAnErrorAtItsPath() throws {
        let result = decodeScreen(
            body: #"{"type":"spacer"}"#,
            extra: #"""
                "variables":[{"name":"count","type":"integer","value":0}],
                "triggers":[{"condition":"@{count > 2}","mode":"sometimes","actions":[]},
                            {"condition":"@{count + 1}","actions":[]},
                            {"condition":"@{count >","actions":[]},
                            {"condition":"@{nope}","actions":[]},
                            {"condition":"@{count == 1}"},
                            {"condition":"@{count == 2}","actions":[{"type":"timer","id":"t","command":"rewind"}]}],
                """#)
        let diagnostics = result.diagnostics
        #expect(diagnostics.at("triggers[0].mode").first?.severity == .error, "\(diagnostics.rendered)")
        #expect(diagnostics.at("triggers[1].condition").first?.message.contains("boolean") == true, "\(diagnostics.rendered)")
        #expect(!diagnostics.at("triggers[2].condition").isEmpty)
        #expect(!diagnostics.at("triggers[3].condition").isEmpty)
        #expect(diagnostics.at("triggers[4]").first?.message.contains("actions") == true, "\(diagnostics.rendered)")
        #expect(!diagnostics.at("triggers[5].actions[0].command").isEmpty, "\(diagnostics.rendered)")
        let screen = try #require(result.value)
        #expect(screen.triggers.count == 1 && screen.triggers[0].actions.isEmpty)
    }

    @Test func timersAreBounded() throws {
        let many = (0..<20).map { #"{"id":"t\#($0)","duration":1000}"# }.joined(separator: ",")
        let result = decodeScreen(
            body: #"{"type":"spacer"}"#,
            extra: #"""
                "state":{"flag":false},
                "timers":[\#(many),{"id":"t0"}],
                """#)
        #expect(result.value?.timers.count == 16)
        #expect(result.diagnostics.at("timers[16]").first?.code == .limitExceeded, "\(result.diagnostics.rendered)")
        let bounds = decodeScreen(
            body: #"{"type":"spacer"}"#,
            extra: #"""
                "state":{"flag":false},
                "timers":[{"id":"a","duration":90000000},{"id":"b","tickInterval":10},{"id":"b"},{"id":"c","valueVariable":"flag"},
                          {"id":"d","duration":-5},{"id":"e","duration":"@{flag}"}],
                """#)
        let screen = try #require(bounds.value)
        #expect(screen.timers.map(\.id) == ["b", "c"], "\(bounds.diagnostics.rendered)")
        #expect(bounds.diagnostics.at("timers[0].duration").first?.code == .limitExceeded)
        #expect(bounds.diagnostics.at("timers[1].tickInterval").first?.severity == .warning)
        #expect(screen.timers[0].tickInterval == .milliseconds(50))
        #expect(bounds.diagnostics.at("timers[2]").first?.code == .duplicateID)
        #expect(bounds.diagnostics.at("timers[3].valueVariable").first?.severity == .error)
        #expect(screen.timers[1].valueVariable == nil)
        #expect(!bounds.diagnostics.at("timers[4].duration").isEmpty && !bounds.diagnostics.at("timers[5].duration").isEmpty)
    }

    @Test func clientsBeforeFormat1_2GetNoTriggersTimersOrTimerActions() throws {
        var screen = try #require(
            decodeScreen(
                body: #"{"type":"button","title":"Go","action":{"type":"timer","id":"offer","command":"start"}}"#, extra: Self.extra
            ).value)
        screen.version = .expressions
        let old = screen.adapted(to: .base).screen
        #expect(old.triggers.isEmpty && old.timers.isEmpty && old.onAppear.isEmpty)
        #expect(old.body.action == nil)
        let new = screen.adapted(to: .full).screen
        #expect(new.triggers == screen.triggers && new.timers == screen.timers && new.onAppear == screen.onAppear)
        // A 1.2 client that does not list `timer` loses the actions, not the triggers.
        var partial = ClientCapabilities.full
        partial.actions.remove("timer")
        let adapted = screen.adapted(to: partial).screen
        #expect(adapted.onAppear.isEmpty && adapted.triggers[1].actions.isEmpty && adapted.triggers.count == 2)
    }

    @Test func theSchemaKnowsTheTimerActionAndTheScreenMembers() throws {
        let schema = text(JSONWriter.write(FormatSchema.document))
        #expect(schema.contains("\"triggers\"") && schema.contains("\"timers\"") && schema.contains("\"onAppear\""))
        #expect(schema.contains("\"pause\"") && schema.contains("\"onVariable\""))
    }

    @Test func aTriggerLoopIsBoundedAndReported() throws {
        let screen = try #require(
            decodeScreen(
                body: #"{"type":"spacer"}"#,
                extra: #"""
                    "variables":[{"name":"n","type":"integer","value":0}],
                    "triggers":[{"condition":"@{n >= 0}","mode":"onVariable","actions":[{"type":"set","variable":"n","value":"@{n + 1}"}]}],
                    """#
            ).value)
        var triggers = TriggerEvaluator(triggers: screen.triggers)
        var variables = ScreenVariables(screen: screen)
        let evaluator = ExpressionEvaluator()
        triggers.beginChange()
        var firings = 0
        var before = variables
        variables.values["n"] = 1
        // Run the actions as a runtime would, until the triggers stop firing.
        while true {
            let outcome = triggers.evaluate(from: before, to: variables, evaluator: evaluator)
            firings += outcome.fired.count
            guard !outcome.limited, case .set(let name, let expression)? = outcome.actions.first else { break }
            before = variables
            try variables.assign(try evaluator.evaluate(expression.node, variables: variables), to: name)
        }
        #expect(firings == BehaviourLimits.default.maximumFiringsPerChange)
    }
}
