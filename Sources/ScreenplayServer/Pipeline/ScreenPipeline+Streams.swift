import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// Streams: a screen's Server-Sent Events, written by the response's body.
extension ScreenPipeline {
    /// Server-Sent Events for one subscriber: the screen (or, with `Last-Event-ID` naming a version
    /// the server still has, the patch from it), then a patch whenever the app invalidates the
    /// screen and it really changed for this subscriber's context, and a comment as heartbeat.
    /// Written from the connection's task, by the response's body (``BodyStreamSink``).
    func stream(
        _ resolved: RouteTable.Resolved, request: Request, connection: ClientConnection, headOnly: Bool
    ) async throws -> Response {
        let opening = try await StreamOpening(resolved, request: request, connection: connection, headOnly: headOnly, pipeline: self)
        guard let subscriber = opening.subscriber else { return Response(status: .ok, headers: opening.headers) }
        let live = self.live
        return Response(
            status: .ok, headers: opening.headers,
            body: ResponseBody { writer in
                defer { live.unsubscribe(subscriber) }
                let sink = BodyStreamSink(ready: { live.ready(subscriber) })
                let gzip = try opening.compressor()
                opening.start(sink: sink)
                try await sink.run(&writer, gzip: gzip)
            })
    }
}
