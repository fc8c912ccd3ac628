import Hummingbird
import NIOCore
import ScreenplayProtocol

/// What every route that takes a body checks, said once: intents, the control plane's admin API
/// and `POST /events`.
extension Request {
    /// Refuses a request that changes things unless it is JSON and, from a browser, sent by this
    /// site's pages.
    package func checkSentByThisSite() throws(ScreenplayError) {
        try SameOriginCheck.check(self)
    }

    /// The whole body, at most `limit` bytes: a larger one is a 413 with `code`; broken HTTP/1.1
    /// framing (a chunk size that is not hex, a body cut short) is a 400 `malformedBody`.
    ///
    /// ```swift
    /// let bytes = try await request.collectedBody(upTo: 256 * 1024, code: "intentTooLarge", naming: "an intent")
    /// ```
    package func collectedBody(upTo limit: Int, code: String = "bodyTooLarge", naming what: String = "the body")
        async throws(ScreenplayError)
        -> [UInt8]
    {
        do {
            return Array(try await body.collect(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw ScreenplayError(.contentTooLarge, code: code, message: "\(what) is at most \(limit) bytes")
        } catch {
            throw ScreenplayError(.badRequest, code: "malformedBody", message: "\(what) could not be read as HTTP/1.1 framing")
        }
    }
}
