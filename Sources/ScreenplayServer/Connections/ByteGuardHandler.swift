import NIOCore

/// First in a connection's pipeline, before the HTTP decoder: starts the head deadline at a
/// request's first byte, closes the connection when a client that has nothing left to ask leaves
/// (a half-close between requests or under an event stream), and lingers after the last answer —
/// reading and dropping what the client still sends, within a time and a byte bound — so that a
/// client that writes its whole body before it reads sees the answer instead of a reset.
final class ByteGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    let state: ConnectionGuard

    init(state: ConnectionGuard) {
        self.state = state
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { state.enter(.idle, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        state.enter(.idle, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.stop()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if state.lingering {
            state.lingeredBytes += unwrapInboundIn(data).readableBytes
            if state.lingeredBytes > state.limits.maxLingerBytes {
                context.close(promise: nil)
            } else {
                context.read()
            }
            return
        }
        switch state.phase {
        case .idle: state.enter(.head, context: context)
        case .answering: state.nextRequestStarted = true
        case .head, .body: break
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            state.inputClosed = true
            // Nothing half-sent can complete, and no one reads a stream whose client left. A
            // request read whole is still answered (a client may half-close after asking).
            if state.lingering || state.streaming || state.phase == .idle || state.phase == .head {
                context.close(promise: nil)
                return
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        context.close(mode: mode, promise: promise)
        // The answer is out and the write side closed: drain politely, then close the rest.
        if mode == .output {
            if state.inputClosed {
                context.close(promise: nil)
            } else {
                state.startLingering(context: context)
            }
        }
    }
}
