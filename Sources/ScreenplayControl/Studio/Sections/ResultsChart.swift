import Foundation
import ScreenplayHTML

/// An experiment's results drawn as SVG, each chart with a data table beside it for screen
/// readers (the chart itself is an image with a label): what `screenplay experiments report`
/// prints, the same figures in the same format (``ExperimentReport/percent(_:signed:)``).
///
/// ```swift
/// html += ResultsChart.conversionRates(report)
/// ```
enum ResultsChart {
    /// A conversion rate's 95 % interval (normal approximation), within 0…1; nil without users.
    static func rateInterval(_ variant: ExperimentReport.Variant) -> ClosedRange<Double>? {
        guard variant.users > 0 else { return nil }
        let rate = variant.rate
        let margin = 1.959964 * (rate * (1 - rate) / Double(variant.users)).squareRoot()
        return max(0, rate - margin)...min(1, rate + margin)
    }

    static let width = 480.0
    static let rowHeight = 44.0
    static let labelWidth = 120.0

    /// Each variant's conversion rate as a bar with its 95 % interval as a whisker. `subject`
    /// names what was measured when a page draws several reports (its tables' regions differ).
    static func conversionRates(_ report: ExperimentReport, subject: String? = nil) -> HTML {
        let top = report.variants.compactMap { rateInterval($0)?.upperBound }.max() ?? 0
        let scale = Self.niceMaximum(max(top, report.variants.map(\.rate).max() ?? 0, 0.01))
        let plot = width - labelWidth - 16
        let height = Double(report.variants.count) * rowHeight + 24
        var svg = svgOpen(height: height, label: "Conversion rate per variant, with its 95% interval")
        svg += "<line class=\"axis\" x1=\"\(labelWidth)\" y1=\"0\" x2=\"\(labelWidth)\" y2=\"\(height - 24)\"/>"
        for (index, variant) in report.variants.enumerated() {
            let y = Double(index) * rowHeight
            let barWidth = plot * variant.rate / scale
            svg += "<text x=\"0\" y=\"\(f(y + 26))\">\(variant.name)</text>"
            // No rate without users: said, not drawn as 0 %.
            guard variant.users > 0 else {
                svg += note("no user exposed yet", x: labelWidth + 8, y: y + 26)
                continue
            }
            svg += "<rect class=\"bar\" x=\"\(labelWidth)\" y=\"\(f(y + 10))\" width=\"\(f(barWidth))\" height=\"24\" rx=\"3\"/>"
            if let interval = rateInterval(variant) {
                let x1 = labelWidth + plot * interval.lowerBound / scale, x2 = labelWidth + plot * interval.upperBound / scale
                svg += whisker(x1: x1, x2: x2, y: y + 22)
            }
            svg += "<text x=\"\(f(labelWidth + barWidth + 6))\" y=\"\(f(y + 8))\">\(ExperimentReport.percent(variant.rate))</text>"
        }
        svg += axisLabels(y: height - 6, minimum: 0, maximum: scale, plot: plot)
        svg += "</svg>"
        var table: HTML = "<table><caption>Conversion rate per variant</caption><thead><tr><th scope=\"col\">Variant</th>"
        table += "<th scope=\"col\" class=\"number\">Users</th><th scope=\"col\" class=\"number\">Conversions</th>"
        table += "<th scope=\"col\" class=\"number\">Rate</th><th scope=\"col\">95% interval</th></tr></thead><tbody>"
        for variant in report.variants {
            let interval = rateInterval(variant).map {
                "[\(ExperimentReport.percent($0.lowerBound)), \(ExperimentReport.percent($0.upperBound))]"
            }
            table += "<tr><th scope=\"row\">\(variant.name)</th><td class=\"number\">\(variant.users)</td>"
            table +=
                "<td class=\"number\">\(variant.conversions)</td><td class=\"number\" data-figure=\"rate\">\(ExperimentReport.percent(variant.rate))</td>"
            table += "<td>\(interval ?? "–")</td></tr>"
        }
        table += "</tbody></table>"
        return figure("Conversion rate", svg: svg, table: table, subject: subject)
    }

