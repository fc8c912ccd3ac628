import NIOCore
import NIOHTTP1
import ScreenplayProtocol

/// After the HTTP decoder: holds each request to HTTP/1.1's rules before the application sees it,
/// and moves the connection's phases on.
///
/// - A request without exactly one `Host` (HTTP/1.1), with more header fields than the limit, or
///   whose head cannot be parsed is answered 400 or 431 here and the connection closed; a body in
///   a transfer coding other than chunked is answered 501.
/// - `Expect: 100-continue` is answered `100 Continue`, or 413 when the announced body is larger
///   than any route takes, or 417 for any other expectation.
/// - An HTTP/1.0 client gets an HTTP/1.0 answer, never chunked, and the connection closed after it.
/// - An answer written before its request's body was read whole says `Connection: close`, and the
///   connection lingers (``ByteGuardHandler``) before it closes.
final class RequestGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let state: ConnectionGuard

    /// A request read and not answered yet. Pipelined requests can be read while an earlier one is
    /// answered, so they wait in order: an answer belongs to the oldest.
    private struct Pending {
        let version: HTTPVersion
        var ended = false
        /// Answered here; its parts are not passed on.
        var refused = false
    }

    private var pending: [Pending] = []
    /// The answer being written closes the connection after it.
    private var closeAfterAnswer = false

    init(state: ConnectionGuard) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            pending.append(Pending(version: head.version))
            if pending.count == 1 { state.enter(.body, context: context) }
            if let refusal = refusal(of: head) ?? expectation(of: head) {
                refuse(refusal, context: context)
                return
            }
            if head.headers.first(name: "expect") != nil {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
        case .body:
            if pending.last?.refused == true { return }
        case .end:
            guard !pending.isEmpty else { return }
            pending[pending.count - 1].ended = true
            if pending[pending.count - 1].refused { return }
            if pending.count == 1 { state.enter(.answering, context: context) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            let request = pending.first ?? Pending(version: .http1_1, ended: true)
            if request.version.minor == 0 { head.version = .http1_0 }
            // HTTP/1.0 has no chunks and no keep-alive by default; an answer before the body came
            // whole leaves the rest of the body unread: both end the connection.
            closeAfterAnswer = request.version.minor == 0 || !request.ended
            if closeAfterAnswer { head.headers.replaceOrAdd(name: "connection", value: "close") }
            if head.headers.first(name: "content-type")?.hasPrefix("text/event-stream") == true {
                state.streaming = true
                if state.inputClosed {
                    promise?.fail(ChannelError.inputClosed)
                    context.close(promise: nil)
                    return
                }
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            context.write(data, promise: promise)
            state.streaming = false
            if !pending.isEmpty { pending.removeFirst() }
            if closeAfterAnswer {
                context.flush()
                context.close(mode: .output, promise: nil)
            } else if let next = pending.first {
                state.enter(next.ended ? .answering : .body, context: context)
            } else {
                state.hasAnswered = true
                state.enter(state.nextRequestStarted ? .head : .idle, context: context)
                state.nextRequestStarted = false
            }
        case .head, .body:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A head that could not be parsed never reached the application: answer here. Errors
        // within a body go on to the route that reads it.
        if let error = error as? HTTPParserError, state.phase == .head || state.phase == .idle {
            let refusal =
                if case .headerOverflow = error {
                    ScreenplayError(
                        .init(code: 431, reasonPhrase: "Request Header Fields Too Large"), code: "headTooLarge",
                        message:
                            "a request's head is at most \(state.limits.maxHeadBytes) bytes and \(state.limits.maxHeaderFields) header fields"
                    )
                } else {
                    ScreenplayError(.badRequest, code: "malformedRequest", message: "the request could not be parsed as HTTP/1.1")
                }
            pending.append(Pending(version: .http1_1, refused: true))
            refuse(refusal, context: context)
            return
        }
        context.fireErrorCaught(error)
    }

    /// What an `Expect` header asks that is refused: anything but `100-continue`, or a body larger
    /// than any route takes.
    private func expectation(of head: HTTPRequestHead) -> ScreenplayError? {
        guard let expectation = head.headers.first(name: "expect") else { return nil }
        guard expectation.lowercased() == "100-continue" else {
            return ScreenplayError(.expectationFailed, code: "unknownExpectation", message: "only Expect: 100-continue is understood")
        }
        if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > state.limits.maxBodyBytes {
            return ScreenplayError(
                .contentTooLarge, code: "bodyTooLarge", message: "a request body is at most \(state.limits.maxBodyBytes) bytes")
        }
        return nil
    }

    /// Why a head is refused before the application sees it, if it is.
    private func refusal(of head: HTTPRequestHead) -> ScreenplayError? {
        let hosts = head.headers["host"].count
        if hosts > 1 || (hosts == 0 && head.version.minor >= 1) {
            return ScreenplayError(.badRequest, code: "badHost", message: "an HTTP/1.1 request carries exactly one Host header")
        }
        // Only chunked framing is read: a body in another coding (`gzip, chunked`) would reach the
        // application still encoded, and be read as what it is not.
        let codings = head.headers["transfer-encoding"].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        if !codings.isEmpty, codings != ["chunked"] {
            return ScreenplayError(
                .init(code: 501, reasonPhrase: "Not Implemented"), code: "unsupportedTransferCoding",
                message:
                    "a request body is sent plain or chunked; \(ScreenplayError.quoting(codings.joined(separator: ", "))) is not read here")
        }
        if head.headers.count > state.limits.maxHeaderFields {
            return ScreenplayError(
                .init(code: 431, reasonPhrase: "Request Header Fields Too Large"), code: "tooManyHeaders",
                message: "a request has at most \(state.limits.maxHeaderFields) header fields")
        }
        return nil
    }

    /// Answers the newest request with the error's JSON and closes the connection after a linger —
    /// at once, without an answer, when earlier pipelined requests are still being answered (an
    /// answer written now would arrive before theirs).
    private func refuse(_ error: ScreenplayError, context: ChannelHandlerContext) {
        pending[pending.count - 1].refused = true
        guard pending.count == 1 else {
            context.close(promise: nil)
            return
        }
        let version = pending[0].version
        let body = error.encodedBody
        var headers = HTTPHeaders(error.responseHeaders.map { ($0.name.rawName, $0.value) })
        headers.add(name: "content-length", value: String(body.count))
        headers.add(name: "connection", value: "close")
        let status = HTTPResponseStatus(statusCode: error.status.code, reasonPhrase: error.status.reasonPhrase)
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: version.minor == 0 ? .http1_0 : .http1_1, status: status, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .output, promise: nil)
    }
}
