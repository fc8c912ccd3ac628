import ArgumentParser
import Foundation
import Logging
import ScreenplayClient
import ScreenplayControl

/// A GrowthBook features payload that `screenplay serve` serves instead of the stored flags, and how
/// often it is read again.
///
/// ```swift
/// let source = try await options.source(control: control, logger: logger)   // nil without --flags-payload
/// ```
struct FlagsPayloadOptions: ParsableArguments {
    @Option(
        help: """
            A GrowthBook features payload to serve instead of the stored flags: a file, or an http(s) URL             (GrowthBook's /api/features/<client key>); read again every --flags-refresh seconds, a refused one keeping the one in force.
            """)
    var flagsPayload: String?

    @Option(help: "Seconds between two reads of --flags-payload.")
    var flagsRefresh: Double = 30

    /// The payload's source, already read once (so that no screen is served without the flags), or
    /// nil without `--flags-payload`.
    func source(control: ControlPlane, logger: Logger) async throws -> FlagPayloadSource? {
        guard let origin = flagsPayload else { return nil }
        guard flagsRefresh >= 1 else { throw ValidationError("--flags-refresh is at least 1 second") }
        let source = FlagPayloadSource(
            control: control, origin: origin, interval: .milliseconds(Int(flagsRefresh * 1_000)), load: try Self.loader(origin))
        // Read before the first request, so that no screen is served without the flags.
        if await source.refresh()?.value == nil {
            logger.error("the flags payload \(source.origin) was not read: no flag is on")
        }
        return source
    }

    /// Reads `origin`'s bytes: a file, or an http(s) URL (at most 8 MiB, within 10 seconds).
    static func loader(_ origin: String) throws -> @Sendable () async throws -> [UInt8] {
        guard origin.hasPrefix("http://") || origin.hasPrefix("https://") else {
            return {
                guard let data = FileManager.default.contents(atPath: origin) else { throw ValidationError("cannot read \(origin)") }
                return [UInt8](data)
            }
        }
        guard let url = URL(string: origin) else { throw ValidationError("--flags-payload \(origin) is not a URL") }
        return {
            let response = try await DefaultTransport.make(maxResponseBytes: 8 << 20).send(
                TransportRequest(url: url, headers: [.accept: "application/json"]))
            guard response.status == .ok else { throw ValidationError("\(origin) answered \(response.status.code)") }
            return response.body
        }
    }
}
