import CompressNIO
import Hummingbird
import NIOCore

/// A live stream's body gzipped as it goes: each event is compressed and flushed on its own, so
/// that it arrives at once, against a small window that holds the events just before it. A patch
/// is mostly the shape of the last one (the same members, ids, types), so it costs a few bytes
/// more than what changed.
///
/// The window is 1 KB (a patch event and the one before it) and the compressor's state about
/// 11 KB, which every subscriber asking for gzip holds for as long as it listens
/// (docs/PERFORMANCE.md measures it).
///
/// ```swift
/// var writer = try CompressedEventWriter(wrapping: writer)
/// try await writer.write(event)   // one gzip flush on the wire
/// ```
struct CompressedEventWriter: ResponseBodyWriter {
    private var wrapped: any ResponseBodyWriter
    private let compressor: ZlibCompressor

    /// The compressor's settings for streams: a 1 KB window (2¹⁰ bytes) and zlib's least memory level.
    static var configuration: ZlibConfiguration {
        ZlibConfiguration(windowSize: .window4k, compressionLevel: .defaultCompressionLevel, memoryLevel: .memory1k)
    }

    init(wrapping wrapped: any ResponseBodyWriter) throws {
        self.wrapped = wrapped
        compressor = try ZlibCompressor(algorithm: .gzip, configuration: Self.configuration)
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        try await wrapped.write(compress(buffer, flush: .sync))
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        let last = try compress(ByteBuffer(), flush: .finish)
        try await wrapped.write(last)
        try await wrapped.finish(trailingHeaders)
    }

    private func compress(_ buffer: ByteBuffer, flush: CompressNIOFlush) throws -> ByteBuffer {
        var input = buffer
        // A fresh buffer each time: the last one may still be on its way to the socket.
        var output = ByteBuffer()
        // Room for the most deflate can make of the input, with the flush marker: a sync flush
        // short of room would keep part of the event back.
        output.reserveCapacity(compressor.maxSize(from: input) + 16)
        try compressor.deflate(from: &input, to: &output, flush: flush)
        return output
    }
}
