import Foundation
import ScreenplayDSL
import ScreenplayServer

/// The Drivy write-up: generic items formatted by the server for the client's language.
enum RequestScreens {
    static func item(_ request: CarRequest, strings: Strings, formats: Formats) -> Node {
        let detail = strings(
            "detail.period", formats.day(request.start), formats.time(request.start), formats.day(request.end), formats.time(request.end),
            formats.distance(kilometres: request.mileage))
        return GenericItem(
            layout: .request, imageURL: request.avatarURL, title: request.driverName, subtitle: request.carTitle,
            topRightDetail: formats.shortDate(request.createdAt), detail: detail,
            bottomLeftDetail: formats.price(euros: request.price), bottomRightDetail: strings["state.\(request.state.rawValue)"],
            url: "/requests/\(request.id)"
        ).id("request.\(request.id)")
    }

    static func list(language: String) -> Screen {
        let strings = Strings(language)
        let formats = Formats(language: language)
        let pending = DemoData.requests.filter { $0.state == .pending }
        let earlier = DemoData.requests.filter { $0.state != .pending }
        return Screen(id: "requests", title: strings["requests.title"], cache: CacheHints(maxAge: 30, staleWhileRevalidate: 300)) {
            List {
                Section(strings["requests.pending"], id: "pending") {
                    for request in pending { item(request, strings: strings, formats: formats) }
                }
                Section(strings["requests.earlier"], id: "earlier") {
                    for request in earlier {
                        item(request, strings: strings, formats: formats)
                        if let webOnly = request.webOnlyPath {
                            // A feature the apps do not have natively: the router opens it in the web view.
                            GenericItem(
                                layout: .request, title: strings["request.claim"], subtitle: request.carTitle,
                                detail: strings["request.claim.detail"], url: webOnly
                            )
                            .id("request.\(request.id).claim")
                        }
                    }
                }
            }
        }
    }

    static func detail(_ context: ScreenContext) throws -> Screen {
        guard let id = context.parameters["id"].flatMap(Int.init), let request = DemoData.requests.first(where: { $0.id == id }) else {
            throw ScreenplayError(
                .notFound, code: "noSuchRequest", message: "there is no request \(ScreenplayError.quoting(context.parameters["id"] ?? ""))",
                path: "id")
        }
        let strings = Strings(context.language)
        let formats = Formats(language: context.language)
        return Screen(id: "request", title: strings["request.title"]) {
            VStack(alignment: .leading, spacing: 16) {
                item(request, strings: strings, formats: formats)
                if request.state == .pending {
                    HStack(spacing: 12) {
                        Button(strings["request.accept"], action: .intent("accept", payload: ["request": .number(Double(id))])).id("accept")
                        Button(
                            strings["request.decline"], variant: .secondary,
                            action: .intent("decline", payload: ["request": .number(Double(id))])
                        ).id("decline")
                    }
                }
            }
            .padding(16)
        }
    }

    static func messages(_ context: ScreenContext) -> Screen {
        let strings = Strings(context.language)
        let formats = Formats(language: context.language)
        return Screen(id: "messages", title: strings["messages.title"], cache: CacheHints(maxAge: 10)) {
            List {
                for message in DemoData.messages {
                    GenericItem(
                        layout: .message, imageURL: message.avatarURL, title: message.author,
                        topRightDetail: formats.relative(age: message.age), detail: message.markup,
                        url: "/conversations/\(message.conversation)"
                    )
                    .id("conversation.\(message.conversation)")
                }
            }
        }
    }

    /// The insurance claim of a request: a page only the web has (the Drivy write-up's feature the apps do
    /// not have natively). Reviewing the photos is client state; the thank-you line follows it live.
    static func claim(_ context: ScreenContext) throws -> Screen {
        let strings = Strings(context.language)
        guard let id = context.parameters["id"].flatMap(Int.init), let request = DemoData.requests.first(where: { $0.id == id }),
            request.webOnlyPath != nil
        else {
            throw ScreenplayError(
                .notFound, code: "noSuchClaim", message: "request \(ScreenplayError.quoting(context.parameters["id"] ?? "")) has no claim")
        }
        return Screen(id: "claim", title: strings["request.claim"], state: ["reviewed": false]) {
            VStack(alignment: .leading, spacing: 16) {
                Text(request.carTitle).font(size: 20, weight: .bold)
                RichText(strings["request.claim.detail"])
                Text(strings["claim.photos"]).font(size: 15, weight: .semibold)
                Grid(columns: 3, spacing: 8) {
                    for photo in 1...3 {
                        Image(
                            DemoImages.url("claims/\(photo).png"), width: .fill, height: 90, contentMode: .fill,
                            placeholderColor: "#cfd8dc"
                        )
                        .accessibilityLabel("\(strings["claim.photos"]) \(photo)")
                    }
                }
                Toggle(strings["claim.reviewed"], key: "reviewed").id("reviewed")
                Text(strings["claim.thanks"]).foregroundColor("#2e7d32").visible(when: StateCondition("reviewed")).id("thanks")
                Button(strings["claim.back"], variant: .secondary, action: .navigate("/requests/\(request.id)")).id("back")
            }
            .padding(16)
        }
    }
}
