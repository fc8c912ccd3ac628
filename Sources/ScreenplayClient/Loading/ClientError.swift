import Foundation
import Screenplay

/// Why a screen, an intent or a navigation did not work, in words a log and a user can read.
///
/// ```swift
/// if case .failed(let error) = store.phase { print(error) }   // "http 503 at /screens/home: …"
/// ```
public struct ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The server could not be reached (or timed out).
        case network
        /// The server has no screen at this path (404 `noSuchScreen`).
        case notFound
        /// The server answered with another error status.
        case http
        /// The answer was not a usable screen.
        case undecodable
        /// The URL was refused (a scheme the app does not allow, or not a URL).
        case refusedURL
        /// The host did not register a handler for this (web fallback, external opener).
        case unhandled
    }

    public let kind: Kind
    public let message: String
    /// The URL or target it is about.
    public let target: String
    /// The HTTP status, for `.http` and `.notFound`.
    public let status: Int?
    /// The problems the server listed with their paths (`state.cardNumber` for a field it refused).
    public let problems: [Diagnostic]

    public init(_ kind: Kind, _ message: String, target: String, status: Int? = nil, problems: [Diagnostic] = []) {
        self.kind = kind
        self.message = message
        self.target = target
        self.status = status
        self.problems = problems
    }

    public var description: String {
        "\(kind.rawValue)\(status.map { " \($0)" } ?? "") at \(target): \(message)"
    }

    /// A transport's failure as a person reads it: "nothing answers there" rather than a socket
    /// library's error chain; anything else as the transport said it.
    public static func network(_ error: any Error, target: String) -> ClientError {
        let text = String(describing: error)
        let message: String
        if text.contains("Connection refused") || text.contains("errno: 111") || text.contains("Could not connect") {
            message = "nothing answers there (connection refused): is the server running?"
        } else if text.localizedCaseInsensitiveContains("timed out") || text.localizedCaseInsensitiveContains("timeout") {
            message = "the server did not answer in time"
        } else {
            message = text
        }
        return ClientError(.network, message, target: target)
    }
}
