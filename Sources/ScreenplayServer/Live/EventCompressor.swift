import CompressNIO
import NIOCore

/// A live stream's body gzipped as it goes: each event is compressed and flushed on its own, so
/// that it arrives at once, against a small window that holds the events just before it. A patch
/// is mostly the shape of the last one (the same members, ids, types), so it costs a few bytes
/// more than what changed.
///
/// The window is 1 KB (a patch event and the one before it) and the compressor's state about
/// 11 KB, which every subscriber asking for gzip holds for as long as it listens
/// (docs/PERFORMANCE.md measures it). One compressor per stream, used by one writer at a time.
///
/// ```swift
/// let gzip = try EventCompressor()
/// channel.write(try gzip.compress(event))   // one gzip flush on the wire
/// channel.write(try gzip.finish())          // the gzip trailer, at the stream's end
/// ```
final class EventCompressor {
    private let compressor: ZlibCompressor

    /// The compressor's settings for streams: a 1 KB window (2¹⁰ bytes) and zlib's least memory level.
    static var configuration: ZlibConfiguration {
        ZlibConfiguration(windowSize: .window4k, compressionLevel: .defaultCompressionLevel, memoryLevel: .memory1k)
    }

    init() throws {
        compressor = try ZlibCompressor(algorithm: .gzip, configuration: Self.configuration)
    }

    /// The event, deflated and flushed so that it can be decoded on arrival.
    func compress(_ event: ByteBuffer) throws -> ByteBuffer {
        try deflate(event, flush: .sync)
    }

    /// The end of the gzip stream.
    func finish() throws -> ByteBuffer {
        try deflate(ByteBuffer(), flush: .finish)
    }

    private func deflate(_ buffer: ByteBuffer, flush: CompressNIOFlush) throws -> ByteBuffer {
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
