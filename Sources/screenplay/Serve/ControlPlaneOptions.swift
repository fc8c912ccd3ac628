import ArgumentParser
import Foundation
import Logging
import ScreenplayControl
import ScreenplayDemo
import ScreenplayServer

/// Where `screenplay serve` keeps experiments, content and events, and the control plane's rules
/// (four eyes, the compatibility gate and its census).
///
/// ```swift
/// let store = try await options.openDatabase()
/// let control = try await options.openControlPlane(on: store, configuration: LiveConfiguration(), logger: logger)
/// ```
struct ControlPlaneOptions: ParsableArguments {
    @Option(help: "The folder of the embedded SQLite database (experiments, content, events).")
    var data = ".screenplay"

    @Option(help: "A PostgreSQL URL (postgres://user:password@host:port/database) to share state between instances, instead of --data.")
    var database: String?

    @Flag(help: "Four eyes: a studio change to an experiment or a slot is a request that another admin approves before it applies.")
    var fourEyes = false

    @Option(
        help: """
            The compatibility gate: refuse publishing a slot, or stopping an experiment with a winner, when apps in the field \
            would lose nodes or actions for more than this share of users (of screen requests while no request named a user; \
            0.05: 5%). Off by default.
            """)
    var compatMaxShare: Double?

    @Option(help: "How many days the capability census counts, which the compatibility report and gate read.")
    var censusDays = 7

    /// The database: PostgreSQL when `--database` names one, otherwise SQLite in `--data`.
    func openDatabase() async throws -> any ControlDatabase {
        do {
            if let database {
                return try PostgresControlDatabase(url: database)
            }
            return try await SQLiteControlDatabase.open(folder: URL(fileURLWithPath: data))
        } catch {
            throw ValidationError("cannot open the database: \(error)")
        }
    }

    /// The control plane on `store`, seeded with the demo's experiments, with the rules the options
    /// and the environment (`SCREENPLAY_FOUR_EYES`, `SCREENPLAY_COMPAT_MAX_SHARE`) give; says them in the log.
    func openControlPlane(on store: any ControlDatabase, configuration: LiveConfiguration, logger: Logger) async throws -> ControlPlane {
        let maxShare = try compatibilityMaxShare()
        guard (1...90).contains(censusDays) else { throw ValidationError("--census-days is from 1 to 90") }
        let control: ControlPlane
        do {
            control = try await ControlPlane.open(
                database: store, configuration: configuration, census: CapabilityCensus.Limits(window: .seconds(censusDays * 86_400)),
                logger: logger)
            try await DemoApp.seed(control)
            control.fourEyes = fourEyes || ProcessInfo.processInfo.environment["SCREENPLAY_FOUR_EYES"] == "1"
            control.compatibilityMaxShare = maxShare
        } catch {
            throw ValidationError("cannot use the database \(database.map { _ in "(PostgreSQL)" } ?? data): \(error)")
        }
        logger.info(
            """
            control plane: \(database == nil ? "SQLite in \(data)" : "PostgreSQL"), change \(control.changeNumber), \
            four eyes \(control.fourEyes ? "on" : "off"), \
            compatibility gate \(maxShare.map { "at \(ExperimentReport.percent($0)) of users (or requests)" } ?? "off (--compat-max-share)") \
            over a \(censusDays)-day census
            """)
        return control
    }

    /// The compatibility gate's share: `--compat-max-share`, else `SCREENPLAY_COMPAT_MAX_SHARE`, else off (nil).
    private func compatibilityMaxShare() throws -> Double? {
        let maxShare =
            try compatMaxShare
            ?? ProcessInfo.processInfo.environment["SCREENPLAY_COMPAT_MAX_SHARE"].map { text in
                guard let share = Double(text) else {
                    throw ValidationError("SCREENPLAY_COMPAT_MAX_SHARE must be a share from 0 to 1, like 0.05")
                }
                return share
            }
        if let maxShare, !(0...1).contains(maxShare) {
            throw ValidationError("the compatibility gate's share is from 0 to 1 (0.05: 5% of users), not \(maxShare)")
        }
        return maxShare
    }
}
