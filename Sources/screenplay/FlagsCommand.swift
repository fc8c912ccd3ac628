import ArgumentParser
import Foundation
import Screenplay
import ScreenplayFlags

/// `screenplay flags`: feature flags on GrowthBook's evaluation rules, checked from outside.
///
/// ```
/// $ screenplay flags evaluate --payload features.json --attributes '{"id": "u1", "platform": "ios"}' --flag newCheckout
/// {
///   "flags": {
///     "newCheckout": {
///       "on": true,
///       "ruleId": "fr_rollout",
///       "source": "force",
///       "value": true
///     }
///   }
/// }
/// ```
struct FlagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags", abstract: "Evaluate feature flags as GrowthBook's SDKs do.", subcommands: [Evaluate.self])

    struct Evaluate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "evaluate",
            abstract: "Print each flag's value for a user and the rule that gave it, as JSON.",
            discussion: """
                The payload is GrowthBook's features payload ({"features": {…}, "savedGroups": {…}}), as its \
                SDK endpoint serves it or as a file. Each flag's result has its value, on, the source (force, \
                experiment, defaultValue, prerequisite, cyclicPrerequisite, unknownFeature) and the rule's id, \
                and the experiment's key and variation when an experiment gave it. Rules that follow a \
                Screenplay experiment (screenplayExperiment) read the variants given with --variants; without \
                them they are passed, as GrowthBook's SDKs pass a rule they do not know. A payload that is refused \
                (docs/FLAGS.md) prints its errors, PATH: error: MESSAGE, and exits 1; warnings go to standard \
                error and the flags are evaluated.
                """
        )

        @Option(help: "The features payload, a JSON file.") var payload: String
        @Option(help: "The user's attributes: a JSON object, or @FILE for one in a file.") var attributes: String?
        @Option(name: .customLong("flag"), help: "A flag to evaluate (repeatable); every flag when none is given.") var flags: [String] = []
        @Option(help: "The variant each Screenplay experiment gives the user: a JSON object, {\"checkoutOrder\": \"newFlow\"}, or @FILE.")
        var variants: String?
        @Option(help: "The time rule schedules are evaluated at, ISO 8601 with its zone (now by default).") var at: String?

        func run() throws {
            let limits = FlagLimits.default
            let bytes: [UInt8]
            do {
                bytes = try DocumentFile(path: payload).read(limits: limits.document)
            } catch {
                printError("\(payload): error: \(error)")
                throw ExitCode(1)
            }
            let read = FeaturesPayload.decode(from: bytes, limits: limits)
            for warning in read.warnings { printError("\(payload): \(warning)") }
            guard let features = read.value else {
                for error in read.errors { printError("\(payload): \(error)") }
                throw ExitCode(1)
            }
            let instant = try at.map { text in
                guard let instant = FlagSchedule.instant(text) else {
                    throw ValidationError("--at is an ISO 8601 instant with its zone, not \(text)")
                }
                return instant
            }
            let evaluator = FlagEvaluator(payload: features, now: { instant ?? Date() })
            let user = try Self.object(from: attributes, option: "--attributes", of: "the user's attributes")
            let given = try Self.object(from: variants, option: "--variants", of: "each experiment's variant")
            let keys = flags.isEmpty ? features.features.keys.sorted() : flags
            var results: [String: JSONValue] = [:]
            for key in keys { results[key] = evaluator.evaluate(key, attributes: user) { given[$0]?.stringValue }.json }
            print(String(decoding: JSONWriter.write(["flags": .object(results)], layout: .pretty), as: UTF8.self), terminator: "")
        }

        /// A JSON object given to `option`, inline or in a file (`@path`).
        static func object(from text: String?, option: String, of what: String) throws -> [String: JSONValue] {
            guard let text else { return [:] }
            var bytes = Array(text.utf8)
            if text.hasPrefix("@") {
                do {
                    bytes = try DocumentFile(path: String(text.dropFirst())).read(limits: .default)
                } catch {
                    throw ValidationError("\(option) \(text): \(error)")
                }
            }
            guard case .object(let members) = try? JSONParser.parse(bytes) else {
                throw ValidationError("\(option) is a JSON object of \(what), or @FILE holding one")
            }
            return members
        }
    }
}
