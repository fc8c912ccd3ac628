import Foundation

/// The demo's string tables, one per supported language.
struct Strings: Sendable {
    let language: String

    static let supported = ["en", "fr", "de"]

    private static let tables: [String: [String: String]] = [
        "en": [
            "home.title": "Home", "home.services": "Services", "home.pay": "Pay", "home.banner": "Pay with one tap",
            "home.offers": "Offers", "home.offer.1": "2 rides for 1 this weekend", "home.offer.2": "Free delivery over €20",
            "home.add": "Add", "home.offer.flash": "Flash sale: 30% off your next ride", "home.offer.endsIn": "Ends in %@",
            "home.cart": "%@ in your cart", "home.tab.offers": "Offers", "home.tab.new": "New",
            "home.new": "New this week: order groceries for tonight.",
            "service.food": "Food", "service.rides": "Rides", "service.tickets": "Tickets", "service.pharmacy": "Pharmacy",
            "service.groceries": "Groceries",
            "pay.cards": "Cards", "pay.topup": "Top up", "pay.history": "History", "home.recent": "Recent", "home.recent.1": "Coffee",
            "home.recent.2": "Cinema",
            "checkout.title": "Checkout", "checkout.step": "Step %1$@ of %2$@", "checkout.continue": "Continue",
            "checkout.cancel": "Cancel",
            "signup.title": "Create your account", "signup.email": "Email", "signup.name": "Name",
            "signup.invalid": "Enter a valid email address.",
            "card.title": "Add a card", "card.number": "Card number", "card.expiry": "Expiry (MM/YY)",
            "card.save": "Save this card for next time",
            "card.number.required": "Enter your card number.",
            "card.number.invalid": "This card number is too short, too long or of a kind we do not know.",
            "card.number.checkDigit": "This card number has a typo: check its digits.",
            "card.expiry.invalid": "Enter the expiry as MM/YY.",
            "pay.title": "Confirm your payment", "pay.total": "Total", "pay.button": "Pay %@", "done.title": "Payment done",
            "done.message": "Thank you! Your order is on its way.",
            "done.home": "Back to home",
            "requests.title": "Requests", "requests.pending": "Pending", "requests.earlier": "Earlier",
            "state.pending": "Pending", "state.accepted": "Accepted", "state.auto_cancel": "Automatically cancelled",
            "detail.period": "from <strong>%1$@</strong> at %2$@<br>to <strong>%3$@</strong> at %4$@<br><strong>%5$@</strong> included",
            "messages.title": "Messages", "request.title": "Request", "request.accept": "Accept", "request.decline": "Decline",
            "request.claim": "Insurance claim", "request.claim.detail": "Photos of the damage are <em>waiting for your review</em>",
            "claim.photos": "Photos of the damage", "claim.reviewed": "I have reviewed the photos",
            "claim.thanks": "Thank you: the claim goes to the insurer.", "claim.back": "Back to the request",
            "cities.title": "Statistics", "cities.heading": "Coronavirus statistics", "cities.filter": "Filter by city",
            "cities.refresh": "Refresh", "cities.none": "No city matches “%@”.",
            "weekday.0": "Mon", "weekday.1": "Tue", "weekday.2": "Wed", "weekday.3": "Thu", "weekday.4": "Fri", "weekday.5": "Sat",
            "weekday.6": "Sun",
        ],
        "fr": [
            "home.title": "Accueil", "home.services": "Services", "home.pay": "Payer", "home.banner": "Payez en un geste",
            "home.offers": "Offres", "home.offer.1": "2 trajets pour 1 ce week-end", "home.offer.2": "Livraison offerte dès 20 €",
            "home.add": "Ajouter", "home.offer.flash": "Vente flash : −30 % sur votre prochain trajet",
            "home.offer.endsIn": "Se termine dans %@", "home.cart": "%@ dans votre panier", "home.tab.offers": "Offres",
            "home.tab.new": "Nouveautés",
            "home.new": "Nouveau cette semaine : vos courses livrées ce soir.",
            "service.food": "Repas", "service.rides": "Trajets", "service.tickets": "Billets", "service.pharmacy": "Pharmacie",
            "service.groceries": "Courses",
            "pay.cards": "Cartes", "pay.topup": "Recharger", "pay.history": "Historique", "home.recent": "Récents", "home.recent.1": "Café",
            "home.recent.2": "Cinéma",
            "checkout.title": "Paiement", "checkout.step": "Étape %1$@ sur %2$@", "checkout.continue": "Continuer",
            "checkout.cancel": "Annuler",
            "signup.title": "Créez votre compte", "signup.email": "E-mail", "signup.name": "Nom",
            "signup.invalid": "Saisissez une adresse e-mail valide.",
            "card.title": "Ajoutez une carte", "card.number": "Numéro de carte", "card.expiry": "Expiration (MM/AA)",
            "card.save": "Enregistrer cette carte",
            "card.number.required": "Saisissez le numéro de votre carte.",
            "card.number.invalid": "Ce numéro de carte est trop court, trop long ou d’un type que nous ne connaissons pas.",
            "card.number.checkDigit": "Ce numéro de carte contient une faute de frappe : vérifiez ses chiffres.",
            "card.expiry.invalid": "Saisissez l’expiration au format MM/AA.",
            "pay.title": "Confirmez votre paiement", "pay.total": "Total", "pay.button": "Payer %@", "done.title": "Paiement effectué",
            "done.message": "Merci ! Votre commande est en route.",
            "done.home": "Retour à l’accueil",
            "requests.title": "Demandes", "requests.pending": "En attente", "requests.earlier": "Plus anciennes",
            "state.pending": "En attente", "state.accepted": "Acceptée", "state.auto_cancel": "Annulée automatiquement",
            "detail.period": "du <strong>%1$@</strong> à %2$@<br>au <strong>%3$@</strong> à %4$@<br><strong>%5$@</strong> inclus",
            "messages.title": "Messages", "request.title": "Demande", "request.accept": "Accepter", "request.decline": "Refuser",
            "request.claim": "Déclaration de sinistre", "request.claim.detail": "Les photos des dégâts <em>attendent votre examen</em>",
            "claim.photos": "Photos des dégâts", "claim.reviewed": "J’ai examiné les photos",
            "claim.thanks": "Merci : la déclaration part chez l’assureur.", "claim.back": "Retour à la demande",
            "cities.title": "Statistiques", "cities.heading": "Statistiques du coronavirus", "cities.filter": "Filtrer par ville",
            "cities.refresh": "Actualiser", "cities.none": "Aucune ville ne correspond à « %@ ».",
            "weekday.0": "lun.", "weekday.1": "mar.", "weekday.2": "mer.", "weekday.3": "jeu.", "weekday.4": "ven.", "weekday.5": "sam.",
            "weekday.6": "dim.",
        ],
        "de": [
            "home.title": "Start", "home.services": "Dienste", "home.pay": "Bezahlen", "home.banner": "Mit einem Tipp bezahlen",
            "home.offers": "Angebote", "home.offer.1": "2 Fahrten zum Preis von 1", "home.offer.2": "Gratis-Lieferung ab 20 €",
            "home.add": "Hinzufügen", "home.offer.flash": "Blitzangebot: 30 % auf Ihre nächste Fahrt",
            "home.offer.endsIn": "Endet in %@", "home.cart": "%@ im Warenkorb", "home.tab.offers": "Angebote", "home.tab.new": "Neu",
            "home.new": "Neu diese Woche: Einkäufe noch heute Abend geliefert.",
            "service.food": "Essen", "service.rides": "Fahrten", "service.tickets": "Tickets", "service.pharmacy": "Apotheke",
            "service.groceries": "Einkauf",
            "pay.cards": "Karten", "pay.topup": "Aufladen", "pay.history": "Verlauf", "home.recent": "Zuletzt", "home.recent.1": "Kaffee",
            "home.recent.2": "Kino",
            "checkout.title": "Kasse", "checkout.step": "Schritt %1$@ von %2$@", "checkout.continue": "Weiter",
            "checkout.cancel": "Abbrechen",
            "signup.title": "Konto anlegen", "signup.email": "E-Mail", "signup.name": "Name",
            "signup.invalid": "Geben Sie eine gültige E-Mail-Adresse ein.",
            "card.title": "Karte hinzufügen", "card.number": "Kartennummer", "card.expiry": "Ablauf (MM/JJ)",
            "card.save": "Karte für später speichern",
            "card.number.required": "Geben Sie Ihre Kartennummer ein.",
            "card.number.invalid": "Diese Kartennummer ist zu kurz, zu lang oder von einer Art, die wir nicht kennen.",
            "card.number.checkDigit": "Diese Kartennummer enthält einen Tippfehler: Prüfen Sie die Ziffern.",
            "card.expiry.invalid": "Geben Sie das Ablaufdatum als MM/JJ ein.",
            "pay.title": "Zahlung bestätigen", "pay.total": "Summe", "pay.button": "%@ bezahlen", "done.title": "Zahlung erfolgt",
            "done.message": "Danke! Ihre Bestellung ist unterwegs.",
            "done.home": "Zur Startseite",
            "requests.title": "Anfragen", "requests.pending": "Offen", "requests.earlier": "Früher",
            "state.pending": "Offen", "state.accepted": "Angenommen", "state.auto_cancel": "Automatisch storniert",
            "detail.period": "von <strong>%1$@</strong> um %2$@<br>bis <strong>%3$@</strong> um %4$@<br><strong>%5$@</strong> inklusive",
            "messages.title": "Nachrichten", "request.title": "Anfrage", "request.accept": "Annehmen", "request.decline": "Ablehnen",
            "request.claim": "Schadensmeldung", "request.claim.detail": "Fotos des Schadens <em>warten auf Ihre Prüfung</em>",
            "claim.photos": "Fotos des Schadens", "claim.reviewed": "Ich habe die Fotos geprüft",
            "claim.thanks": "Danke: Die Meldung geht an die Versicherung.", "claim.back": "Zurück zur Anfrage",
            "cities.title": "Statistik", "cities.heading": "Coronavirus-Statistik", "cities.filter": "Nach Stadt filtern",
            "cities.refresh": "Aktualisieren", "cities.none": "Keine Stadt passt zu „%@“.",
            "weekday.0": "Mo", "weekday.1": "Di", "weekday.2": "Mi", "weekday.3": "Do", "weekday.4": "Fr", "weekday.5": "Sa",
            "weekday.6": "So",
        ],
    ]

