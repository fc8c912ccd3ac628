import ArgumentParser
import Foundation
import HTTPTypes
import Screenplay
import ScreenplayClient
import ScreenplayControl
import ScreenplayProtocol
import ScreenplayServer

/// `screenplay admin …`: the admin API from a shell. Every verb is one request; the answer is
/// printed as the server gave it (JSON), errors as one line with their problems and paths.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Change experiments and published content on a running server (its admin API).",
        discussion: """
            experiments list | show NAME | put NAME FILE | pause NAME | resume NAME | stop NAME WINNER | delete NAME | report NAME [GOAL]
            slots list | show NAME | publish NAME FILE | history NAME | version NAME N | rollback NAME N
            flags list | show KEY | put KEY FILE | delete KEY
            features                                   (the flags in force, as GrowthBook's payload)
            experiments|flags switch-off NAME PART     (PART: platform[:min-max], e.g. ios:4.2-4.2.3, ios, :-3.9)
            experiments|flags switch-on NAME PART
            audit [TARGET]

            The token comes from --token or SCREENPLAY_ADMIN_TOKEN. `put` and `publish` read FILE (- for stdin).
            Examples:
              screenplay admin experiments put homeOrder home-order.json --if-match 1
              screenplay admin slots publish home.promo promo.json --dry-run
              screenplay admin slots rollback home.promo 3
            """)

    @Option(help: "The server.") var server = "http://127.0.0.1:8080"
    @Option(help: "An admin token (default: SCREENPLAY_ADMIN_TOKEN).") var token: String?
    @Option(help: "The revision or version you read: refused (412) when it changed since.") var ifMatch: Int?
    @Flag(help: "Check only; change nothing.") var dryRun = false
    @Option(help: "A reason to publish or stop although the compatibility gate refuses it (kept in the audit log).") var force: String?
    @Option(help: "Why a part of the audience is switched off (switch-off; kept in the audit log).") var reason: String?
    @Argument(help: "AREA VERB [ARGUMENTS…]") var words: [String]

    func run() async throws {
        let (method, target, body) = try request(words)
        var path = target
        if let force { path += (path.contains("?") ? "&" : "?") + "\(AdminPath.Query.force.rawValue)=\(Self.queryValue(force))" }
        let response = try await Self.send(method, path, body: body, server: server, token: token, ifMatch: ifMatch, dryRun: dryRun)
        if let tag = response.headers[.eTag] { print("ETag: \(tag)") }
        if !response.body.isEmpty { print(String(decoding: response.body, as: UTF8.self)) }
    }

    private func request(_ words: [String]) throws -> (HTTPRequest.Method, String, [UInt8]?) {
        func word(_ index: Int) throws -> String {
            guard index < words.count else { throw ValidationError("\(words.prefix(2).joined(separator: " ")) needs more arguments") }
            return words[index]
        }
        func file(_ index: Int) throws -> [UInt8] {
            guard index < words.count else { throw ValidationError("name the file to send (- for stdin)") }
            if words[index] == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
            guard let data = FileManager.default.contents(atPath: words[index]) else {
                throw ValidationError("cannot read \(words[index])")
            }
            return Array(data)
        }
        switch (words.first, words.dropFirst().first) {
        case ("experiments", "list"): return (.get, AdminPath.experiments.path(), nil)
        case ("experiments", "show"): return (.get, AdminPath.experiment.path(name: try word(2)), nil)
        case ("experiments", "put"): return (.put, AdminPath.experiment.path(name: try word(2)), try file(3))
        case ("experiments", "pause"): return (.post, AdminPath.pause.path(name: try word(2)), [])
        case ("experiments", "resume"): return (.post, AdminPath.resume.path(name: try word(2)), [])
        case ("experiments", "stop"):
            return (.post, AdminPath.stop.path(name: try word(2)), StopRequest(winner: try word(3)).encoded())
        case ("experiments", "delete"): return (.delete, AdminPath.experiment.path(name: try word(2)), nil)
        case ("experiments", "report"):
            let name = try word(2)
            return (
                .get, words.count > 3 ? AdminPath.report.path(name: name, query: [.goal: words[3]]) : AdminPath.report.path(name: name), nil
            )
        case ("slots", "list"): return (.get, AdminPath.slots.path(), nil)
        case ("slots", "show"): return (.get, AdminPath.slot.path(name: try word(2)), nil)
        case ("slots", "publish"): return (.put, AdminPath.slot.path(name: try word(2)), try file(3))
        case ("slots", "history"): return (.get, AdminPath.versions.path(name: try word(2)), nil)
        case ("slots", "version"): return (.get, AdminPath.version.path(name: try word(2), version: try word(3)), nil)
        case ("slots", "rollback"):
            guard let version = Int(try word(3)) else { throw ValidationError("rollback takes a version number") }
            return (.post, AdminPath.rollback.path(name: try word(2)), RollbackRequest(version: version).encoded())
        case ("flags", "list"): return (.get, AdminPath.flags.path(), nil)
        case ("flags", "show"): return (.get, AdminPath.flag.path(name: try word(2)), nil)
        case ("flags", "put"): return (.put, AdminPath.flag.path(name: try word(2)), try file(3))
        case ("flags", "delete"): return (.delete, AdminPath.flag.path(name: try word(2)), nil)
        case ("features", _): return (.get, AdminPath.features.path(), nil)
        case (let area?, let verb?) where ["experiments", "flags"].contains(area) && ["switch-off", "switch-on"].contains(verb):
            let path = (area == "flags" ? AdminPath.flagSwitchedOff : AdminPath.switchedOff).path(name: try word(2))
            return (verb == "switch-off" ? .post : .delete, path, JSONWriter.write(try Self.part(try word(3), reason: reason).document))
        case ("audit", _):
            return (.get, words.count > 1 ? AdminPath.audit.path(query: [.target: words[1]]) : AdminPath.audit.path(), nil)
        default:
            throw ValidationError("unknown admin command \"\(words.prefix(2).joined(separator: " "))\"; see screenplay admin --help")
        }
    }

    /// A part of the audience as the command line writes it: `ios`, `ios:4.2-4.2.3`, `android:-3.9`,
    /// `:4.0-` (every platform from 4.0), `all`.
    static func part(_ text: String, reason: String?) throws -> KillSwitch {
        let (platform, range) = text.firstIndex(of: ":").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) } ?? (text, "")
        func version(_ text: Substring) throws -> AppVersion? {
            guard !text.isEmpty else { return nil }
            guard let version = AppVersion(text) else { throw ValidationError("\(text) is not a version such as 4.2.1") }
            return version
        }
        let bounds = range.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        if !range.isEmpty, bounds.count != 2 { throw ValidationError("a range of versions is MIN-MAX, MIN- or -MAX, not \(range)") }
        return KillSwitch(
            platform: platform.isEmpty || platform == "all" ? nil : platform, minAppVersion: try bounds.first.flatMap(version),
            maxAppVersion: try bounds.dropFirst().first.flatMap(version), reason: reason)
    }

    /// A query parameter's value, percent-encoded.
    static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }

    /// Sends one admin request; a refusal is an error that names its problems.
    static func send(
        _ method: HTTPRequest.Method, _ path: String, body: [UInt8]?, server: String, token: String?, ifMatch: Int? = nil,
        dryRun: Bool = false
    ) async throws -> TransportResponse {
        guard let token = token ?? ProcessInfo.processInfo.environment["SCREENPLAY_ADMIN_TOKEN"] else {
            throw ValidationError("an admin token is needed: --token or SCREENPLAY_ADMIN_TOKEN")
        }
        guard
            let url = URL(
                string: server.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path
                    + (dryRun ? (path.contains("?") ? "&" : "?") + "\(AdminPath.Query.dryRun.rawValue)=true" : ""))
        else {
            throw ValidationError("cannot make a URL of \(server)")
        }
        var headers: HTTPFields = [.authorization: "Bearer \(token)", .accept: "application/json"]
        if body != nil { headers[.contentType] = "application/json" }
        if let ifMatch { headers[.ifMatch] = "\"\(ifMatch)\"" }
        let response: TransportResponse
        do {
            response = try await DefaultTransport.make(maxResponseBytes: 16 * 1024 * 1024).send(
                TransportRequest(method: method, url: url, headers: headers, body: body))
        } catch {
            throw ValidationError("cannot reach \(server) (is the server running?): \(error)")
        }
        guard response.status.kind == .successful else {
            let error = ScreenplayError(status: response.status, body: response.body)
            var lines = [
                "\(response.status.code) \(error?.code ?? ""): \(error?.message ?? String(decoding: response.body.prefix(500), as: UTF8.self))"
            ]
            lines += error?.problems.map { "  \($0)" } ?? []
            throw ValidationError(lines.joined(separator: "\n"))
        }
        return response
    }
}

