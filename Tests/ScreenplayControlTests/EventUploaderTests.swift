import Foundation
import ScreenplayClient
import ScreenplayControl
import ScreenplayControlTestSupport
import ScreenplayServer
import ScreenplayTestHarness
import Testing

/// The client's `track` events reach the control plane's database: batched, retried while the
/// server is away, kept across an app restart, and counted once.
@Suite struct EventUploaderTests {
    @Test func eventsWaitAcrossARestartAndAreCountedOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenplay-uploader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("events.json")
        let database = try await Backend.sqlite.makeDatabase()
        // The server is away: nothing is lost, and it is all on disk.
        var configuration = ClientConfiguration(server: URL(string: "http://127.0.0.1:9")!)
        configuration.user = "app-user"
        let offline = EventUploader(configuration: configuration, file: file, batchSize: 2, interval: .seconds(60))
        for index in 0..<5 { await offline.track("tap", properties: ["index": .number(Double(index))], screen: "home") }
        #expect(await offline.flush() == false)
        #expect(await offline.waiting.count == 5)
        // The app starts again, the server is there: the same five events, once each.
        let instance = try await Instance.start(on: database)
        defer { Instance.stop(instance) }
        configuration.server = instance.url
        let restarted = EventUploader(configuration: configuration, file: file, batchSize: 2, interval: .seconds(60))
        #expect(await restarted.waiting.map(\.id) == (await offline.waiting.map(\.id)))
        #expect(await restarted.flush())
        #expect(await restarted.waiting.isEmpty)
        // New events of the same user add to them (ids are new for each event tracked).
        let again = EventUploader(configuration: configuration, batchSize: 5, interval: .seconds(60))
        for event in await offline.waiting { await again.track(event.name, properties: event.properties, screen: event.screen) }
        #expect(await again.flush())
        #expect(await again.waiting.isEmpty)
        try await eventually("every event written to the database") {
            await instance.control.events.writeWaiting() && instance.control.events.waiting == 0
        }
        let rows = try await database.query("SELECT COUNT(*), COUNT(DISTINCT id) FROM events WHERE user_id = $1", [.text("app-user")])
        #expect(rows.first?.integer(0) == 10)
        #expect(rows.first?.integer(1) == 10)
        let fromFile = try await database.query(
            "SELECT COUNT(*) FROM events WHERE id = $1", [.text(try #require(await offline.waiting.first?.id))])
        #expect(fromFile.first?.integer(0) == 1)
    }
}
