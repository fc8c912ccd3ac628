import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes
import ScreenplayProtocol

/// What serves live streams on connections of their own, without a task per stream
/// (``HTTPServerBuilder/screenplay(limits:live:)``): the pipeline of the mounted routes.
protocol StreamOpener: Sendable {
    /// Whether the request asks for a stream this opener serves. Read on the event loop, from the head alone.
    func isStream(_ head: HTTPRequest) -> Bool
    /// Answers a stream request on `channel`, which carries nothing else: the stream's head and
    /// a ``StreamChannelHandler`` that writes its events, or the error that refuses it, after
    /// which the connection closes.
    func open(_ request: Request, on channel: any Channel) async
}

extension ScreenPipeline: StreamOpener {
    func isStream(_ head: HTTPRequest) -> Bool {
        guard head.method == .get, let path = head.path, let components = Self.screenComponents(of: path) else { return false }
        guard case .stream = (try? table.resolve(components, method: .get))?.target else { return false }
        return true
    }

    func open(_ request: Request, on channel: any Channel) async {
        let connection = ClientConnection(peer: channel.remoteAddress, closed: channel.closeFuture)
        var opening: StreamOpening?
        do {
            _ = try await observed("GET") { label in
                let resolved = try table.resolve(Self.screenComponents(of: request.uri.path) ?? [], method: .get)
                label = resolved.label
                let opened = try await StreamOpening(resolved, request: request, connection: connection, headOnly: false, pipeline: self)
                opening = opened
                return Response(status: .ok, headers: opened.headers)
            }
        } catch {
            return Self.refuse(ScreenplayError(answering: error), on: channel)
        }
        guard let opening, let subscriber = opening.subscriber else { return }
        do {
            let head = HTTPResponse(status: .ok, headerFields: opening.headers)
            let live = self.live
            // The compressor is made where it is used: on the connection's event loop.
            let sink = try await channel.eventLoop.submit {
                try StreamChannelHandler.install(
                    on: channel, head: head, gzip: try opening.compressor(), live: live, subscriber: subscriber)
            }.get()
            opening.start(sink: sink)
        } catch {
            live.unsubscribe(subscriber)
            channel.close(promise: nil)
        }
    }

    /// The path's components under `/screens/`, decoded as the router's catch-all would be; nil elsewhere.
    static func screenComponents(of path: some StringProtocol) -> [String]? {
        let parts = path.prefix { $0 != "?" && $0 != "#" }.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.first == "screens" else { return nil }
        return components(parts.dropFirst().map { Substring($0) })
    }

    /// Answers with the error's JSON and closes the connection.
    private static func refuse(_ error: ScreenplayError, on channel: any Channel) {
        var headers = error.responseHeaders
        headers[.contentLength] = String(error.encodedBody.count)
        headers[.connection] = "close"
        channel.write(HTTPResponsePart.head(HTTPResponse(status: error.status, headerFields: headers)), promise: nil)
        channel.write(HTTPResponsePart.body(ByteBuffer(bytes: error.encodedBody)), promise: nil)
        channel.writeAndFlush(HTTPResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }
}
