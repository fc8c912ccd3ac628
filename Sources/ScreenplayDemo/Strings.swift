import Foundation

/// The demo's string tables, one per supported language.
struct Strings: Sendable {
    let language: String

    static let supported = ["en", "fr", "de"]

    private static let tables: [String: [String: String]] = [
        "en": [
            "requests.title": "Requests", "requests.pending": "Pending", "requests.earlier": "Earlier",
            "state.pending": "Pending", "state.accepted": "Accepted", "state.auto_cancel": "Automatically cancelled",
            "detail.period": "from <strong>%1$@</strong> at %2$@<br>to <strong>%3$@</strong> at %4$@<br><strong>%5$@</strong> included",
            "messages.title": "Messages", "request.title": "Request", "request.accept": "Accept", "request.decline": "Decline",
            "request.claim": "Insurance claim", "request.claim.detail": "Photos of the damage are <em>waiting for your review</em>",
            "cities.title": "Statistics", "cities.heading": "Coronavirus statistics", "cities.filter": "Filter by city",
            "cities.refresh": "Refresh", "cities.none": "No city matches “%@”.",
            "weekday.0": "Mon", "weekday.1": "Tue", "weekday.2": "Wed", "weekday.3": "Thu", "weekday.4": "Fri", "weekday.5": "Sat", "weekday.6": "Sun",
        ],
        "fr": [
            "requests.title": "Demandes", "requests.pending": "En attente", "requests.earlier": "Plus anciennes",
            "state.pending": "En attente", "state.accepted": "Acceptée", "state.auto_cancel": "Annulée automatiquement",
            "detail.period": "du <strong>%1$@</strong> à %2$@<br>au <strong>%3$@</strong> à %4$@<br><strong>%5$@</strong> inclus",
            "messages.title": "Messages", "request.title": "Demande", "request.accept": "Accepter", "request.decline": "Refuser",
            "request.claim": "Déclaration de sinistre", "request.claim.detail": "Les photos des dégâts <em>attendent votre examen</em>",
            "cities.title": "Statistiques", "cities.heading": "Statistiques du coronavirus", "cities.filter": "Filtrer par ville",
            "cities.refresh": "Actualiser", "cities.none": "Aucune ville ne correspond à « %@ ».",
            "weekday.0": "lun.", "weekday.1": "mar.", "weekday.2": "mer.", "weekday.3": "jeu.", "weekday.4": "ven.", "weekday.5": "sam.", "weekday.6": "dim.",
        ],
        "de": [
            "requests.title": "Anfragen", "requests.pending": "Offen", "requests.earlier": "Früher",
            "state.pending": "Offen", "state.accepted": "Angenommen", "state.auto_cancel": "Automatisch storniert",
            "detail.period": "von <strong>%1$@</strong> um %2$@<br>bis <strong>%3$@</strong> um %4$@<br><strong>%5$@</strong> inklusive",
            "messages.title": "Nachrichten", "request.title": "Anfrage", "request.accept": "Annehmen", "request.decline": "Ablehnen",
            "request.claim": "Schadensmeldung", "request.claim.detail": "Fotos des Schadens <em>warten auf Ihre Prüfung</em>",
            "cities.title": "Statistik", "cities.heading": "Coronavirus-Statistik", "cities.filter": "Nach Stadt filtern",
            "cities.refresh": "Aktualisieren", "cities.none": "Keine Stadt passt zu „%@“.",
            "weekday.0": "Mo", "weekday.1": "Di", "weekday.2": "Mi", "weekday.3": "Do", "weekday.4": "Fr", "weekday.5": "Sa", "weekday.6": "So",
        ],
    ]

    init(_ language: String) {
        self.language = Self.tables[language] == nil ? "en" : language
    }

    /// The string for `key`, falling back to English, then to the key itself.
    subscript(_ key: String) -> String {
        Self.tables[language]?[key] ?? Self.tables["en"]?[key] ?? key
    }

    /// The string for `key` with `%@` / `%1$@` … replaced by `arguments`.
    func callAsFunction(_ key: String, _ arguments: String...) -> String {
        var text = self[key]
        for (index, argument) in arguments.enumerated() {
            text = text.replacingOccurrences(of: "%\(index + 1)$@", with: argument)
        }
        if let first = arguments.first { text = text.replacingOccurrences(of: "%@", with: first) }
        return text
    }
}
