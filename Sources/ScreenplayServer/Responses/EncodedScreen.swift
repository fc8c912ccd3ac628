import CompressNIO
import HTTPTypes
import NIOCore

/// Encoded bytes with their strong tag: the bytes' hash, or for a templated screen the plain
/// form's tag marked `-t` (both name the same version).
struct ScreenBody {
    let bytes: [UInt8]
    let tag: String

    init(bytes: [UInt8], tag: String? = nil) {
        self.bytes = bytes
        self.tag = tag ?? ScreenResponse.entityTag(for: bytes)
    }
}

/// A screen ready to send: its bytes, their tags, a gzip copy when it pays, and the headers.
/// Built once per request, or once per render-cache entry and then shared by every hit.
struct EncodedScreen: Sendable {
    let body: ByteBuffer
    let tag: String
    let gzipTag: String
    /// The body gzipped; nil below the threshold, when not asked for, or when compression failed.
    let gzipped: ByteBuffer?
    let headers: HTTPFields

    /// - Parameter compressing: whether to prepare the gzip form (when the body is large enough).
    init(body screen: ScreenBody, headers: HTTPFields, compressing: Bool) {
        body = ByteBuffer(bytes: screen.bytes)
        tag = screen.tag
        gzipTag = EntityTag.gzipped(tag)
        if compressing, screen.bytes.count >= ScreenResponse.gzipThreshold {
            var input = body
            gzipped = try? input.compress(with: .gzip())
        } else {
            gzipped = nil
        }
        self.headers = headers
    }
}
