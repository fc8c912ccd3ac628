import Foundation
import Logging
import ServiceLifecycle

/// A folder of screen documents served as ``DocumentScreens``: every `NAME.json` at
/// `/screens/<prefix>/NAME`, and each time a file is saved its new version goes to every device
/// following it, with no build. The folder is polled (modification times and sizes, every
/// `interval`), which works the same on every file system; a file that does not decode keeps the
/// last good version served, and its problems are logged.
///
/// ```swift
/// let folder = DocumentFolder(URL(fileURLWithPath: "screens"), screens: DocumentScreens(prefix: "watch", maxBytes: 1 << 20))
/// folder.screens.register(on: &routes)
/// application.addServices(folder)
/// ```
public struct DocumentFolder: Service {
    public let folder: URL
    public let screens: DocumentScreens
    public let interval: Duration
    let logger: Logger
    private let seen = SeenFiles()

    public init(
        _ folder: URL, screens: DocumentScreens, interval: Duration = .milliseconds(250), logger: Logger = Logger(label: "screenplay.watch")
    ) {
        self.folder = folder
        self.screens = screens
        self.interval = interval
        self.logger = logger
    }

    /// Reads the files that changed since the last scan (all of them the first time); returns their names.
    @discardableResult
    public func scan() -> [String] {
        let manager = FileManager.default
        let files = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        var changed: [String] = []
        var present: Set<String> = []
        for file in files where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            guard DocumentScreens.isValidName(name) else {
                logger.warning("watch: \(file) is skipped: a name is letters, digits, -, _ and . (64 at most)")
                continue
            }
            present.insert(name)
            let path = folder.appendingPathComponent(file).path
            guard let attributes = try? manager.attributesOfItem(atPath: path) else { continue }
            let stamp = "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)/\(attributes[.size] as? Int ?? 0)"
            guard seen.stamp(of: name) != stamp else { continue }
            seen.set(stamp, for: name)
            guard let data = manager.contents(atPath: path) else { continue }
            do {
                let entry = try screens.update(name, document: [UInt8](data))
                if !entry.decoded {
                    logger.warning(
                        "watch: \(file) does not decode; the last good version stays served:\n\(Self.describe(entry.diagnostics))")
                } else {
                    if !entry.diagnostics.isEmpty { logger.notice("watch: \(file):\n\(Self.describe(entry.diagnostics))") }
                    logger.info("watch: /screens/\(screens.prefix)/\(name) is revision \(entry.revision)")
                }
                changed.append(name)
            } catch {
                logger.warning("watch: \(file) is not served: \(error.message)")
            }
        }
        for name in seen.names where !present.contains(name) {
            seen.set(nil, for: name)
            screens.remove(name)
            logger.info("watch: \(name).json was removed; /screens/\(screens.prefix)/\(name) is no longer served")
        }
        return changed
    }

    static func describe(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.prefix(20).map { "  \($0)" }.joined(separator: "\n")
    }

    public func run() async throws {
        logger.info("watch: serving \(folder.path)/*.json at /screens/\(screens.prefix)/NAME, polled every \(interval)")
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                scan()
                try await Task.sleep(for: interval)
            }
        }
    }
}

/// The stamp (modification time and size) of each file last read.
private final class SeenFiles: @unchecked Sendable {
    // Safe: every access holds the lock.
    private let lock = NSLock()
    private var stamps: [String: String] = [:]

    func stamp(of name: String) -> String? { lock.withLock { stamps[name] } }
    func set(_ stamp: String?, for name: String) { lock.withLock { stamps[name] = stamp } }
    var names: [String] { lock.withLock { Array(stamps.keys) } }
}
