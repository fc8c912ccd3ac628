import Foundation
import ScreenplayServer

/// The cities' figures as days go by (the Tutu write-up's live statistics). Each city shows the seven
/// days from its own start; a new day for one city drops its oldest bar and adds the newest, so
/// a live stream sends only that city's two changes.
///
/// ```swift
/// let feed = CityFeed()
/// let app = DemoApp.application(host: "127.0.0.1", port: 8080, signer: .development(), feed: feed)
/// feed.newDay()          // the next city in turn gets a new day; streams get the patch
/// ```
public final class CityFeed: @unchecked Sendable {
    // Safe: `starts`, `next` and `onChange` are only touched while `lock` is held.
    private let lock = NSLock()
    private var starts: [Int]
    private var next = 0
    private var onChange: (@Sendable () -> Void)?

    public init(cities: Int = CityScreens.cities.count) {
        starts = Array(repeating: 0, count: cities)
    }

    /// The first day shown for the city at `index`.
    func start(of index: Int) -> Int {
        lock.withLock { starts.indices.contains(index) ? starts[index] : 0 }
    }

    /// Gives the next city in turn a new day and tells the streams; returns the city's index.
    @discardableResult
    public func newDay() -> Int {
        let (city, change) = lock.withLock { () -> (Int, (@Sendable () -> Void)?) in
            let city = next
            starts[city] += 1
            next = (next + 1) % starts.count
            return (city, onChange)
        }
        change?()
        return city
    }

    func whenChanged(_ change: @escaping @Sendable () -> Void) {
        lock.withLock { onChange = change }
    }
}
