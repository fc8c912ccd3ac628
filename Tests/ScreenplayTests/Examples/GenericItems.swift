import ScreenplayDSL

/// The Drivy write-up's owner requests and messages: generic items the server has formatted already.
func requestsScreen() -> Screen {
    Screen(id: "requests", title: "Requests", cache: CacheHints(maxAge: 30, staleWhileRevalidate: 300)) {
        List {
            Section("Pending", id: "pending") {
                GenericItem(
                    layout: .request, imageURL: "https://images.example.com/avatars/jean-elie.jpg",
                    title: "Jean-Élie Locataire", subtitle: "Tesla Model S", topRightDetail: "02/11/2017",
                    detail:
                        "from <strong>Wed, Feb 15, 2017</strong> at 07:00\nto <strong>Sat, Feb 18, 2017</strong> at 07:30\n<strong>200 km</strong> included",
                    bottomLeftDetail: "€69", bottomRightDetail: "Pending", url: "/requests/1"
                ).id("request.1")
                GenericItem(
                    layout: .request, imageURL: "https://images.example.com/avatars/marie.jpg",
                    title: "Marie Conductrice", subtitle: "Renault Zoe", topRightDetail: "02/12/2017",
                    detail:
                        "from <strong>Fri, Mar 3, 2017</strong> at 09:00<br>to <strong>Sun, Mar 5, 2017</strong> at 18:00<br><strong>350 km</strong> included",
                    bottomLeftDetail: "€112", bottomRightDetail: "Pending", url: "/requests/2"
                ).id("request.2")
            }
            Section("Earlier", id: "earlier") {
                GenericItem(
                    layout: .request, imageURL: "https://images.example.com/avatars/paul.jpg",
                    title: "Paul Voyageur", subtitle: "Peugeot 208", topRightDetail: "01/28/2017",
                    detail: "from <strong>Mon, Feb 6, 2017</strong> at 08:00<br>to <strong>Mon, Feb 6, 2017</strong> at 20:00",
                    bottomLeftDetail: "€35", bottomRightDetail: "Automatically cancelled", url: "/requests/3"
                ).id("request.3")
                // A feature the app does not have natively yet: the router opens it in the web view.
                GenericItem(
                    layout: .request, title: "Insurance claim #1182", subtitle: "Peugeot 208",
                    detail: "Photos of the damage are <em>waiting for your review</em>",
                    bottomRightDetail: "Action needed", url: "/requests/3/insurance-claim"
                ).id("request.3.claim")
            }
        }
    }
}

func messagesScreen() -> Screen {
    Screen(id: "messages", title: "Messages") {
        List {
            GenericItem(
                layout: .message, imageURL: "https://images.example.com/avatars/jean-elie.jpg",
                title: "Jean-Élie Locataire", topRightDetail: "14:03",
                detail: "Hi! Can I pick the car up at <strong>07:00</strong> instead?", url: "/conversations/41"
            ).id("conversation.41")
            GenericItem(
                layout: .message, imageURL: "https://images.example.com/avatars/marie.jpg",
                title: "Marie Conductrice", topRightDetail: "Yesterday",
                detail: "Thanks, the car was <em>perfect</em>.", url: "/conversations/40"
            ).id("conversation.40")
            GenericItem(
                layout: .message, title: "Drivy support", topRightDetail: "Feb 9",
                detail:
                    "Your payout of <strong>€104</strong> is on its way. <a href=\"https://www.example.com/help/payouts\">Learn more</a>",
                url: "/conversations/12"
            ).id("conversation.12")
        }
    }
}
