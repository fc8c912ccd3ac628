import ScreenplayHTML
import ScreenplayProtocol
import ScreenplayServer

/// A flag's results on its studio page: each experiment rule (by its experiment key) and the
/// flag's first partial rollout (`rollout:FLAG`, included against held back) read as the admin
/// API reads them (`/admin/experiments/KEY/report?goal=…`), drawn as an experiment's page draws
/// its results (``StudioExperimentPages/results(_:timeline:subject:)``), for the goal the page's
/// chooser names (`?goal=EVENT`; the guarded rollout's watched event when none is named).
struct StudioFlagResults {
    let control: ControlPlane

    /// The most characters of a goal read from the address.
    static let maxGoal = 128

    /// What a flag measures: each experiment rule's key (the flag's key when the rule names none),
    /// once, in the rules' order, then `rollout:KEY` when the flag has a partial rollout.
    func measured(_ key: String, feature: JSONValue) -> [(name: String, title: String)] {
        var parts: [(name: String, title: String)] = []
        for rule in StudioFlagPages.rules(of: feature) where rule[.variations] != nil {
            let name = rule[.key]?.stringValue ?? key
            guard !parts.contains(where: { $0.name == name }) else { continue }
            parts.append((name, "Experiment rule \(name)"))
        }
        let rollout = FlagReads.rolloutName(key)
        if control.flagExperiment(named: rollout) != nil {
            let rule = StudioFlagPages.rules(of: feature).first { $0[.force] != nil && ($0[.coverage] != nil || $0[.range] != nil) }
            let named = rule?[.id]?.stringValue.map { " (rule \($0))" } ?? ""
            parts.append((rollout, "Rollout\(named): included against held back"))
        }
        return parts
    }

    /// The goal the address names, trimmed; nil when it names none (or one no event could have).
    static func goal(_ query: String?) -> String? {
        guard let goal = query?.trimmingCharacters(in: .whitespaces), !goal.isEmpty, goal.count <= maxGoal else { return nil }
        return goal
    }

    /// The "Results" section of flag `key`'s page.
    /// - Parameters:
    ///   - key: the flag.
    ///   - feature: its GrowthBook feature (as stored, or as the payload in force has it).
    ///   - chosen: the goal the page's address names.
    ///   - watched: the guarded rollout's watched event, the goal when the address names none.
    func html(_ key: String, feature: JSONValue, goal chosen: String?, watched: String?) async throws -> HTML {
        var body: HTML = "<h2 id=\"results\">Results</h2>\n"
        let parts = measured(key, feature: feature)
        guard !parts.isEmpty else {
            return body
                + "<p>Nothing is measured: the flag has no experiment rule and no partial rollout (a force rule with a coverage).</p>\n"
        }
        let goal = chosen ?? watched
        body += chooser(key, goal: goal, watched: watched)
        guard let goal else {
            body += "<p class=\"notice\" role=\"status\">No goal is chosen, so nothing is counted yet. Type the event that measures "
            body += "this flag — a conversion apps send, such as checkout_done — in “Goal event” above and press “Show results”; "
            body += "the address keeps it (<code>?goal=EVENT</code>, as the admin API's report takes it).</p>\n"
            return body
        }
        if chosen == nil {
            body += "<p>Measured by <strong>\(goal)</strong>, the event the guarded rollout watches.</p>\n"
        }
        for part in parts {
            body += "<h3>\(part.title)</h3>\n"
            do {
                let report = try await control.report(experiment: part.name, goal: goal)
                let timeline = try await control.timeline(experiment: part.name, goal: goal)
                let users = report.variants.reduce(0) { $0 + $1.users }
                body += "<p>\(users) \(users == 1 ? "user" : "users") exposed as <code>\(part.name)</code>; "
                body += "a conversion is <code>\(goal)</code> after a user's first exposure.</p>\n"
                body += StudioExperimentPages.results(report, timeline: timeline, subject: part.title)
            } catch let error as ScreenplayError where error.status.code < 500 {
                body += "<p class=\"notice\" role=\"status\">\(error.message)</p>\n"
            }
        }
        return body
    }

    /// The goal chooser: a form that asks the page again with `?goal=EVENT`, suggesting the
    /// experiments' goals and the watched event.
    private func chooser(_ key: String, goal: String?, watched: String?) -> HTML {
        let suggestions = Set(control.configuration.experiments.values.compactMap(\.goal) + [watched].compactMap { $0 }).sorted()
        var body: HTML = "<form method=\"get\" action=\"\(StudioFlagPages.path(of: key))#results\">"
        body += "<label for=\"goal\">Goal event</label>"
        body += "<p class=\"hint\" id=\"goal.hint\">The event that counts as a conversion: each report below counts the users "
        body += "exposed, and those of them who sent it after their first exposure.</p>"
        body += "<input type=\"text\" id=\"goal\" name=\"goal\" value=\"\(goal ?? "")\" maxlength=\"\(Self.maxGoal)\" "
        body += "list=\"goal-events\" aria-describedby=\"goal.hint\"><datalist id=\"goal-events\">"
        for suggestion in suggestions { body += "<option value=\"\(suggestion)\"></option>" }
        body += "</datalist><div class=\"actions\"><button type=\"submit\" class=\"secondary\">Show results</button></div></form>\n"
        return body
    }
}
