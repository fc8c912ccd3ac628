import Foundation
import ScreenplayServer
import Testing

/// A user is named by the bytes sent: a `Screenplay-User` that is not UTF-8 is refused with a 400
/// that names the header, never read as U+FFFD (which made `\xff` and `\xfe` the same user).
@Suite struct UserHeaderBytesTests {
    static func answer(port: Int, user: [UInt8]) async throws -> String {
        let connection = try RawConnection(port: port)
        let request =
            Array("GET /screens/home HTTP/1.1\r\nHost: x\r\nConnection: close\r\nScreenplay-User: ".utf8) + user + Array("\r\n\r\n".utf8)
        await connection.send(bytes: request)
        return await connection.readAll(timeout: .seconds(30)).text
    }

    @Test func aUserThatIsNotUTF8IsRefused() async throws {
        try await ConnectionTests.withServer { port in
            for user: [UInt8] in [[0xFF], [0xFE], Array("ana".utf8) + [0xC3], [0xED, 0xA0, 0x80]] {
                let answer = try await Self.answer(port: port, user: user)
                #expect(ConnectionTests.status(answer) == "HTTP/1.1 400 Bad Request", "\(user): \(answer.prefix(300))")
                #expect(answer.contains("badUser") && answer.contains("Screenplay-User"), "\(answer)")
            }
            // UTF-8 beyond ASCII is a user like any other.
            let answer = try await Self.answer(port: port, user: Array("José".utf8))
            #expect(ConnectionTests.status(answer) == "HTTP/1.1 200 OK", "\(answer.prefix(300))")
        }
    }
}
