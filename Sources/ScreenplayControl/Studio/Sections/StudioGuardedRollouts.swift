import Foundation
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol

/// A flag's guarded rollout (``GuardedRollout``) on its studio page: which rule, its coverage now,
/// the steps and when each is due, what is watched and beyond what it rolls back, and whether it
/// was (with the guard's audit entry); for an admin, a form that starts guarding one of the flag's
/// force rules or stops guarding it. The form only writes the flag's `guardedRollout` member: the
/// new document is read by ``FlagDefinition/decode(from:key:)`` and saved by the flag page's one
/// save (``StudioFlagPages/commit(_:base:session:again:)``), so validation, the audit entry and
/// four eyes are the editor's.
enum StudioGuardedRollouts {
    static let units: [(name: String, seconds: Double)] = [("minutes", 60), ("hours", 3_600), ("days", 86_400)]

    /// The form's fields as typed, and the problems found in them by field ("" for the form).
    struct Fields {
        var rule = ""
        /// Percentages, separated by commas or spaces: `5, 25, 100`.
        var steps = "5, 25, 50, 100"
        var every = "1"
        var unit = "days"
        var event = "client_error"
        var worseWhen = "higher"
        /// Percentage points.
        var threshold = "2"
        var minimumUsers = "100"
        var problems: [String: String] = [:]

        init() {}

        init(_ form: StudioForm) {
            func field(_ name: String) -> String { (form[name] ?? "").trimmingCharacters(in: .whitespaces) }
            rule = field("rule")
            steps = field("steps")
            every = field("every")
            unit = field("unit")
            event = field("event")
            worseWhen = field("worseWhen")
            threshold = field("threshold")
            minimumUsers = field("minimumUsers")
        }

        /// The fields of a rollout already guarded, as its form shows them again.
        init(_ rollout: GuardedRollout) {
            rule = rollout.rule
            steps = rollout.steps.map { Self.number($0 * 100) }.joined(separator: ", ")
            let unit = Self.unit(for: rollout.every)
            every = Self.number(Double(rollout.every) / unit.seconds)
            self.unit = unit.name
            event = rollout.event
            worseWhen = rollout.worseWhen.rawValue
            threshold = Self.number(rollout.threshold * 100)
            minimumUsers = String(rollout.minimumUsers)
        }

        static func unit(for seconds: Int) -> (name: String, seconds: Double) {
            units.last { seconds % Int($0.seconds) == 0 } ?? units[0]
        }

        static func number(_ value: Double) -> String {
            value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }

