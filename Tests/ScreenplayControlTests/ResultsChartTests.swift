import Testing

@testable import ScreenplayControl

/// The studio's charts draw what there is: a marker for each total on an experiment's first day
/// (a one-point line draws nothing), a sentence where there is nothing yet, and lines from the
/// second day.
@Suite struct ResultsChartTests {
    static func day(_ day: Int, _ users: [String: Int], _ conversions: [String: Int]) -> ExperimentTimeline.Day {
        ExperimentTimeline.Day(day: day, users: users, conversions: conversions)
    }

    static func svg(_ html: String) -> Substring {
        guard let start = html.range(of: "<svg"), let end = html.range(of: "</svg>") else { return "" }
        return html[start.lowerBound..<end.upperBound]
    }

    @Test func anExperimentsFirstDayIsDrawnAsMarkers() {
        let timeline = ExperimentTimeline(
            variants: ["control", "cardFirst"],
            days: [Self.day(20_000, ["control": 120, "cardFirst": 118], ["control": 9, "cardFirst": 14])])
        let svg = Self.svg(ResultsChart.timeline(timeline).text)
        #expect(svg.matches(of: /<circle class="point/).count == 4, "users and conversions of each variant: \(svg)")
        #expect(svg.contains("<title>cardFirst conversions: 14</title>") && svg.contains("<title>control users: 120</title>"))
        #expect(svg.contains("hollow"), "conversions are told from users")
        #expect(svg.contains("One day so far"), "why there is no line yet")
        #expect(!svg.contains("<polyline"), "no line of one point, which draws nothing")
        #expect(svg.contains(timeline.days[0].date))
    }

    @Test func noDataIsSaidInEveryChart() {
        let timeline = ExperimentTimeline(variants: ["control", "cardFirst"], days: [])
        let svg = Self.svg(ResultsChart.timeline(timeline).text)
        #expect(svg.contains("No user exposed yet") && !svg.contains("<circle") && !svg.contains("<polyline"))
        let report = ExperimentReport(
            experiment: "checkoutOrder", goal: "checkout_done", bucketVersion: 1,
            variants: [
                .init(name: "control", weight: 50, users: 0, conversions: 0),
                .init(name: "cardFirst", weight: 50, users: 0, conversions: 0),
            ], sampleRatioPValue: 1)
        let rates = Self.svg(ResultsChart.conversionRates(report).text)
        #expect(rates.matches(of: /no user exposed yet/).count == 2 && !rates.contains("<rect class=\"bar\""), "\(rates)")
        #expect(!rates.contains(">0.0%</text><text x=\"0\""), "no rate of 0 % drawn for no users")
        let lifts = Self.svg(ResultsChart.lifts(report).text)
        #expect(lifts.contains("no lift yet") && !lifts.contains("class=\"gain\"") && !lifts.contains("class=\"loss\""), "\(lifts)")
    }

    @Test func fromTheSecondDayTheTotalsAreLines() {
        let timeline = ExperimentTimeline(
            variants: ["control", "cardFirst"],
            days: [
                Self.day(20_000, ["control": 10, "cardFirst": 11], ["control": 1, "cardFirst": 2]),
                Self.day(20_001, ["control": 20, "cardFirst": 19], ["control": 2, "cardFirst": 4]),
            ])
        let svg = Self.svg(ResultsChart.timeline(timeline).text)
        #expect(svg.matches(of: /<polyline/).count == 4 && !svg.contains("<circle") && !svg.contains("class=\"note\""))
    }
}
