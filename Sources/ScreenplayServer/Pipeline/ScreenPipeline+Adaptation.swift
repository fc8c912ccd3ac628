import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol

/// What a screen loses for a client, found by building it as a request would and adapting it
/// with every change's path recorded: what the control plane's compatibility report and its gate
/// read. Nothing is sent, so nothing is counted (no exposure, no metric, no census).
extension ScreenPipeline {
    func adaptation(
        of path: String, language: String, capabilities: ClientCapabilities, appVersion: AppVersion?, variants: [String: String]
    ) async throws -> ScreenAdaptation {
        let resolved = try table.resolve(Self.components(path.split(separator: "/", omittingEmptySubsequences: true)), method: .get)
        guard resolved.target == .screen else {
            throw ScreenplayError(.notFound, code: "noSuchScreen", message: "/screens/\(ScreenplayError.quoting(path)) is not a screen")
        }
        var headers = capabilities.headerFields
        headers[.acceptLanguage] = language
        if let appVersion { headers[.screenplayAppVersion] = appVersion.description }
        let audience = Audience(platform: capabilities.platform, appVersion: appVersion, language: language)
        let assignments = ExperimentAssignments(experiments: configuration.experiments, audience: audience, overrides: variants)
        let context = ScreenContext(
            path: resolved.components.joined(separator: "/"), parameters: resolved.parameters, query: [:], language: language,
            user: nil, audience: audience, capabilities: capabilities, capabilitiesKey: ClientCapabilities.headerKey(headers),
            format: .json, experiments: assignments,
            flags: FlagReads(evaluator: configuration.flags, audience: audience, experiments: assignments), headers: headers)
        let handler = resolved.route.handler
        let reply = try await building(context) { try await handler(context) }
        return ScreenAdaptation(
            report: reply.screen.adaptationReport(for: capabilities), experimentsRead: context.experiments.experimentsRead)
    }
}

/// What adapting one screen to one client changes (an `AdaptationReport`, with every change's
/// path) and which experiments its handler read: ``ScreenplayRoutes/adaptation(ofScreen:language:capabilities:appVersion:variants:)``.
public struct ScreenAdaptation: Sendable, Hashable {
    /// What adaptation changes, each change with its path in the screen as built.
    public var report: AdaptationReport
    /// The experiments the handler read (by name), in the order it read them.
    public var experimentsRead: [String]

    public init(report: AdaptationReport, experimentsRead: [String]) {
        self.report = report
        self.experimentsRead = experimentsRead
    }
}
