import Foundation

/// The admin API's routes, each said once for the server (its router and its table of methods)
/// and for `screenplay admin` (its requests).
///
/// ```swift
/// router.post(RouterPath(AdminPath.pause.pattern)) { … }       // /admin/experiments/:name/pause
/// AdminPath.pause.path(name: "homeOrder")                      // /admin/experiments/homeOrder/pause
/// AdminPath.report.path(name: "checkoutOrder", query: [.goal: "paid"])
/// ```
public enum AdminPath: String, CaseIterable, Sendable {
    case experiments = "experiments"
    case experiment = "experiments/:name"
    case pause = "experiments/:name/pause"
    case resume = "experiments/:name/resume"
    case stop = "experiments/:name/stop"
    case report = "experiments/:name/report"
    /// The parts of the audience an experiment is switched off for (`POST` adds one, `DELETE` removes it).
    case switchedOff = "experiments/:name/switched-off"
    case slots = "slots"
    case slot = "slots/:name"
    case versions = "slots/:name/versions"
    case version = "slots/:name/versions/:version"
    case rollback = "slots/:name/rollback"
    case audit = "audit"
    /// Every stored flag.
    case flags = "flags"
    /// One flag (`GET`, `PUT`, `DELETE`).
    case flag = "flags/:name"
    /// The parts of the audience a flag is switched off for (`POST` adds one, `DELETE` removes it).
    case flagSwitchedOff = "flags/:name/switched-off"
    /// The flags in force as GrowthBook's features payload (what its SDKs and `screenplay flags evaluate` read).
    case features = "features"
    /// The compatibility report (`GET`: the live census; `POST`: the census in the body).
    case compat = "compat"
    /// The capability census: the recorded capability file `screenplay compat --capabilities` reads.
    case census = "compat/census"

    /// Where the admin API lives.
    public static let prefix = "/admin"

    /// A `:parameter` of a path.
    public enum Parameter: String, Sendable, CaseIterable {
        /// An experiment's or a slot's name.
        case name
        /// A slot's version number.
        case version
    }

    /// A query parameter of the admin API.
    public enum Query: String, Sendable, CaseIterable {
        /// A report's conversion event (`report`).
        case goal
        /// The audit log of one target (`audit`): `slot:home.promo`.
        case target
        /// How many entries or versions at most (`audit`, `versions`).
        case limit
        /// Check only, change nothing (`PUT` of an experiment or a slot, `stop`).
        case dryRun
        /// A reason to go through the compatibility gate (`PUT` of a slot, `stop`); audited.
        case force
    }

    /// The router's pattern: `/admin/experiments/:name`.
    public var pattern: String { Self.prefix + "/" + rawValue }

    /// A request's path: the parameters filled in (percent-encoded), then the query.
    public func path(name: String? = nil, version: String? = nil, query: KeyValuePairs<Query, String> = [:]) -> String {
        let segments = rawValue.split(separator: "/").map { segment -> String in
            switch String(segment) {
            case ":" + Parameter.name.rawValue: Self.encoded(name ?? "")
            case ":" + Parameter.version.rawValue: Self.encoded(version ?? "")
            default: String(segment)
            }
        }
        let pairs = query.map { "\($0.key.rawValue)=\(Self.encoded($0.value))" }
        return Self.prefix + "/" + segments.joined(separator: "/") + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
    }

    /// A name as one path segment (or query value): `/`, `?`, `&`, `=` and `#` encoded too.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?&=#+"))) ?? text
    }
}
