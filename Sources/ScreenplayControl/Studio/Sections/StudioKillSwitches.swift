import Hummingbird
import Screenplay
import ScreenplayHTML
import ScreenplayServer

/// The parts of the audience a flag or an experiment is switched off for, as its studio page
/// shows them: each with a "Switch on again" button, and a "Switch off for…" form whose problems
/// are shown at their fields. Both apply at once, four eyes or not: an emergency does not wait
/// for a second admin (docs/ARCHITECTURE.md).
enum StudioKillSwitches {
    /// The form's fields as typed, and the problems found in them by field.
    struct Fields {
        var platform = ""
        var minAppVersion = ""
        var maxAppVersion = ""
        var reason = ""
        var problems: [String: String] = [:]

        init() {}

        init(_ form: StudioForm) {
            platform = (form["platform"] ?? "").trimmingCharacters(in: .whitespaces)
            minAppVersion = (form["minAppVersion"] ?? "").trimmingCharacters(in: .whitespaces)
            maxAppVersion = (form["maxAppVersion"] ?? "").trimmingCharacters(in: .whitespaces)
            reason = (form["reason"] ?? "").trimmingCharacters(in: .whitespaces)
        }

        /// The part the fields name, read as the admin API reads it; nil with ``problems`` set
        /// when they do not read.
        mutating func read() -> KillSwitch? {
            var members = JSONMembers<Experiment.KillSwitchKey>()
            for (key, value) in [
                (Experiment.KillSwitchKey.platform, platform), (.minAppVersion, minAppVersion), (.maxAppVersion, maxAppVersion),
                (.reason, reason),
            ] where !value.isEmpty {
                members[key] = .string(value)
            }
            var found: [Diagnostic] = []
            let part = KillSwitch.read(members.json, at: .root, problems: &found)
            for problem in found {
                let field = problem.path.components.first.flatMap { component -> String? in
                    if case .key(let name) = component { return name }
                    return nil
                }
                problems[field ?? "platform", default: ""] += problem.message
            }
            if let part, let low = part.minAppVersion, let high = part.maxAppVersion, low > high {
                problems["maxAppVersion"] = "the highest version is below the lowest (\(low))"
                return nil
            }
            return problems.isEmpty ? part : nil
        }
    }

    /// The part a "Switch on again" button names.
    static func part(_ form: StudioForm) throws -> KillSwitch {
        var fields = Fields(form)
        fields.reason = ""
        guard let part = fields.read() else {
            throw ScreenplayError(.badRequest, code: "badPart", message: "this button does not name a part switched off")
        }
        return part
    }

    /// The section: the parts switched off and, for an admin, the buttons and the form posting to
    /// `path/switch-on` and `path/switch-off`.
    static func html(_ parts: [KillSwitch], path: String, session: StudioSession, fields: Fields = Fields(), what: String) -> HTML {
        var body: HTML = "<h2 id=\"switched-off\">Switched off</h2>\n"
        if parts.isEmpty {
            body += "<p>Switched off for nobody.</p>\n"
        } else {
            body += "<p>These parts of the audience get \(what) whatever the rules say.</p>\n<ul class=\"parts\">"
            for part in parts {
                body += "<li><strong>\(part.summary)</strong>"
                if let reason = part.reason { body += " — \(reason)" }
                if session.role == .admin {
                    body += "<form method=\"post\" action=\"\(path)/switch-on\">\(StudioPage.csrfField(session))"
                    for (name, value) in [
                        ("platform", part.platform), ("minAppVersion", part.minAppVersion?.description),
                        ("maxAppVersion", part.maxAppVersion?.description),
                    ] {
                        if let value { body += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">" }
                    }
                    body +=
                        "<button type=\"submit\" class=\"secondary\" aria-label=\"Switch on again for \(part.summary)\">Switch on again</button></form>"
                }
                body += "</li>"
            }
            body += "</ul>\n"
        }
        guard session.role == .admin else { return body }
        body += "<h3>Switch off for…</h3>\n"
        if !fields.problems.isEmpty {
            body += "<div class=\"notice\" role=\"alert\" id=\"switch-problems\"><p>Not switched off: see the fields below.</p></div>\n"
        }
        body += "<form method=\"post\" action=\"\(path)/switch-off\">\(StudioPage.csrfField(session))"
        let inputs = [
            ("platform", "Platform (ios, android, web; empty: every platform)", fields.platform),
            ("minAppVersion", "Lowest app version (empty: none below)", fields.minAppVersion),
            ("maxAppVersion", "Highest app version (empty: none above)", fields.maxAppVersion),
            ("reason", "Reason", fields.reason),
        ]
        for (name, label, value) in inputs {
            let id = "switch-\(name)"
            body += "<label for=\"\(id)\">\(label)</label>"
            if let problem = fields.problems[name] {
                body += "<p class=\"problem\" id=\"\(id)-problem\">\(problem)</p>"
                body += "<input id=\"\(id)\" name=\"\(name)\" value=\"\(value)\" aria-invalid=\"true\" "
                body += "aria-describedby=\"\(id)-problem\">"
            } else {
                body += "<input id=\"\(id)\" name=\"\(name)\" value=\"\(value)\">"
            }
        }
        body += "<div class=\"actions\"><button type=\"submit\" class=\"danger\">Switch off</button></div></form>\n"
        return body
    }
}
