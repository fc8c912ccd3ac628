import ScreenplayServer

enum LiveUpdatesForTests {
    static let limited = LiveUpdates(maxSubscribers: 2)
}
