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
                and ruleId, with experiment (GrowthBook's Experiment, as the rule wrote it) and experimentResult \
                (GrowthBook's Result) when an experiment gave it. With --sticky-buckets, experiments keep the \
                variation a user is stuck to and rules' fallbackAttribute applies, as in GrowthBook's SDKs. Rules that follow a \
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
        @Option(
            help: """
                Evaluate with sticky buckets (which also enables rules' fallbackAttribute): the stored sticky-bucket \
                documents, GrowthBook's StickyAssignmentsDocument, as a JSON array (or an object of them by key), or \
                @FILE; [] for none yet. The user's are loaded as GrowthBook's SDKs load them, and the documents after \
                evaluation are printed as stickyBucketAssignmentDocs. A context's stickyBucketAssignmentDocs are used too.
                """)
        var stickyBuckets: String?

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
            var output: [String: JSONValue] = [:]
            let chosen: FlagEvaluator.Variants = { given[$0]?.stringValue }
            if var buckets = try stickyBuckets(settings: settings, user: user, payload: features) {
                for key in keys { results[key] = evaluator.evaluate(key, attributes: user, stickyBuckets: &buckets, variants: chosen).json }
                output["stickyBucketAssignmentDocs"] = .object(buckets.documents.mapValues(\.json))
            } else {
                for key in keys { results[key] = evaluator.evaluate(key, attributes: user, variants: chosen).json }
            }
            output["flags"] = .object(results)
            print(String(decoding: JSONWriter.write(.object(output), layout: .pretty), as: UTF8.self), terminator: "")
        }

        /// The user's sticky buckets, when sticky bucketing is asked for (`--sticky-buckets`, or a
        /// context's `stickyBucketAssignmentDocs`): the stored documents loaded as GrowthBook loads
        /// a user's, and the context's as given.
        private func stickyBuckets(settings: [String: JSONValue], user: [String: JSONValue], payload: FeaturesPayload) throws
            -> FlagStickyBuckets?
        {
            let preloaded = settings["stickyBucketAssignmentDocs"]
            guard stickyBuckets != nil || preloaded != nil else { return nil }
            var stored: [FlagStickyBuckets.Document] = []
            if let text = stickyBuckets {
                var bytes = Array(text.utf8)
                if text.hasPrefix("@") {
                    do {
                        bytes = try DocumentFile(path: String(text.dropFirst())).read(limits: .default)
                    } catch {
                        throw ValidationError("--sticky-buckets \(text): \(error)")
                    }
                }
                guard let json = try? JSONParser.parse(bytes) else {
                    throw ValidationError("--sticky-buckets is a JSON array of sticky-bucket documents, or @FILE holding one")
                }
                stored = try Self.documents(json, option: "--sticky-buckets")
            }
            var buckets = FlagStickyBuckets(loading: stored, for: user, payload: payload)
            if let preloaded {
                let given = try Self.documents(preloaded, option: "the context's stickyBucketAssignmentDocs")
                buckets = FlagStickyBuckets(documents: buckets.documents.values.sorted { $0.key < $1.key } + given)
            }
            return buckets
        }

        /// Sticky-bucket documents: an array of them, or an object of them by key.
        static func documents(_ json: JSONValue, option: String) throws -> [FlagStickyBuckets.Document] {
            let items: [(String, JSONValue)]
            switch json {
            case .array(let array): items = array.enumerated().map { ("[\($0.offset)]", $0.element) }
            case .object(let object): items = object.sorted { $0.key < $1.key }.map { (".\($0.key)", $0.value) }
            default: throw ValidationError("\(option) is a JSON array of sticky-bucket documents, not \(json.kindDescription)")
            }
            return try items.map { place, item in
                do {
                    return try FlagStickyBuckets.Document(json: item)
                } catch {
                    throw ValidationError("\(option)\(place): \(error)")
                }
            }
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
