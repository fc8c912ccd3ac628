import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Gives freed memory back to the system after a burst. glibc's allocator keeps what a burst of
/// requests freed in its arenas, so a server's resident memory stays at its highest point;
/// `malloc_trim` returns the free pages. Runs every `interval` (a walk of the free lists: well
/// under a millisecond when there is little to give back). Does nothing where the C library is not
/// glibc.
///
/// ```swift
/// application.addServices(MemoryTrimmer())
/// ```
public struct MemoryTrimmer: Service {
    public let interval: Duration

    public init(interval: Duration = .seconds(10)) {
        self.interval = interval
    }

    public func run() async throws {
        #if canImport(Glibc)
            // malloc.h is not part of the Glibc module: find the function at run time (absent with
            // another C library, where this service does nothing).
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
            try? await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try await Task.sleep(for: interval)
                    _ = trim(0)
                }
            }
        #endif
    }
}
