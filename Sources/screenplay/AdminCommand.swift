import ArgumentParser
import Foundation
import HTTPTypes
import Screenplay
import ScreenplayClient
import ScreenplayProtocol

/// `screenplay admin …`: the admin API from a shell. Every verb is one request; the answer is
/// printed as the server gave it (JSON), errors as one line with their problems and paths.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Change experiments and published content on a running server (its admin API).",
        discussion: """
            experiments list | show NAME | put NAME FILE | pause NAME | resume NAME | stop NAME WINNER | delete NAME | report NAME [GOAL]
            slots list | show NAME | publish NAME FILE | history NAME | version NAME N | rollback NAME N
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
    @Argument(help: "AREA VERB [ARGUMENTS…]") var words: [String]

    func run() async throws {
        let (method, path, body) = try request(words)
        let response = try await Self.send(method, path, body: body, server: server, token: token, ifMatch: ifMatch, dryRun: dryRun)
        if let tag = response.headers[.eTag] { print("ETag: \(tag)") }
        if !response.body.isEmpty { print(String(decoding: response.body, as: UTF8.self)) }
    }

    private func request(_ words: [String]) throws -> (HTTPRequest.Method, String, [UInt8]?) {
        func name(_ index: Int) throws -> String {
            guard index < words.count else { throw ValidationError("\(words.prefix(2).joined(separator: " ")) needs more arguments") }
            return words[index].addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
                ?? words[index]
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
        case ("experiments", "list"): return (.get, "/admin/experiments", nil)
        case ("experiments", "show"): return (.get, "/admin/experiments/\(try name(2))", nil)
        case ("experiments", "put"): return (.put, "/admin/experiments/\(try name(2))", try file(3))
        case ("experiments", "pause"), ("experiments", "resume"):
            return (.post, "/admin/experiments/\(try name(2))/\(words[1])", [])
        case ("experiments", "stop"):
            return (.post, "/admin/experiments/\(try name(2))/stop", JSONWriter.write(.object(["winner": .string(try name(3))])))
        case ("experiments", "delete"): return (.delete, "/admin/experiments/\(try name(2))", nil)
        case ("experiments", "report"):
            let goal = words.count > 3 ? "?goal=\(try name(3))" : ""
            return (.get, "/admin/experiments/\(try name(2))/report\(goal)", nil)
        case ("slots", "list"): return (.get, "/admin/slots", nil)
        case ("slots", "show"): return (.get, "/admin/slots/\(try name(2))", nil)
        case ("slots", "publish"): return (.put, "/admin/slots/\(try name(2))", try file(3))
        case ("slots", "history"): return (.get, "/admin/slots/\(try name(2))/versions", nil)
        case ("slots", "version"): return (.get, "/admin/slots/\(try name(2))/versions/\(try name(3))", nil)
        case ("slots", "rollback"):
            guard let version = Int(try name(3)) else { throw ValidationError("rollback takes a version number") }
            return (.post, "/admin/slots/\(try name(2))/rollback", JSONWriter.write(.object(["version": .number(Double(version))])))
        case ("audit", _):
            return (.get, "/admin/audit" + (words.count > 1 ? "?target=\(try name(1))" : ""), nil)
        default:
            throw ValidationError("unknown admin command \"\(words.prefix(2).joined(separator: " "))\"; see screenplay admin --help")
        }
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
                    + (dryRun ? (path.contains("?") ? "&" : "?") + "dryRun=true" : ""))
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
            let goalQuery = goal.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) }.map { "?goal=\($0)" } ?? ""
            let path = "/admin/experiments/\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name)/report" + goalQuery
            let response = try await AdminCommand.send(.get, path, body: nil, server: server, token: token)
            guard !json, case .object(let report)? = try? JSONParser.parse(response.body), case .array(let variants)? = report["variants"]
            else {
                print(String(decoding: response.body, as: UTF8.self))
                return
            }
            func percent(_ value: JSONValue?, signed: Bool = false) -> String {
                guard let number = value?.doubleValue else { return "–" }
                return (signed && number >= 0 ? "+" : "") + String(format: "%.1f%%", number * 100)
            }
            print(
                "\(report["experiment"]?.stringValue ?? name) · goal \(report["goal"]?.stringValue ?? "") · bucket version \(report["bucketVersion"]?.intValue ?? 1)"
            )
            let header = ["variant", "users", "conv.", "rate", "lift", "95% interval", "p-value", "beats control"]
            var rows = [header]
            for case .object(let variant) in variants {
                var interval = "–"
                if case .array(let bounds)? = variant["liftInterval"], bounds.count == 2 {
                    interval = "[\(percent(bounds[0], signed: true)), \(percent(bounds[1], signed: true))]"
                }
                rows.append([
                    variant["name"]?.stringValue ?? "", "\(variant["users"]?.intValue ?? 0)", "\(variant["conversions"]?.intValue ?? 0)",
                    percent(variant["rate"]), percent(variant["lift"], signed: true), interval,
                    variant["pValue"]?.doubleValue.map { String(format: "%.4f", $0) } ?? "–", percent(variant["chanceToBeatControl"]),
                ])
            }
            let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(
                    row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(
                        separator: "  "))
            }
            if case .object(let ratio)? = report["sampleRatio"], let p = ratio["pValue"]?.doubleValue {
                let mismatch = ratio["mismatch"] == .bool(true)
                print(
                    String(format: "sample ratio: p = %.4f", p)
                        + (mismatch ? "  MISMATCH (p < 0.001): do not trust these figures" : "  (no mismatch)"))
            }
        }
    }
}
