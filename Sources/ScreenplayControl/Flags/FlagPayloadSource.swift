import Crypto
import Foundation
import Logging
import Screenplay
import ScreenplayFlags
import ServiceLifecycle

/// A GrowthBook features payload served instead of the stored flags: read at start, then again
/// every `interval`. A payload that does not read (an unknown operator, a hostile pattern, a
/// prerequisite cycle …) is refused with every problem at its path in the log, and the payload in
/// force stays; so does it when the source cannot be reached.
///
/// ```swift
/// // screenplay serve --flags-payload https://cdn.growthbook.io/api/features/sdk-abc123
/// let source = FlagPayloadSource(control: control, origin: url.absoluteString) { try await fetch(url) }
/// application.addServices(source)
/// ```
public struct FlagPayloadSource: Service {
    let control: ControlPlane
    /// Where the payload comes from, for the log: a path or a URL.
    public let origin: String
    let load: @Sendable () async throws -> [UInt8]
    /// How long between two reads.
    public var interval: Duration

    /// - Parameters:
    ///   - control: the control plane whose configuration serves the flags.
    ///   - origin: where the payload comes from (a path or a URL), for the log.
    ///   - interval: how long between two reads.
    ///   - load: reads the payload's bytes.
    public init(
        control: ControlPlane, origin: String, interval: Duration = .seconds(30), load: @escaping @Sendable () async throws -> [UInt8]
    ) {
        self.control = control
        self.origin = origin
        self.interval = interval
        self.load = load
        control.flagsFromPayload.withLockedValue { $0 = true }
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await refresh()
                try? await control.clock.sleep(for: interval)
            }
        }
    }

    /// Reads the payload once and puts it in force when it reads; what reading it said.
    @discardableResult
    public func refresh() async -> DecodeResult<FeaturesPayload>? {
        let bytes: [UInt8]
        do {
            bytes = try await load()
        } catch {
            control.logger.error(
                "the flags payload could not be read; the flags in force stay", metadata: ["origin": "\(origin)", "error": "\(error)"])
            return nil
        }
        let result = FeaturesPayload.decode(from: bytes)
        guard let payload = result.value else {
            control.logger.error(
                "the flags payload was refused; the flags in force stay",
                metadata: ["origin": "\(origin)", "problems": "\(result.errors.prefix(10).map(\.description))"])
            return result
        }
        let version = SHA256.hash(data: bytes).prefix(12).map { String(format: "%02x", $0) }.joined()
        control.externalPayload.withLockedValue { $0 = bytes }
        control.configuration.replace(
            flags: FlagEvaluator(payload: payload, now: { [clock = control.clock] in clock.now() }), version: version)
        return result
    }
}