    /// Each variant's lift over the control with its 95 % interval, around a line at zero.
    static func lifts(_ report: ExperimentReport, subject: String? = nil) -> HTML {
        let compared = report.variants.dropFirst()
        let extent = niceMaximum(
            max(
                compared.flatMap { [abs($0.lift ?? 0)] + ($0.liftInterval.map { [abs($0.lowerBound), abs($0.upperBound)] } ?? []) }.max()
                    ?? 0, 0.01))
        let plot = width - labelWidth - 16
        let zero = labelWidth + plot / 2
        let height = Double(max(compared.count, 1)) * rowHeight + 24
        var svg = svgOpen(height: height, label: "Lift over \(report.variants.first?.name ?? "the control"), with its 95% interval")
        svg += "<line class=\"zero\" x1=\"\(f(zero))\" y1=\"0\" x2=\"\(f(zero))\" y2=\"\(f(height - 24))\"/>"
        for (index, variant) in compared.enumerated() {
            let y = Double(index) * rowHeight
            svg += "<text x=\"0\" y=\"\(f(y + 26))\">\(variant.name)</text>"
            // No lift without users and conversions on both sides: said, not drawn as 0 %.
            guard let lift = variant.lift, lift.isFinite else {
                svg += note("no lift yet: too few users or conversions", x: zero + 8, y: y + 26)
                continue
            }
            let x = zero + plot / 2 * lift / extent
            svg +=
                "<rect class=\"\(lift >= 0 ? "gain" : "loss")\" x=\"\(f(min(x, zero)))\" y=\"\(f(y + 10))\" width=\"\(f(abs(x - zero)))\" height=\"24\" rx=\"3\"/>"
            if let interval = variant.liftInterval {
                svg += whisker(
                    x1: zero + plot / 2 * interval.lowerBound / extent, x2: zero + plot / 2 * interval.upperBound / extent, y: y + 22)
            }
            svg += "<text x=\"\(f(max(x, zero) + 6))\" y=\"\(f(y + 8))\">\(ExperimentReport.percent(variant.lift, signed: true))</text>"
        }
        svg += axisLabels(y: height - 6, minimum: -extent, maximum: extent, plot: plot, signed: true)
        svg += "</svg>"
        var table: HTML = "<table><caption>Lift over the control</caption><thead><tr><th scope=\"col\">Variant</th>"
        table += "<th scope=\"col\" class=\"number\">Lift</th><th scope=\"col\">95% interval</th>"
        table +=
            "<th scope=\"col\" class=\"number\">p-value</th><th scope=\"col\" class=\"number\">Chance to beat control</th></tr></thead><tbody>"
        for variant in compared {
            let interval = variant.liftInterval.map {
                "[\(ExperimentReport.percent($0.lowerBound, signed: true)), \(ExperimentReport.percent($0.upperBound, signed: true))]"
            }
            table += "<tr><th scope=\"row\">\(variant.name)</th>"
            table += "<td class=\"number\" data-figure=\"lift\">\(ExperimentReport.percent(variant.lift, signed: true))</td>"
            table += "<td data-figure=\"interval\">\(interval ?? "–")</td>"
            table += "<td class=\"number\">\(variant.pValue.map { String(format: "%.4f", $0) } ?? "–")</td>"
            table += "<td class=\"number\" data-figure=\"chance\">\(ExperimentReport.percent(variant.chanceToBeatControl))</td></tr>"
        }
        table += "</tbody></table>"
        return figure("Lift over the control", svg: svg, table: table, subject: subject)
    }

