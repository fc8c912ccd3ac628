import Foundation
import Hummingbird
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol

/// The compatibility page (issue 32): the capability census (each set, its platform, app versions
/// and shares of users and of screen requests) and the report (what each would lose on every screen and slot),
/// for both roles; and the pieces the slot editor and the stop confirmation show of a change.
struct StudioCompatPages {
    let control: ControlPlane

    /// `GET /studio/compat`.
    func page(session: StudioSession) async throws -> Response {
        let report = try await control.compatibilityReport()
        let days = CapabilityCensus.Limits.milliseconds(control.census.limits.window) / 86_400_000
        var body: HTML = "<p>What the apps in the field would lose on every screen and slot this server has, weighed by their share of "
        body += "the users and of the screen requests counted over the last \(days) day\(days == 1 ? "" : "s") (a screen sent is "
        body += "one request; distinct users are estimated to about 3%, and a request without a user counts as a request only). "
        body += "A client <em>degrades</em> where a node or an action is removed; fallbacks and built-in "
        body += "downgrades stand in for what they replace, and are listed apart.</p>\n"
        if let maxShare = report.maxShare {
            body += "<p id=\"gate\">The gate refuses publishing a slot, or stopping an experiment with a winner, that degrades more "
            body += "than <strong>\(ExperimentReport.percent(maxShare))</strong> of \(report.gateBasis.noun)"
            body += report.gateBasis == .users ? "" : " (no user was counted: it judges by requests)"
            body += ", unless an admin forces it with a reason (kept in the audit log).</p>\n"
        } else {
            body +=
                "<p id=\"gate\">The gate is off: changes are not refused (<code>screenplay serve --compat-max-share 0.05</code> turns it on).</p>\n"
        }
        if report.other > 0 {
            body +=
                "<p class=\"notice\" role=\"status\">\(report.other) screen requests (\(ExperimentReport.percent(report.otherShare))) came "
            body += "from more distinct capability sets than the census keeps (\(control.census.limits.maxEntries)): they are counted as "
            body += "“other”, and no change is judged on them.</p>\n"
        }
        body += "<h2>Census</h2>\n"
        body += Self.census(report)
        body += "<h2>Screens and slots</h2>\n"
        body += Self.targets(report)
        return StudioPage(title: "Compatibility", session: session, section: .compat, body: body).response()
    }

