import Foundation
import Screenplay
import Testing

/// Runs the shared trigger and timer cases (`Tests/Conformance/behaviour/*.json`) through
/// `TriggerEvaluator` and `ScreenTimers`; `Tests/JavaScript/behaviour.test.mjs` (`scripts/test-js`)
/// runs the same files through the page's `ScreenplayBehaviour` in Node, so both fire the same
/// triggers and tick the same timers.
///
/// A file is `{"cases": [...]}`; a case is `{"name", "screen": {variables?, state?, triggers?,
/// timers?}, "limits"?: {"maximumFiringsPerChange"}, "steps": [...]}`, and a step one of
/// - `{"set": {name: value}, "cascade"?: true, "expect"?: "fired 0,2 limited problems 1"}`: the
///   variables change (a new change unless `cascade`, which continues the one before);
/// - `{"at": ms, "timer": id, "command": "start", "expect": "t value 0 | next 1000"}`: a command;
/// - `{"at": ms, "expect": "t tick 1000 | next 2000"}`: the time passes;
/// - `{"at": ms, "lifecycle": "inactive" | "active", "expect": "fired 0 | next 6100"}`: the screen
///   left the screen (its triggers and timers are held) or came back (released: the triggers
///   that fire for what changed meanwhile, and the next deadline);
/// and `"values"`, when given, the variables' values after it. A timer's step sets its variable.
@Suite struct BehaviourCaseTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/behaviour")

    struct Session {
        var variables: ScreenVariables
        var triggers: TriggerEvaluator
        var timers: ScreenTimers
        let evaluator = ExpressionEvaluator()

        init(_ entry: JSONValue) throws {
            var document = entry["screen"]?.objectValue ?? [:]
            document["version"] = "1.2"
            document["id"] = "case"
            document["body"] = ["type": "spacer"]
            let decoded = Screen.decode(from: .object(document))
            let screen = try #require(decoded.value)
            #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
            var limits = BehaviourLimits.default
            if let firings = entry["limits"]?["maximumFiringsPerChange"]?.intValue { limits.maximumFiringsPerChange = firings }
            variables = ScreenVariables(screen: screen)
            triggers = TriggerEvaluator(triggers: screen.triggers, limits: limits)
            timers = ScreenTimers(timers: screen.timers, limits: limits)
        }

        /// The step's answer as one line.
        mutating func run(_ step: JSONValue) -> String {
            if let changes = step["set"]?.objectValue {
                let before = variables
                for (name, value) in changes { variables.values[name] = value }
                if step["cascade"]?.boolValue != true { triggers.beginChange() }
                let outcome = triggers.evaluate(from: before, to: variables, evaluator: evaluator)
                var line = "fired " + (outcome.fired.isEmpty ? "none" : outcome.fired.map(String.init).joined(separator: ","))
                if outcome.limited { line += " limited" }
                if !outcome.problems.isEmpty { line += " problems \(outcome.problems.count)" }
                return line
            }
            let now = step["at"]?.intValue ?? 0
            if let lifecycle = step["lifecycle"]?.stringValue {
                var released = TriggerOutcome()
                if lifecycle == "inactive" {
                    triggers.hold(variables)
                    timers.hold(at: now)
                } else {
                    timers.release(at: now)
                    released = triggers.release(variables, evaluator: evaluator)
                }
                return "fired " + (released.fired.isEmpty ? "none" : released.fired.map(String.init).joined(separator: ","))
                    + " | next " + (timers.nextDeadline.map(String.init) ?? "none")
            }
            let outcome: TimerOutcome
            if let id = step["timer"]?.stringValue, let command = step["command"]?.stringValue.flatMap(TimerCommand.init(rawValue:)) {
                outcome = timers.perform(command, on: id, at: now, variables: variables, evaluator: evaluator)
            } else {
                outcome = timers.advance(to: now)
            }
            for step in outcome.steps {
                if let name = step.valueVariable { variables.values[name] = .number(Double(step.value)) }
            }
            var line =
                outcome.steps.isEmpty
                ? "none" : outcome.steps.map { "\($0.timer) \($0.event.rawValue) \($0.value)" }.joined(separator: ", ")
            line += " | next " + (timers.nextDeadline.map(String.init) ?? "none")
            if !outcome.problems.isEmpty { line += " | problems \(outcome.problems.count)" }
            return line
        }
    }

    @Test func everySharedBehaviourCasePasses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 2)
        var steps = 0
        for file in files {
            let json = try JSONParser.parse(Array(try Data(contentsOf: Self.directory.appendingPathComponent(file))))
            for entry in json["cases"]?.arrayValue ?? [] {
                let name = entry["name"]?.stringValue ?? "?"
                var session = try Session(entry)
                for (index, step) in (entry["steps"]?.arrayValue ?? []).enumerated() {
                    let actual = session.run(step)
                    steps += 1
                    if let expected = step["expect"]?.stringValue {
                        #expect(actual == expected, "\(file): \(name), step \(index)")
                    }
                    for (variable, value) in step["values"]?.objectValue ?? [:] {
                        #expect(
                            session.variables.values[variable]?.compactDescription == value.compactDescription,
                            "\(file): \(name), step \(index): \(variable)")
                    }
                }
            }
        }
        #expect(steps >= 60, "only \(steps) steps ran")
    }
}

extension JSONValue {
    fileprivate var compactDescription: String { String(decoding: JSONWriter.write(self), as: UTF8.self) }
}
