import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayProtocol

/// The steps every request shares: its context read once, its handler run with the content it
/// reads recorded, its screen adapted to the client and its exposures recorded once sent.
extension ScreenPipeline {
    /// The screen as the client can show it; what adaptation changed is counted in metrics.
    func adapt(_ screen: Screen, for context: ScreenContext) -> Screen {
        let (adapted, report) = screen.adapted(to: context.capabilities)
        metrics?.adaptation(report)
        return adapted
    }

    /// The actions the client can run (downgraded or dropped otherwise).
    func adapt(_ actions: [Action], for context: ScreenContext) -> [Action] {
        actions.compactMap { $0.adapted(to: context.capabilities) }
    }

    /// Runs a handler for `context`: slots read the published content in the request's language,
    /// and what the screen used (slots, experiments) is remembered under its path, so that a change
    /// to one of them reaches its live subscribers.
    func building<Value: Sendable>(_ context: ScreenContext, _ make: () async throws -> Value) async throws -> Value {
        let scope = ContentScope(configuration: configuration, language: context.language)
        let value = try await ContentScope.$current.withValue(scope) { try await make() }
        // The variants it read are stored before the screen leaves, so a crash cannot lose one shown.
        await storeExposures(of: context)
        configuration.record(
            path: context.path, experiments: context.experiments.experimentsRead, slots: scope.slotsUsed, flags: context.flags.flagsRead)
        if let screen = (value as? Screen) ?? (value as? ScreenReply)?.screen, !scope.slotsUsed.isEmpty {
            // The page's own ids, so that a publish can refuse content that would repeat one.
            var ids = Set<String>()
            screen.body.walk { node, _ in if let id = node.id { ids.insert(id) } }
            for slot in scope.slotsUsed { ids.subtract(configuration.content(of: slot)?.nodeIDs ?? []) }
            ids.subtract(scope.fallbackIDs)
            configuration.record(path: context.path, pageIDs: ids)
        }
        return value
    }

    /// Stores the variants read so far (experiments, and flags' experiment rules) as exposures,
    /// returning once the event sink has them durably.
    func storeExposures(of context: ScreenContext) async {
        await events.store(context.experiments.exposures + context.flags.exposures)
    }

    /// The request's screen was sent: the variants its handler read (experiments, and flags'
    /// experiment rules) are exposures, and its
    /// client's capabilities are counted.
    func sent(_ context: ScreenContext) {
        for exposure in context.experiments.exposures + context.flags.exposures { events.record(exposure) }
        configuration.capabilityCounter?.count(
            context.capabilities, key: context.capabilitiesKey, appVersion: context.audience.appVersion, user: context.audience.user)
    }

    /// Everything a handler knows of the request, read once. The user's stored assignments are
    /// read when experiments are running (from memory, mostly).
    func context(
        for request: Request, components: [String], parameters: [String: String], format: ScreenFormat
    ) async throws(ScreenplayError) -> ScreenContext {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
        let user = try request.headers.user(verifiedBy: configuration.userTokens)
        var (capabilities, capabilitiesKey) = try capabilityCache.capabilities(for: request.headers)
        if format == .html, request.headers[.screenplayComponents] == nil {
            // A browser says nothing: it gets what the web renderer draws.
            capabilities = webRenderer.capabilities
            capabilitiesKey = "web"
        }
        let overrides = allowsExperimentOverrides ? HeaderPairs.read(request.headers[.screenplayExperiments]) : [:]
        let language = languages.language(for: WeightedList(request.headers[values: .acceptLanguage]))
        let audience = Audience(
            user: user, platform: capabilities.platform, appVersion: request.headers[.screenplayAppVersion].flatMap { AppVersion($0) },
            language: language,
            attributes: FlagReads.clientAttributes(
                HeaderPairs.read(request.headers[.screenplayAttributes]), evaluator: configuration.flags,
                identityVerified: configuration.userTokens != nil))
        let experiments = configuration.experiments
        var sticky: [String: String] = [:]
        if let user, let store = configuration.assignmentStore, experiments.values.contains(where: { $0.status == .running }) {
            sticky = await store.assignments(of: user)
        }
        let assignments = ExperimentAssignments(experiments: experiments, audience: audience, overrides: overrides, sticky: sticky)
        return ScreenContext(
            path: components.joined(separator: "/"), parameters: parameters, query: query, language: language,
            user: user, audience: audience, capabilities: capabilities, capabilitiesKey: capabilitiesKey, format: format,
            experiments: assignments, flags: FlagReads(evaluator: configuration.flags, audience: audience, experiments: assignments),
            headers: request.headers)
    }
}