    /// The clients of the census as a table.
    static func census(_ report: CompatibilityReport) -> HTML {
        guard !report.clients.isEmpty else {
            return "<p id=\"census-count\">No screen request was counted in the window yet.</p>\n"
        }
        var html: HTML = "<p id=\"census-count\">\(report.total) screen requests"
        html += report.users > 0 ? " of about \(report.users) users" : ""
        html += ", \(report.clients.count) capability set"
        html += "\(report.clients.count == 1 ? "" : "s") by platform.</p>\n"
        html +=
            "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Census\"><table aria-describedby=\"census-count\"><thead><tr>"
        html += "<th scope=\"col\">Set</th><th scope=\"col\">Platform</th><th scope=\"col\">Format</th><th scope=\"col\">Components</th>"
        html += "<th scope=\"col\">Actions</th><th scope=\"col\">App versions</th><th scope=\"col\" class=\"number\">Requests</th>"
        html += "<th scope=\"col\" class=\"number\">Share</th><th scope=\"col\" class=\"number\">Users</th>"
        html += "<th scope=\"col\" class=\"number\">Share of users</th></tr></thead><tbody>\n"
        for client in report.clients {
            let components = client.capabilities.components.sorted().joined(separator: ", ")
            html += "<tr><th scope=\"row\"><code>\(String(client.set.prefix(8)))</code></th>"
            html += "<td>\(client.capabilities.platform ?? "–")</td>"
            html += "<td>\(client.capabilities.version.description)</td>"
            html += "<td><details><summary>\(client.capabilities.components.count)</summary>\(components)</details></td>"
            html += "<td>\(client.capabilities.actions.sorted().joined(separator: ", "))</td>"
            html += "<td>\(client.appVersionsText)</td><td class=\"number\">\(client.requests)</td>"
            html +=
                "<td class=\"number\" data-share=\"\(client.set)\">\(ExperimentReport.percent(client.share))</td>"
            html += "<td class=\"number\">\(client.users)</td>"
            html +=
                "<td class=\"number\" data-user-share=\"\(client.set)\">\(ExperimentReport.percent(client.userShare))</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        return html
    }

    /// Every target's shares, then each target's losses client by client.
    static func targets(_ report: CompatibilityReport) -> HTML {
        guard !report.targets.isEmpty else { return "<p>This server gave the studio no screen, and no slot is published.</p>\n" }
        var html: HTML = "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"Screens and slots\"><table><thead><tr>"
        html += "<th scope=\"col\">Screen or slot</th><th scope=\"col\" class=\"number\">Degraded users</th>"
        html += "<th scope=\"col\" class=\"number\">Degraded requests</th>"
        html += "<th scope=\"col\" class=\"number\">Changed requests</th><th scope=\"col\">Lost</th></tr></thead><tbody>\n"
        // The gate's mark goes by the share it judges.
        let over: HTML = " <span class=\"problem\">(over the gate)</span>"
        for target in report.targets {
            let isOver = report.maxShare.map { report.gatedShare(of: target) > $0 } ?? false
            let title = target.title
            html += "<tr><th scope=\"row\">\(title)</th>"
            html += "<td class=\"number\" data-degraded-users=\"\(title)\">"
            html += "\(report.users > 0 ? ExperimentReport.percent(target.degradedUserShare) : "–")"
            html += isOver && report.gateBasis == .users ? over : HTML()
            html += "</td><td class=\"number\" data-degraded=\"\(title)\">\(ExperimentReport.percent(target.degradedShare))"
            html += isOver && report.gateBasis == .requests ? over : HTML()
            html += "</td><td class=\"number\">\(ExperimentReport.percent(target.changedShare))</td><td>"
            if let problem = target.problem {
                html += "<span class=\"problem\">\(problem)</span>"
            } else {
                let lost = target.losses.filter(\.degrades).map {
                    "\($0.set.prefix(8)) \($0.platform ?? "–"): \(ControlPlane.lost($0.report))"
                }
                html += "\(lost.isEmpty ? "nothing" : lost.joined(separator: "; "))"
            }
            html += "</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        for target in report.targets where !target.losses.isEmpty {
            html += "<details><summary>\(target.title): who gets what</summary>\n"
            html += losses(target, caption: target.title, users: report.users > 0)
            html += "</details>\n"
        }
        return html
    }

    /// One target's losses, client by client: what is removed, what stands in, and where; the
    /// share of users when the census counted any.
    static func losses(_ target: CompatibilityReport.Target, caption: String, users: Bool) -> HTML {
        var html: HTML = "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"\(caption)\"><table><thead><tr>"
        html += "<th scope=\"col\">Set</th><th scope=\"col\">Platform</th><th scope=\"col\">App versions</th>"
        html += users ? "<th scope=\"col\" class=\"number\">Share of users</th>" : ""
        html += "<th scope=\"col\" class=\"number\">Share of requests</th><th scope=\"col\">Removed</th><th scope=\"col\">Stands in</th>"
        html += "<th scope=\"col\">Where</th></tr></thead><tbody>\n"
        for loss in target.losses {
            func counts(_ counts: [String: Int], _ suffix: String = "") -> [String] {
                counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\(suffix)" }
            }
            let removed = counts(loss.report.droppedNodes) + counts(loss.report.droppedActions, " action")
            let standIns = counts(loss.report.usedFallback, " (fallback)") + counts(loss.report.downgraded, " (downgraded)")
            let places = loss.report.changes.prefix(5).map { "\($0.type) at \($0.path)" }
            html += "<tr><th scope=\"row\"><code>\(String(loss.set.prefix(8)))</code></th>"
            html += "<td>\(loss.platform ?? "–")</td><td>\(loss.appVersions.joined(separator: ", "))</td>"
            html += users ? "<td class=\"number\">\(ExperimentReport.percent(loss.userShare))</td>" : ""
            html += "<td class=\"number\">\(ExperimentReport.percent(loss.share))</td>"
            html +=
                "<td>\(removed.isEmpty ? HTML("–") : "<span class=\"problem\">\(removed.joined(separator: ", "))</span>")</td>"
            html += "<td>\(standIns.isEmpty ? "–" : standIns.joined(separator: ", "))</td>"
            html += "<td>\(places.joined(separator: "; "))"
            let more = loss.report.changes.count - places.count + loss.moreChanges
            html += more > 0 ? " and \(more) more" : ""
            html += "</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        return html
    }

    /// What a change (a slot's document, a stop) would do to the apps in the field, for the slot
    /// editor and the stop confirmation: the shares, over the gate or not, and each client's losses.
    static func summary(_ report: CompatibilityReport, id: String) -> HTML {
        guard report.total > 0 else {
            return "<div id=\"\(id)\"><p>No screen request was counted yet: the census has nothing to judge this change on.</p></div>\n"
        }
        var html: HTML = "<div id=\"\(id)\">"
        let byUsers = report.gateBasis == .users
        for target in report.targets {
            let over = report.maxShare.map { report.gatedShare(of: target) > $0 } ?? false
            html += "<p\(over ? " class=\"notice\"" : HTML())>\(target.title): "
            html += "\(ExperimentReport.percent(report.gatedShare(of: target))) of \(report.gateBasis.noun)"
            html += byUsers ? " (\(ExperimentReport.percent(target.degradedShare)) of screen requests)" : ""
            html += " would lose nodes or actions"
            html += report.maxShare.map { " (the gate allows \(ExperimentReport.percent($0)))" } ?? ""
            let changed = byUsers ? target.changedUserShare : target.changedShare
            html += ", \(ExperimentReport.percent(changed)) would get anything other than the document as written.</p>\n"
            if !target.losses.isEmpty { html += losses(target, caption: "What each client gets of \(target.title)", users: byUsers) }
        }
        if report.targets.isEmpty { html += "<p>No screen reads this: nothing changes for the apps in the field.</p>\n" }
        return html + "</div>\n"
    }

    /// The reason field that forces a change past the gate.
    static func forceField(label: String) -> HTML {
        var html: HTML = "<label for=\"force\">\(label)</label>"
        html += "<p class=\"hint\" id=\"force-hint\">Kept in the audit log with who forced it and what it degrades.</p>"
        html +=
            "<input type=\"text\" id=\"force\" name=\"force\" maxlength=\"\(ControlPlane.maxForceReason)\" aria-describedby=\"force-hint\">"
        return html
    }
}