/// `screenplay experiments report NAME`: an experiment's results, as a table.
struct ExperimentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "experiments", abstract: "Read experiments' results.", subcommands: [Report.self])

    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Per variant: users, conversions, rate, lift with its 95% interval, p-value, chance to beat control; and the sample-ratio check."
        )
        @Option(help: "The server.") var server = "http://127.0.0.1:8080"
        @Option(help: "An admin token (default: SCREENPLAY_ADMIN_TOKEN).") var token: String?
        @Option(help: "The conversion event (default: the experiment's goal).") var goal: String?
        @Flag(help: "Print the report's JSON instead of a table.") var json = false
        @Argument(help: "The experiment.") var name: String

        func run() async throws {
            let path = goal.map { AdminPath.report.path(name: name, query: [.goal: $0]) } ?? AdminPath.report.path(name: name)
            let response = try await AdminCommand.send(.get, path, body: nil, server: server, token: token)
            guard !json, let report = try? ExperimentReport.decode(from: response.body).value else {
                print(String(decoding: response.body, as: UTF8.self))
                return
            }
            func percent(_ value: Double?, signed: Bool = false) -> String { ExperimentReport.percent(value, signed: signed) }
            print("\(report.experiment) · goal \(report.goal) · bucket version \(report.bucketVersion)")
            let header = ["variant", "users", "conv.", "rate", "lift", "95% interval", "p-value", "beats control"]
            var rows = [header]
            for variant in report.variants {
                let interval = variant.liftInterval.map {
                    "[\(percent($0.lowerBound, signed: true)), \(percent($0.upperBound, signed: true))]"
                }
                rows.append([
                    variant.name, "\(variant.users)", "\(variant.conversions)", percent(variant.rate), percent(variant.lift, signed: true),
                    interval ?? "–", variant.pValue.map { String(format: "%.4f", $0) } ?? "–", percent(variant.chanceToBeatControl),
                ])
            }
            let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(
                    row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(
                        separator: "  "))
            }
            if report.sampleRatioPValue.isFinite {
                print(
                    String(format: "sample ratio: p = %.4f", report.sampleRatioPValue)
                        + (report.sampleRatioMismatch ? "  MISMATCH (p < 0.001): do not trust these figures" : "  (no mismatch)"))
            }
        }
    }
}
