import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import Testing

@testable import ScreenplayServer

/// Which connection makes room at the limit, decided by the registry alone (embedded channels, no
/// sockets): the one idle the longest, a half-sent head counting as idle from
/// ``ConnectionLimits/headEvictableAfter`` after its first byte, never one younger than that, nor
/// one reading a body or answering.
@Suite struct ConnectionRegistryTests {
    /// A registry of `places`, and a way to tell which channels it closed.
    final class Harness: Sendable {
        let registry: ConnectionRegistry
        let loop = EmbeddedEventLoop()
        private let closed = NIOLockedValueBox<Set<String>>([])

        init(places: Int, headEvictableAfter: Duration) {
            var limits = ConnectionLimits()
            limits.maxConnections = places
            limits.headEvictableAfter = headEvictableAfter
            registry = ConnectionRegistry(limits: limits)
        }

        func admit(_ name: String) -> ConnectionRecord? {
            let channel = EmbeddedChannel(loop: loop)
            channel.closeFuture.whenComplete { [closed] _ in closed.withLockedValue { _ = $0.insert(name) } }
            return registry.admit(channel)
        }

        var closedNames: Set<String> {
            loop.run()
            return closed.withLockedValue { $0 }
        }
    }

    @Test func aYoungHeadIsNeverClosedToMakeRoom() throws {
        let harness = Harness(places: 2, headEvictableAfter: .seconds(60))
        let a = try #require(harness.admit("a"))
        let b = try #require(harness.admit("b"))
        a.entered(.head)
        b.entered(.head)
        #expect(harness.admit("c") == nil, "two heads in progress hold both places")
        #expect(harness.closedNames == ["c"], "only the newcomer is refused")
    }

    @Test func aHeadPastItsGraceMakesRoomAsAnIdleConnectionDoes() throws {
        let harness = Harness(places: 2, headEvictableAfter: .zero)
        let a = try #require(harness.admit("a"))
        let b = try #require(harness.admit("b"))
        a.entered(.head)
        // b's head begins after a's on the clock the registry reads (the same instant would not
        // order them): a wait on that clock, not a sleep.
        let aBegan = try #require(a.idleSince)
        while NIODeadline.now() <= aBegan {}
        b.entered(.head)
        #expect(harness.admit("c") != nil)
        #expect(harness.closedNames == ["a"], "the head that began first made room")
    }

    @Test func theConnectionIdleTheLongestGoesFirstAndNoneBusy() throws {
        let harness = Harness(places: 3, headEvictableAfter: .zero)
        let reading = try #require(harness.admit("reading"))
        let answering = try #require(harness.admit("answering"))
        let idle = try #require(harness.admit("idle"))
        reading.entered(.body)
        answering.entered(.answering)
        idle.entered(.idle)
        #expect(harness.admit("d") != nil)
        #expect(harness.closedNames == ["idle"])
        // Now only busy connections and the newcomer (idle, waiting for its first byte) are left.
        let e = try #require(harness.admit("e"))
        #expect(harness.closedNames == ["idle", "d"], "a busy connection is never closed to make room")
        // Busy ones only: the newcomer is refused.
        e.entered(.answering)
        #expect(harness.admit("f") == nil)
        #expect(harness.closedNames == ["idle", "d", "f"])
        _ = (reading, answering)
    }
}
