import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayProtocol

/// A stream request up to its first byte: its headers, its admitted subscriber (none for a HEAD
/// request) and the group it joins. Everything that can refuse a stream — the request's context,
/// the subscriber limits, the first rendering of the screen — happens here, so that a refusal is
/// a status and a JSON error, not a stream that ends at once.
///
/// ```swift
/// let opening = try await StreamOpening(resolved, request: request, connection: connection, headOnly: false, pipeline: pipeline)
/// // write `opening.headers`, then:
/// opening.start(sink: sink)
/// ```
struct StreamOpening: Sendable {
    let headers: HTTPFields
    let subscriber: LiveUpdates.Subscriber?
    /// The client takes the stream gzipped, event by event.
    private let gzip: Bool
    private let lastEventID: String?
    private let live: LiveUpdates
    /// A group for the subscriber's context, in case it is the first of it.
    private let group: StreamGroup?

    init(
        _ resolved: RouteTable.Resolved, request: Request, connection: ClientConnection, headOnly: Bool, pipeline: ScreenPipeline
    ) async throws {
        let format: ScreenFormat = request.uri.queryParameters["format"] == "html" ? .html : .json
        let context = try await pipeline.context(
            for: request, components: resolved.components, parameters: resolved.parameters, format: format)
        var headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .contentLanguage: context.language,
            .xAccelBuffering: "no", .vary: HTTPField.Name.acceptEncoding.rawName,
        ]
        // Asked for, the stream is gzipped event by event (a patch then costs little more than
        // what changed: it is compressed against the events before it).
        gzip = ScreenResponse.acceptsGzip(request.headers[values: .acceptEncoding])
        if gzip { headers[.contentEncoding] = "gzip" }
        self.headers = headers
        live = pipeline.live
        lastEventID = request.headers[.lastEventID]
        guard !headOnly else {
            (subscriber, group) = (nil, nil)
            return
        }
        let subscriber = try live.subscribe(address: connection.client(forwardedFor: request.headers, trusting: live.trustedProxies)).get()
        // A client that leaves ends its stream now, not at the next write — and frees its place even
        // when it left before the stream began.
        connection.closed?.whenComplete { [live] _ in live.unsubscribe(subscriber) }
        // Requests alike get the same screen from a pure handler: render once for all of them.
        let variant = RenderingVariant(context)
        let handler = resolved.route.handler
        let group = StreamGroup(
            variant: variant, path: context.path,
            events: StreamEvents(
                format: format, renderer: pipeline.webRenderer, addressed: request.uri.queryParameters["patches"] == "2"), live: live,
            make: {
                // Each build reads the experiments in force now, for this audience.
                let fresh = try await pipeline.context(
                    for: request, components: resolved.components, parameters: resolved.parameters, format: format)
                defer { pipeline.sent(fresh) }
                return pipeline.adapt(try await pipeline.building(fresh) { try await handler(fresh).screen }, for: fresh)
            })
        do {
            // Rendered now (and shared with the group's first pass), so that a handler's error is the answer's status.
            _ = try await group.render()
        } catch {
            live.unsubscribe(subscriber)
            throw error
        }
        (self.subscriber, self.group) = (subscriber, group)
    }

    /// The stream's compressor, when the client takes it gzipped.
    func compressor() throws -> EventCompressor? {
        gzip ? try EventCompressor() : nil
    }

    /// Sends the subscriber its events through `sink`, from the version its `Last-Event-ID` names.
    func start(sink: any StreamSink) {
        guard let subscriber, let group else { return sink.finish() }
        live.start(subscriber, sink: sink, variant: group.variant, resumingFrom: lastEventID, makeGroup: { group })
    }
}
