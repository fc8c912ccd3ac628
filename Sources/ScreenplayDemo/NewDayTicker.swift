import ServiceLifecycle

/// Gives a city a new day every `interval`, for as long as the application runs.
struct NewDayTicker: Service {
    let feed: CityFeed
    let interval: Duration

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                feed.newDay()
            }
        }
    }
}
