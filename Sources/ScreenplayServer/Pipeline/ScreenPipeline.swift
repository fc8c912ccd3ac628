import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// The one path every Screenplay request takes: the route is resolved once, the request's context
/// (language, user, capabilities, experiments) is read once, the handler runs, and its screen is
/// adapted to the client — and counted in metrics — by ``adapt(_:for:)``, whether it leaves as a
/// document, a web page, a stream event or an intent's answer.
///
/// A class, made once per mounted ``ScreenplayRoutes``: every request and every live stream holds
/// it by one reference, instead of a copy of its fifteen members in each closure and async frame
/// (at ten thousand streams, the copies were a third of the server's memory per subscriber).
///
/// ```swift
/// let pipeline = ScreenPipeline(routes: routes)         // what `ScreenplayRoutes.addRoutes` builds
/// router.get("/screens/**") { request, context in try await pipeline.get(request, path: context.parameters.getCatchAll()) }
/// ```
final class ScreenPipeline: Sendable {
    let table: RouteTable
    let languages: LanguageNegotiation
    let signer: StateSigner
    let maxIntentBytes: Int
    let limits: DocumentLimits
    let configuration: LiveConfiguration
    let allowsExperimentOverrides: Bool
    let events: any EventSink
    let metrics: ScreenplayMetrics?
    let live: LiveUpdates
    /// The renderer of web pages, with the app's components and links to its screens; made once.
    let webRenderer: HTMLRenderer
    let renderCache: RenderCache
    let spentTokens: SpentTokens
    let encoder: ScreenEncoder
    let capabilityCache: CapabilityCache

    init(
        table: RouteTable, languages: LanguageNegotiation, signer: StateSigner, maxIntentBytes: Int, limits: DocumentLimits,
        configuration: LiveConfiguration, allowsExperimentOverrides: Bool, events: any EventSink, metrics: ScreenplayMetrics?,
        live: LiveUpdates, webRenderer: HTMLRenderer, renderCache: RenderCache, spentTokens: SpentTokens, encoder: ScreenEncoder,
        capabilityCache: CapabilityCache
    ) {
        self.table = table
        self.languages = languages
        self.signer = signer
        self.maxIntentBytes = maxIntentBytes
        self.limits = limits
        self.configuration = configuration
        self.allowsExperimentOverrides = allowsExperimentOverrides
        self.events = events
        self.metrics = metrics
        self.live = live
        self.webRenderer = webRenderer
        self.renderCache = renderCache
        self.spentTokens = spentTokens
        self.encoder = encoder
        self.capabilityCache = capabilityCache
    }

    // MARK: Requests

    /// `GET /screens/<path>`: a screen as JSON or a web page, or its live stream.
    /// - Parameter headOnly: a HEAD request: a stream answers its headers without subscribing.
    func get(_ request: Request, path: [Substring], connection: ClientConnection, headOnly: Bool = false) async throws -> Response {
        try await observed("GET") { label in
            let resolved = try table.resolve(Self.components(path), method: .get)
            label = resolved.label
            switch resolved.target {
            case .stream: return try await stream(resolved, request: request, connection: connection, headOnly: headOnly)
            case .screen, .intents: return try await screen(resolved, request: request)
            }
        }
    }

    /// `POST /screens/<path>/intents`.
    func post(_ request: Request, path: [Substring]) async throws -> Response {
        try await observed("POST") { label in
            let resolved = try table.resolve(Self.components(path), method: .post)
            label = resolved.label
            return try await intent(resolved, request: request)
        }
    }

    /// Runs a request, counting it by method, route pattern and status.
    func observed(_ method: String, _ body: (inout String) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var label = "unknown"
        do {
            let response = try await body(&label)
            metrics?.request(method: method, route: label, status: response.status.code, duration: .now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics?.request(method: method, route: label, status: status, duration: .now - start)
            throw error
        }
    }

    /// A path's components, percent-decoded, empty ones left out (`/screens//a%20b` → `["a b"]`).
    static func components(_ catchAll: [Substring]) -> [String] {
        catchAll.compactMap { component in
            guard !component.isEmpty else { return nil }
            let text = String(component)
            return text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
        }
    }
}
