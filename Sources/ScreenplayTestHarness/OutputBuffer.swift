import Foundation

/// What a child wrote on one of its outputs, kept as it arrives, up to a limit (the first
/// `limit` bytes; the rest is counted and dropped), so a test can read it while the child runs.
///
///     try await child.standardOutput.waitForLine(containing: "listening on", within: .seconds(10))
public final class OutputBuffer: @unchecked Sendable {
    // Safe: `bytes`, `dropped` and `ended` are read and written with `lock` held.
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var dropped = 0
    private var ended = false
    /// How many bytes it keeps.
    public let limit: Int

    init(limit: Int) { self.limit = limit }

    func append(_ chunk: UnsafeRawBufferPointer) {
        lock.withLock {
            let room = max(0, limit - bytes.count)
            bytes.append(contentsOf: chunk.prefix(room))
            dropped += max(0, chunk.count - room)
        }
    }

    func end() { lock.withLock { ended = true } }

    /// Everything kept so far.
    public var data: [UInt8] { lock.withLock { bytes } }
    /// Everything kept so far, as UTF-8 text.
    public var text: String { String(decoding: data, as: UTF8.self) }
    /// Whether the child (and everything that shared the pipe) has closed it.
    public var isClosed: Bool { lock.withLock { ended } }
    /// How many bytes went past ``limit`` and were not kept.
    public var droppedCount: Int { lock.withLock { dropped } }

    /// Waits until a whole line containing `text` has arrived, and returns it; throws when the
    /// output ends or `limit` passes first.
    @discardableResult
    public func waitForLine(containing text: String, within limit: Duration = .seconds(20)) async throws -> String {
        var found: String?
        try await eventually(within: limit, pollingEvery: .milliseconds(10), "a line containing \"\(text)\"") {
            found = self.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first { $0.contains(text) }
                .map(String.init)
            if found == nil, isClosed {
                throw OutputEnded(awaited: text, output: self.text)
            }
            return found != nil
        }
        return found ?? ""
    }

    /// Reads `descriptor` on a thread of its own until it ends (never on the pool that runs
    /// async code: a blocking read there would take one of its few threads), then closes it.
    func drain(_ descriptor: Int32, name: String) {
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    chunk.withUnsafeBytes { append(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(descriptor)
            end()
        }
        thread.name = name
        thread.start()
    }
}

/// A child's output ended before the line a test waited for.
public struct OutputEnded: Error, CustomStringConvertible, Sendable {
    public let awaited: String
    public let output: String
    public var description: String { "the output ended without a line containing \"\(awaited)\":\n\(output.suffix(4_000))" }
}
