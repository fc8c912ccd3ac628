import Foundation

/// The Drivy write-up's owner requests, as raw data: the server turns them into generic items.
struct CarRequest: Sendable {
    enum State: String, Sendable { case pending, accepted, auto_cancel }

    let id: Int
    let avatarURL: String
    let driverName: String
    let carTitle: String
    let createdAt: Date
    let start: Date
    let end: Date
    let mileage: Int
    let price: Int
    let state: State
    /// A path the apps do not know natively and the server does not serve: the web fallback's job.
    let webOnlyPath: String?
}

enum DemoData {
    static func date(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    static let requests: [CarRequest] = [
        CarRequest(
            id: 1, avatarURL: DemoImages.url("avatars/jean-elie.png"), driverName: "Jean-Élie Locataire",
            carTitle: "Tesla Model S",
            createdAt: date("2017-02-11T14:03:23Z"), start: date("2017-02-15T06:00:00Z"), end: date("2017-02-18T06:30:00Z"),
            mileage: 200, price: 69, state: .pending, webOnlyPath: nil),
        CarRequest(
            id: 2, avatarURL: DemoImages.url("avatars/marie.png"), driverName: "Marie Conductrice", carTitle: "Renault Zoe",
            createdAt: date("2017-02-12T09:30:00Z"), start: date("2017-03-03T08:00:00Z"), end: date("2017-03-05T17:00:00Z"),
            mileage: 350, price: 112, state: .accepted, webOnlyPath: nil),
        CarRequest(
            id: 3, avatarURL: DemoImages.url("avatars/paul.png"), driverName: "Paul Voyageur", carTitle: "Peugeot 208",
            createdAt: date("2017-01-28T18:12:00Z"), start: date("2017-02-06T07:00:00Z"), end: date("2017-02-06T19:00:00Z"),
            mileage: 100, price: 35, state: .auto_cancel, webOnlyPath: "/requests/3/insurance-claim"),
    ]

    struct Message: Sendable {
        let conversation: Int
        let avatarURL: String?
        let author: String
        /// How long ago it was sent, in seconds (shown relative to now).
        let age: TimeInterval
        let markup: String
    }

    static let messages: [Message] = [
        Message(
            conversation: 41, avatarURL: DemoImages.url("avatars/jean-elie.png"), author: "Jean-Élie Locataire",
            age: 2 * 3_600, markup: "Hi! Can I pick the car up at <strong>07:00</strong> instead?"),
        Message(
            conversation: 40, avatarURL: DemoImages.url("avatars/marie.png"), author: "Marie Conductrice",
            age: 26 * 3_600, markup: "Thanks, the car was <em>perfect</em>."),
        Message(
            conversation: 12, avatarURL: nil, author: "Drivy",
            age: 5 * 86_400, markup: "Your payout of <strong>€104</strong> is on its way."),
    ]
}
