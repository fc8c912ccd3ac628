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
///       "off": false,
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
                SDK endpoint serves it or as a file, or a whole GrowthBook SDK context (--context) as GrowthBook's \
                published test cases give one. Each flag's result is GrowthBook's FeatureResult: value, on, off, the \
                source (force, experiment, defaultValue, prerequisite, cyclicPrerequisite, unknownFeature, override) \
                and ruleId, with experiment (its key) and experimentResult (GrowthBook's Result) when an experiment \
                gave it. Rules that follow a \
                Screenplay experiment (screenplayExperiment) read the variants given with --variants; without \
                them they are passed, as GrowthBook's SDKs pass a rule they do not know. A payload that is refused \
                (docs/FLAGS.md) prints its errors, PATH: error: MESSAGE, and exits 1; warnings go to standard \
                error and the flags are evaluated.
                """
        )

        @Option(help: "The features payload, a JSON file.") var payload: String?
        @Option(
            help: """
                A GrowthBook SDK context instead of --payload: a JSON object, or @FILE, with features, savedGroups, \
                attributes, forcedVariations, forcedFeatureValues, qaMode and enabled, as GrowthBook's published test cases give it.
                """)
        var context: String?
        @Flag(help: "Evaluate a refused payload as GrowthBook's SDKs would (its errors go to standard error; a server never serves one).")
        var evenWhenRefused = false
        @Option(help: "The user's attributes: a JSON object, or @FILE for one in a file (the context's by default).") var attributes:
            String?
        @Option(name: .customLong("flag"), help: "A flag to evaluate (repeatable); every flag when none is given.") var flags: [String] = []
        @Option(help: "The variant each Screenplay experiment gives the user: a JSON object, {\"checkoutOrder\": \"newFlow\"}, or @FILE.")
        var variants: String?
        @Option(help: "The time rule schedules are evaluated at, ISO 8601 with its zone (now by default).") var at: String?

        func validate() throws {
            guard (payload == nil) != (context == nil) else {
                throw ValidationError("give the flags with --payload FILE or --context JSON, one of them")
            }
        }

        func run() throws {
            let limits = FlagLimits.default
            let source = payload ?? "--context"
            var settings: [String: JSONValue] = [:]
            let read: DecodeResult<FeaturesPayload>
            if let payload {
                let bytes: [UInt8]
                do {
                    bytes = try DocumentFile(path: payload).read(limits: limits.document)
                } catch {
                    printError("\(payload): error: \(error)")
                    throw ExitCode(1)
                }
                read = FeaturesPayload.decode(from: bytes, limits: limits)
                if evenWhenRefused, read.hasErrors, let json = try? JSONParser.parse(bytes, limits: limits.document),
                    let members = json.objectValue
                {
                    return try evaluate(
                        FeaturesPayload.decode(growthBookContext: members, evenWhenRefused: true), source: source, settings: [:])
                }
            } else {
                settings = try Self.object(from: context, option: "--context", of: "a GrowthBook SDK context")
                read = FeaturesPayload.decode(growthBookContext: settings, evenWhenRefused: evenWhenRefused, limits: limits)
            }
            try evaluate(read, source: source, settings: settings)
        }

        private func evaluate(_ read: DecodeResult<FeaturesPayload>, source: String, settings: [String: JSONValue]) throws {
            for warning in read.warnings { printError("\(source): \(warning)") }
            guard let features = read.value else {
                for error in read.errors { printError("\(source): \(error)") }
                throw ExitCode(1)
            }
            for error in read.errors { printError("\(source): \(error) (evaluated as GrowthBook would)") }
            let instant = try (at ?? settings["now"]?.stringValue).map { text in
                guard let instant = FlagSchedule.instant(text) else {
                    throw ValidationError("--at is an ISO 8601 instant with its zone, not \(text)")
                }
                return instant
            }
            let evaluator = FlagEvaluator(
                payload: features, options: FlagEvaluator.Options(growthBookContext: settings), now: { instant ?? Date() })
            let user =
                attributes == nil
                ? settings["attributes"]?.objectValue ?? [:]
                : try Self.object(from: attributes, option: "--attributes", of: "the user's attributes")
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