    init(_ language: String) {
        self.language = Self.tables[language] == nil ? "en" : language
    }

    /// The string for `key`, falling back to English, then to the key itself.
    subscript(_ key: String) -> String {
        Self.tables[language]?[key] ?? Self.tables["en"]?[key] ?? key
    }

    /// The string for `key` with `%@` / `%1$@` … replaced by `arguments`, in one pass: an
    /// argument that itself contains `%2$@` is kept as it is.
    func callAsFunction(_ key: String, _ arguments: String...) -> String {
        let template = Array(self[key].utf8)
        var text = ""
        text.reserveCapacity(template.count + arguments.reduce(0) { $0 + $1.utf8.count })
        var literalStart = 0
        var index = 0
        func argument(_ position: Int) -> String? { arguments.indices.contains(position) ? arguments[position] : nil }
        while index < template.count {
            guard template[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            var end = index + 1
            var position = 0
            if end + 2 < template.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(template[end]),
                template[end + 1] == UInt8(ascii: "$")
            {
                position = Int(template[end] - UInt8(ascii: "1"))
                end += 2
            }
            guard end < template.count, template[end] == UInt8(ascii: "@"), let value = argument(position) else {
                index += 1
                continue
            }
            text += String(decoding: template[literalStart..<index], as: UTF8.self)
            text += value
            index = end + 1
            literalStart = index
        }
        text += String(decoding: template[literalStart...], as: UTF8.self)
        return text
    }
}