        /// `definition` guarded as the fields say, read as the flag editor reads a document; nil
        /// with ``problems`` set when a field does not read (percentages and units are checked
        /// here, in the words of the form; the rest by the flag's reader, at its field).
        mutating func read(into definition: FlagDefinition) -> FlagDefinition? {
            problems = [:]
            let stepTexts = steps.split(whereSeparator: { $0 == "," || $0 == " " }).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "% "))
            }
            let percents = stepTexts.compactMap { Double($0) }
            if stepTexts.isEmpty {
                problems["steps"] = "Give at least one step: the coverages in percent, such as 5, 25, 100."
            } else if percents.count != stepTexts.count || percents.contains(where: { !$0.isFinite }) {
                problems["steps"] = "Each step is a percentage, such as 5, 25, 100."
            } else if let wrong = percents.first(where: { !(0...100).contains($0) }) {
                problems["steps"] = "Each step is a coverage from 0 % to 100 %; \(Self.number(wrong)) % is not."
            } else if zip(percents, percents.dropFirst()).contains(where: { $0 >= $1 }) {
                problems["steps"] = "Each step covers more than the one before."
            } else if percents.count > 20 {
                problems["steps"] = "At most 20 steps."
            }
            let chosen = StudioGuardedRollouts.units.first { $0.name == unit }
            let interval = Double(every).flatMap { value in chosen.map { value * $0.seconds } }
            if chosen == nil {
                problems["every"] = "Choose minutes, hours or days."
            } else if interval == nil || !(interval ?? 0).isFinite || (interval ?? 0) < 1 {
                problems["every"] = "How long between two steps: a number above 0."
            }
            let points = Double(threshold)
            if points == nil || !(0...100).contains(points ?? -1) {
                problems["threshold"] = "A difference of rates in percentage points, from 0 to 100 (such as 2)."
            }
            let minimum = Int(minimumUsers)
            if minimum == nil || (minimum ?? 0) < 1 { problems["minimumUsers"] = "A whole number of users, 1 or more." }
            if event.isEmpty { problems["event"] = "Name the event apps send that is watched, such as client_error." }
            if rule.isEmpty { problems["rule"] = "Choose the force rule whose coverage steps." }
            guard problems.isEmpty, let interval, let points, let minimum else { return nil }
            var watch = JSONMembers<GuardedRollout.WatchKey>()
            watch[.event] = .string(event)
            watch[.worseWhen] = .string(worseWhen)
            watch[.threshold] = .number(points / 100)
            watch[.minimumUsers] = .number(Double(minimum))
            var guarded = JSONMembers<GuardedRollout.Key>()
            guarded[.rule] = .string(rule)
            guarded[.steps] = .array(percents.map { .number($0 / 100) })
            guarded[.every] = .number(interval.rounded())
            guarded[.watch] = watch.json
            guard var members = JSONMembers<FlagDefinition.Key>(definition.document) else { return nil }
            members[.guardedRollout] = guarded.json
            let result = FlagDefinition.decode(from: members.json, key: definition.key)
            for problem in result.errors { problems[Self.field(of: problem.path), default: ""] += problem.message + " " }
            return problems.isEmpty ? result.value : nil
        }

        /// The form's field a problem of the flag's document belongs to ("" for the form itself).
        static func field(of path: JSONPath) -> String {
            let keys = path.components.compactMap { component -> String? in
                if case .key(let name) = component { return name }
                return nil
            }
            guard keys.first == "guardedRollout", let last = keys.dropFirst().last else { return "" }
            return ["rule", "steps", "every", "event", "worseWhen", "threshold", "minimumUsers"].contains(last) ? last : ""
        }
    }

    /// The section: the rollout as it stands, and (for an admin) the form posting to
    /// `path/guarded-rollout`.
    /// - Parameters:
    ///   - stored: the flag as stored.
    ///   - rolledBack: the guard's audit entry that rolled it back, if it did.
    ///   - now: the control plane's clock (Unix milliseconds).
    ///   - fields: the form as typed, with its problems.
    ///   - fourEyes: whether a change is asked for rather than made.
    static func html(
        _ stored: StoredFlag, rolledBack: AuditEntry?, now: Int64, session: StudioSession, fields: Fields?, fourEyes: Bool
    ) -> HTML {
        let definition = stored.definition
        let path = StudioFlagPages.path(of: definition.key)
        var body: HTML = "<h2 id=\"guarded-rollout\">Guarded rollout</h2>\n"
        if let rollout = definition.guardedRollout {
            body += state(rollout, definition: definition, rolledBack: rolledBack, now: now)
        } else {
            body += "<p>No rule of this flag is guarded: its coverages change only when someone saves the flag.</p>\n"
        }
        guard session.role == .admin else { return body }
        let forceRules = StudioFlagPages.rules(of: definition.feature).filter { $0[.force] != nil }.compactMap { $0[.id]?.stringValue }
        let csrf = StudioPage.csrfField(session)
        let base: HTML = "<input type=\"hidden\" name=\"base\" value=\"\(stored.revision)\">"
        let action = path + "/guarded-rollout"
        if fourEyes { body += "<p>Four eyes are on: another admin approves the change before it is in force.</p>\n" }
        if let rollout = definition.guardedRollout {
            body += "<form method=\"post\" action=\"\(action)\">\(csrf)\(base)<div class=\"actions\">"
            body +=
                "<button type=\"submit\" name=\"intent\" value=\"stop\" class=\"secondary\">\(fourEyes ? "Ask to stop" : "Stop") guarding "
            body += "\(rollout.rule)</button></div></form>\n"
            body += "<p>Stopping leaves the rule's coverage where it is; starting again replaces the rollout and its schedule.</p>\n"
        }
        guard !forceRules.isEmpty else {
            return body + "<p>The flag has no force rule with an id to guard: add one in its document.</p>\n"
        }
        var fields = fields ?? definition.guardedRollout.map(Fields.init) ?? Fields()
        if fields.rule.isEmpty || (fields.problems.isEmpty && !forceRules.contains(fields.rule)) {
            fields.rule = definition.guardedRollout?.rule ?? forceRules[0]
        }
        body += "<h3>\(definition.guardedRollout == nil ? "Guard a rollout" : "Guard a rollout again")</h3>\n"
        if !fields.problems.isEmpty {
            body += "<div class=\"notice\" role=\"alert\" id=\"guard-problems\"><p>Not saved: see the fields below.</p>"
            if let general = fields.problems[""] { body += "<p>\(general)</p>" }
            body += "</div>\n"
        }
        body += "<form method=\"post\" action=\"\(action)\">\(csrf)\(base)"
        func described(_ name: String, hint: String?) -> (attributes: HTML, after: HTML) {
            let id = "guard-\(name)"
            var ids: [String] = []
            var before = HTML()
            if let hint {
                ids.append("\(id)-hint")
                before += "<p class=\"hint\" id=\"\(id)-hint\">\(hint)</p>"
            }
            var attributes = HTML()
            if let problem = fields.problems[name] {
                ids.append("\(id)-problem")
                before += "<p class=\"problem\" id=\"\(id)-problem\">\(problem.trimmingCharacters(in: .whitespaces))</p>"
                attributes += " aria-invalid=\"true\""
            }
            if !ids.isEmpty { attributes += " aria-describedby=\"\(ids.joined(separator: " "))\"" }
            return (attributes, before)
        }
        func select(_ name: String, _ label: String, _ options: [String], _ value: String, hint: String? = nil) -> HTML {
            let (attributes, notes) = described(name, hint: hint)
            var out: HTML = "<label for=\"guard-\(name)\">\(label)</label>\(notes)"
            out += "<select id=\"guard-\(name)\" name=\"\(name)\"\(attributes)>"
            for option in options {
                out += "<option\(option == value ? " selected" : "")>\(option)</option>"
            }
            return out + "</select>"
        }
        func input(_ name: String, _ label: String, _ value: String, hint: String? = nil) -> HTML {
            let (attributes, notes) = described(name, hint: hint)
            return "<label for=\"guard-\(name)\">\(label)</label>\(notes)"
                + "<input type=\"text\" id=\"guard-\(name)\" name=\"\(name)\" value=\"\(value)\"\(attributes)>"
        }
        body += select("rule", "Force rule", forceRules, fields.rule, hint: "The rule whose coverage steps.")
        body += input("steps", "Steps (%)", fields.steps, hint: "Coverages one after another, each above the one before: 5, 25, 100.")
        body += "<div class=\"row\"><div>" + input("every", "Every", fields.every) + "</div><div>"
        body += select("unit", "Unit", units.map(\.name), fields.unit) + "</div></div>"
        body += input("event", "Watched event", fields.event, hint: "An event apps send, such as client_error.")
        body += select(
            "worseWhen", "Worse when it is", GuardedRollout.Direction.allCases.map(\.rawValue), fields.worseWhen,
            hint: "higher for errors; lower for a conversion that must not fall.")
        body += input(
            "threshold", "Threshold (percentage points)", fields.threshold,
            hint: "Rolled back when the included users' rate is worse than the held-back users' by more than this.")
        body += input("minimumUsers", "Minimum users on each side", fields.minimumUsers, hint: "Before the rates are compared.")
        body += "<div class=\"actions\"><button type=\"submit\" name=\"intent\" value=\"start\">"
        body += "\(fourEyes ? "Ask to guard" : "Guard") the rollout</button></div></form>\n"
        return body
    }

    /// The rollout as people read it: rule, coverage now, state, the watch, and the steps with
    /// when each is due.
    static func state(_ rollout: GuardedRollout, definition: FlagDefinition, rolledBack: AuditEntry?, now: Int64) -> HTML {
        let coverage = definition.coverage(ofRule: rollout.rule).map(StudioFlagPages.percent) ?? "–"
        let started = rollout.startedAt ?? now
        let period = Int64(rollout.every) * 1_000
        let current = Int(min(Int64(rollout.steps.count - 1), max(0, now - started) / period))
        var body = HTML()
        if rollout.state == .rolledBack {
            body += "<div class=\"notice\" role=\"status\"><p><strong>Rolled back</strong>"
            if let rolledBack {
                body += " by \(rolledBack.actor) at \(StudioAuditPages.time(rolledBack.at)) UTC "
                body += "(<a href=\"\(StudioAuditPages.path(of: rolledBack.id))\">audit entry \(rolledBack.id)</a>)"
            }
            body +=
                ": \(rollout.reason ?? "no reason was kept"). The rule includes no one until someone changes the flag.</p></div>\n"
        }
        let states: [GuardedRollout.State: String] = [
            .rolling: "rolling: stepping on its schedule, and watching", .done: "done: at its last step, no longer watched",
            .rolledBack: "rolled back",
        ]
        body += "<dl class=\"facts\">"
        body += "<dt>Rule</dt><dd>\(rollout.rule)</dd>"
        body += "<dt>Coverage now</dt><dd>\(coverage)</dd>"
        body += "<dt>State</dt><dd>\(states[rollout.state] ?? rollout.state.rawValue)</dd>"
        let direction = rollout.worseWhen == .higher ? "higher" : "lower"
        body += "<dt>Watching</dt><dd><code>\(rollout.event)</code>: rolled back when the included users' rate is "
        body += "\(direction) than the held-back users' by more than \(StudioFlagPages.percent(rollout.threshold)) points, "
        body += "once each side has \(rollout.minimumUsers) users</dd>"
        body +=
            "<dt>Started</dt><dd>\(rollout.startedAt.map { started -> HTML in StudioAuditPages.time(started) + " UTC" } ?? "when saved")</dd>"
        body += "<dt>Next step</dt><dd>"
        if rollout.state == .rolling, current + 1 < rollout.steps.count {
            body += "\(StudioFlagPages.percent(rollout.steps[current + 1])) due at "
            body += "\(StudioAuditPages.time(started + Int64(current + 1) * period)) UTC (the guard checks once a minute)"
        } else {
            body += "none"
        }
        body += "</dd></dl>\n"
        body += StudioFlagPages.tableHead(["Step", "Coverage", "Due (UTC)", "Status"], label: "Steps of the guarded rollout")
        for (index, step) in rollout.steps.enumerated() {
            let when = index < current ? "past" : index == current ? "now" : "to come"
            let status = rollout.state == .rolledBack ? (index <= current ? "rolled back" : "not taken") : when
            body += "<tr><th scope=\"row\">\(index + 1)</th><td>\(StudioFlagPages.percent(step))</td>"
            body += "<td>\(StudioAuditPages.time(started + Int64(index) * period))</td><td>\(status)</td></tr>"
        }
        return body + "</tbody></table></div>\n"
    }
}
