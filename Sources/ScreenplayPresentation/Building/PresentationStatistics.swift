import Foundation

/// How much work presentations did: nodes presented afresh and subtrees reused unchanged. A
/// one-city change on the cities screen presents the changed nodes and their ancestors only.
public final class PresentationStatistics: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (presented: 0, reused: 0)

    public init() {}

    /// Nodes presented afresh since the start (lazy rows included, when they were asked for).
    public var presented: Int { lock.withLock { counts.presented } }
    /// Subtrees taken unchanged from an earlier presentation.
    public var reused: Int { lock.withLock { counts.reused } }

    func count(presented: Int, reused: Int) {
        lock.withLock {
            counts.presented += presented
            counts.reused += reused
        }
    }
}