    /// Users (solid) and conversions (dashed) of each variant over time, running totals by day.
    static func timeline(_ timeline: ExperimentTimeline, subject: String? = nil) -> HTML {
        let days = timeline.days
        let height = 200.0, left = 48.0, bottom = 24.0, plot = width - left - 8
        let top = Double(days.last.map { day in timeline.variants.map { day.users[$0] ?? 0 }.max() ?? 0 } ?? 0)
        let scale = niceMaximum(max(top, 1))
        var svg = svgOpen(height: height, label: "Users and conversions of each variant over time")
        svg += "<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(height - bottom))\" x2=\"\(f(width - 8))\" y2=\"\(f(height - bottom))\"/>"
        func x(_ index: Int) -> Double { days.count < 2 ? left + plot / 2 : left + plot * Double(index) / Double(days.count - 1) }
        func y(_ value: Int) -> Double { height - bottom - (height - bottom - 8) * Double(value) / scale }
        for (position, variant) in timeline.variants.enumerated() {
            let style = position == 0 ? "bar" : "bar2"
            for (series, dashed) in [(\ExperimentTimeline.Day.users, false), (\ExperimentTimeline.Day.conversions, true)] {
                if days.count == 1, let day = days.first {
                    // One day (an experiment's first): a line needs two points, so each total is a
                    // marker (filled: users; hollow: conversions), its figure beside it.
                    let value = day[keyPath: series][variant] ?? 0
                    let cx = x(0) + Double(position * 2 + (dashed ? 1 : 0)) * 10 - Double(timeline.variants.count * 2 - 1) * 5
                    svg +=
                        "<circle class=\"point \(style)\(dashed ? " hollow" : "")\" cx=\"\(f(cx))\" cy=\"\(f(y(value)))\" r=\"5\"><title>"
                        + "\(variant) \(dashed ? "conversions" : "users"): \(value)</title></circle>"
                    continue
                }
                let points = days.enumerated().map { "\(f(x($0.offset))),\(f(y($0.element[keyPath: series][variant] ?? 0)))" }
                guard !points.isEmpty else { continue }
                svg +=
                    "<polyline class=\"line \(style)\(dashed ? " dashed" : "")\" fill=\"none\" points=\"\(points.joined(separator: " "))\"/>"
            }
        }
        if days.isEmpty {
            svg += note("No user exposed yet: the lines start with the first exposure.", x: left + 8, y: (height - bottom) / 2)
        } else if days.count == 1 {
            svg += note("One day so far: lines start on the second day.", x: left + 8, y: 12)
        }
        svg += "<text x=\"0\" y=\"12\">\(Int(scale))</text><text x=\"0\" y=\"\(f(height - bottom))\">0</text>"
        if days.count == 1, let day = days.first {
            svg += "<text x=\"\(f(x(0) - 36))\" y=\"\(f(height - 6))\">\(day.date)</text>"
        } else if let first = days.first, let last = days.last {
            svg += "<text x=\"\(f(left))\" y=\"\(f(height - 6))\">\(first.date)</text>"
            svg += "<text x=\"\(f(width - 90))\" y=\"\(f(height - 6))\">\(last.date)</text>"
        }
        svg += "</svg>"
        var table: HTML =
            "<table><caption>Users and conversions over time (running totals)</caption><thead><tr><th scope=\"col\">Day (UTC)</th>"
        for variant in timeline.variants {
            table += "<th scope=\"col\" class=\"number\">\(variant) users</th>"
            table += "<th scope=\"col\" class=\"number\">\(variant) conversions</th>"
        }
        table += "</tr></thead><tbody>"
        for day in days.suffix(60).reversed() {
            table += "<tr><th scope=\"row\">\(day.date)</th>"
            for variant in timeline.variants {
                table += "<td class=\"number\" data-series=\"users\">\(day.users[variant] ?? 0)</td>"
                table += "<td class=\"number\" data-series=\"conversions\">\(day.conversions[variant] ?? 0)</td>"
            }
            table += "</tr>"
        }
        if days.isEmpty { table += "<tr><td colspan=\"\(1 + 2 * timeline.variants.count)\">No user exposed yet.</td></tr>" }
        table += "</tbody></table>"
        return figure("Users and conversions over time", svg: svg, table: table, subject: subject)
    }

    // MARK: Drawing

    private static func svgOpen(height: Double, label: String) -> HTML {
        "<svg viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"\(label)\" xmlns=\"http://www.w3.org/2000/svg\">"
    }

    /// A sentence in a chart where there is nothing to draw yet, so that it never looks empty by mistake.
    private static func note(_ text: String, x: Double, y: Double) -> HTML {
        "<text class=\"note\" x=\"\(f(x))\" y=\"\(f(y))\">\(text)</text>"
    }

    private static func whisker(x1: Double, x2: Double, y: Double) -> HTML {
        "<line class=\"whisker\" x1=\"\(f(x1))\" y1=\"\(f(y))\" x2=\"\(f(x2))\" y2=\"\(f(y))\"/>"
            + "<line class=\"whisker\" x1=\"\(f(x1))\" y1=\"\(f(y - 6))\" x2=\"\(f(x1))\" y2=\"\(f(y + 6))\"/>"
            + "<line class=\"whisker\" x1=\"\(f(x2))\" y1=\"\(f(y - 6))\" x2=\"\(f(x2))\" y2=\"\(f(y + 6))\"/>"
    }

    private static func axisLabels(y: Double, minimum: Double, maximum: Double, plot: Double, signed: Bool = false) -> HTML {
        let left: HTML = "<text x=\"\(f(labelWidth))\" y=\"\(f(y))\">\(ExperimentReport.percent(minimum, signed: signed))</text>"
        let right: HTML =
            "<text x=\"\(f(labelWidth + plot - 40))\" y=\"\(f(y))\">\(ExperimentReport.percent(maximum, signed: signed))</text>"
        return left + right
    }

    /// The table scrolls sideways on a phone: its region takes the focus, so that a keyboard scrolls it too.
    private static func figure(_ caption: String, svg: HTML, table: HTML, subject: String?) -> HTML {
        let label = (subject.map { "\($0): " } ?? "") + caption + ", figures"
        return "<figure><figcaption>\(caption)</figcaption>\(svg)<div class=\"table\" tabindex=\"0\" role=\"region\" "
            + "aria-label=\"\(label)\">\(table)</div></figure>"
    }

    /// The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value`: an axis that ends on a round figure.
    static func niceMaximum(_ value: Double) -> Double {
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2, 2.5, 5, 10] where step * power >= value { return step * power }
        return 10 * power
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value.isFinite ? value : 0) }
}
