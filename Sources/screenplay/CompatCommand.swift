import ArgumentParser
import Foundation
import Screenplay
import ScreenplayControl
import ScreenplayDemo
import ScreenplayProtocol

/// `screenplay compat`: what the apps in the field would lose on every screen and slot (the
/// compatibility report), from a running server's census or from a recorded one.
struct CompatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compat",
        abstract:
            "Report what the capability sets in the field lose on every screen and slot, and the shares of users and requests affected.",
        discussion: """
            Without --capabilities: the running server's report, over its census (needs a read token).
            --export prints the server's census: the recorded capability file that --capabilities reads.
            --capabilities FILE with --server: that census checked against the server's screens and slots.
            --capabilities FILE without --server: checked in this process against the screens compiled into this build
            (the demo's), with no server and no database: the CI step for a new build.
            --check exits 1, listing each screen or slot whose degraded share (users whose client loses a node or an
            action; requests when the census counted no user, as in a recorded file) is above --max-share (default: the
            server's gate, else 0.05).

            Examples:
              screenplay compat --server https://api.example.com --token $TOKEN --export > recorded.json
              screenplay compat --check --capabilities recorded.json --max-share 0.05
            """)

    @Option(help: "The server (default http://127.0.0.1:8080; without it, --capabilities is checked in this process).")
    var server: String?
    @Option(help: "A read or admin token (default: SCREENPLAY_ADMIN_TOKEN).") var token: String?
    @Option(help: "A recorded capability census (JSON, as --export prints it).") var capabilities: String?
    @Flag(help: "Print the report's JSON instead of tables.") var json = false
    @Flag(help: "Print the server's capability census (JSON) and stop.") var export = false
    @Flag(help: "Exit 1 when a screen or slot degrades more than --max-share of users (of requests when none was counted).")
    var check = false
    @Option(help: "The share --check allows (0.05: 5% of users, or of screen requests).") var maxShare: Double?

    static let defaultServer = "http://127.0.0.1:8080"

    func validate() throws {
        if let maxShare, !(0...1).contains(maxShare) { throw ValidationError("--max-share is a share from 0 to 1, like 0.05") }
        if export, capabilities != nil { throw ValidationError("--export prints the server's census; it reads no --capabilities") }
    }

    func run() async throws {
        if export {
            let response = try await AdminCommand.send(
                .get, AdminPath.census.path(), body: nil, server: server ?? Self.defaultServer, token: token)
            print(String(decoding: response.body, as: UTF8.self))
            return
        }
        var report: CompatibilityReport
        if let capabilities {
            let bytes = try Self.read(capabilities)
            if let server {
                let response = try await AdminCommand.send(.post, AdminPath.compat.path(), body: bytes, server: server, token: token)
                report = try CompatibilityReport.decode(from: response.body).get()
            } else {
                let census: CapabilityCensus.Snapshot
                do {
                    census = try CapabilityCensus.Snapshot.decode(from: bytes).get()
                } catch {
                    throw ValidationError(
                        (["\(capabilities) is not a capability census: \(error.message)"] + error.problems.map { "  \($0)" }).joined(
                            separator: "\n"))
                }
                let checker = CompatibilityChecker(routes: DemoApp.routes())
                report = await checker.report(census: census, slots: [:], maxShare: maxShare)
            }
        } else {
            let response = try await AdminCommand.send(
                .get, AdminPath.compat.path(), body: nil, server: server ?? Self.defaultServer, token: token)
            report = try CompatibilityReport.decode(from: response.body).get()
        }
        if let maxShare { report.maxShare = maxShare }
        print(json ? String(decoding: report.encoded(layout: .pretty), as: UTF8.self) : Self.tables(report))
        guard check else { return }
        let bound = maxShare ?? report.maxShare ?? 0.05
        let exceeding = report.exceeding(bound)
        if exceeding.isEmpty {
            print("check: no screen or slot degrades more than \(ExperimentReport.percent(bound)) of \(report.gateBasis.noun)")
            return
        }
        var lines = ["check failed: \(exceeding.count) degrade more than \(ExperimentReport.percent(bound)) of \(report.gateBasis.noun)"]
        for target in exceeding {
            lines.append("  \(target.title): \(ExperimentReport.percent(report.gatedShare(of: target)))")
            for loss in target.losses where loss.degrades {
                var places: [String] = []
                for change in loss.report.changes where change.kind == .droppedNode || change.kind == .droppedAction {
                    if !places.contains(change.path.description), places.count < 5 { places.append(change.path.description) }
                }
                lines.append(
                    "    set \(loss.set.prefix(8)) \(loss.platform ?? "–") (\(Self.shares(loss.userShare, loss.share, report))): \(Self.lost(loss.report))"
                        + (places.isEmpty ? "" : " at " + places.joined(separator: ", ")))
            }
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        throw ExitCode(1)
    }

    static func read(_ path: String) throws -> [UInt8] {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data else { throw ValidationError("cannot read \(path)") }
        guard data.count <= CapabilityCensus.Snapshot.maxFileBytes else {
            throw ValidationError(
                "\(path) is \(data.count) bytes; a capability census is at most \(CapabilityCensus.Snapshot.maxFileBytes)")
        }
        return Array(data)
    }

    /// `2 toggle, 1 present action`, or the fallbacks and downgrades when nothing is lost.
    static func lost(_ report: AdaptationReport) -> String {
        func list(_ counts: [String: Int], _ suffix: String = "") -> [String] {
            counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\(suffix)" }
        }
        let dropped = list(report.droppedNodes) + list(report.droppedActions, " action")
        if !dropped.isEmpty { return "loses " + dropped.joined(separator: ", ") }
        return "fallback for " + (list(report.usedFallback) + list(report.downgraded, " downgraded")).joined(separator: ", ")
    }

    /// `1.0% of users, 90.9% of requests`, or the requests' share alone when no user was counted.
    static func shares(_ userShare: Double, _ share: Double, _ report: CompatibilityReport) -> String {
        let requests = "\(ExperimentReport.percent(share)) of requests"
        return report.users > 0 ? "\(ExperimentReport.percent(userShare)) of users, \(requests)" : requests
    }

    /// The census's clients, then each target's shares (of users, when the census counted any,
    /// and of requests) and who loses what.
    static func tables(_ report: CompatibilityReport) -> String {
        var lines: [String] = []
        let window = report.to > 0 ? " from \(report.fromText) to \(report.toText)" : ""
        let users = report.users > 0 ? " of about \(report.users) users" : " (no user counted)"
        lines.append(
            "census: \(report.total) screen requests\(users)\(window); "
                + "\(report.other) (\(ExperimentReport.percent(report.otherShare))) in \"other\" (sets past the census's bound: not judged)"
        )
        lines.append(
            report.maxShare.map {
                "gate: refuses a change that degrades more than \(ExperimentReport.percent($0)) of \(report.gateBasis.noun)"
            } ?? "gate: off")
        lines.append("")
        let byUsers = report.users > 0
        var rows = [
            ["set", "platform", "format", "components", "actions", "app versions", "requests", "share"]
                + (byUsers ? ["users", "user share"] : [])
        ]
        for client in report.clients {
            rows.append(
                [
                    String(client.set.prefix(8)), client.capabilities.platform ?? "–", client.capabilities.version.description,
                    "\(client.capabilities.components.count)", "\(client.capabilities.actions.count)", client.appVersionsText,
                    "\(client.requests)", ExperimentReport.percent(client.share),
                ] + (byUsers ? ["\(client.users)", ExperimentReport.percent(client.userShare)] : []))
        }
        lines += table(rows)
        lines.append("")
        rows = [["screen or slot"] + (byUsers ? ["degraded users"] : []) + ["degraded", "changed", "who loses what"]]
        for target in report.targets {
            let who =
                target.problem
                ?? target.losses.filter(\.degrades).map { "\($0.set.prefix(8)) \($0.platform ?? "–") \(lost($0.report))" }.joined(
                    separator: "; ")
            rows.append(
                [target.title] + (byUsers ? [ExperimentReport.percent(target.degradedUserShare)] : [])
                    + [ExperimentReport.percent(target.degradedShare), ExperimentReport.percent(target.changedShare), who])
        }
        lines += table(rows)
        return lines.joined(separator: "\n")
    }

    static func table(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
    }
}

extension CompatibilityReport {
    /// The window's ends as the admin API writes times.
    var fromText: String { Date(timeIntervalSince1970: Double(from) / 1_000).formatted(.iso8601) }
    var toText: String { Date(timeIntervalSince1970: Double(to) / 1_000).formatted(.iso8601) }
}
