import CoreMetrics
import NIOConcurrencyHelpers
import Prometheus
import ScreenplayDSL

/// The server's counters and timers, through swift-metrics, exported in Prometheus text format on
/// `/metrics` when a registry is given.
///
/// ```swift
/// let registry = PrometheusCollectorRegistry()
/// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
/// routes.metrics = ScreenplayMetrics(factory: MetricsSystem.factory, registry: registry)
/// ```
public struct ScreenplayMetrics: Sendable {
    let factory: any MetricsFactory
    /// The registry `/metrics` renders; nil serves no `/metrics`.
    public let registry: PrometheusCollectorRegistry?
    private let requestHandles = RequestMetricHandles()

    public init(factory: any MetricsFactory, registry: PrometheusCollectorRegistry? = nil) {
        self.factory = factory
        self.registry = registry
    }

    /// A private registry and factory, for tests and for apps that do not bootstrap swift-metrics.
    public static func prometheus() -> ScreenplayMetrics {
        let registry = PrometheusCollectorRegistry()
        return ScreenplayMetrics(factory: PrometheusMetricsFactory(registry: registry), registry: registry)
    }

    /// One answered request: `screenplay_requests_total{route,status}` and its duration. The
    /// handles are made once per method, route and status (a bounded set: route patterns, not paths).
    func request(method: String, route: String, status: Int, duration: Duration) {
        let handles = requestHandles.handles(for: RequestMetricHandles.Key(method: method, route: route, status: status)) {
            let route = "\(method) \(route)"
            return (
                Counter(label: "screenplay_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory),
                Timer(label: "screenplay_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            )
        }
        handles.counter.increment()
        handles.timer.recordInterval(duration)
    }

    /// What adaptation changed: `screenplay_adapted_total{change,type}` (fallback, downgrade,
    /// dropped, droppedAction).
    func adaptation(_ report: AdaptationReport) {
        guard !report.isEmpty else { return }
        for (change, counts) in [
            ("fallback", report.usedFallback), ("downgrade", report.downgraded), ("dropped", report.droppedNodes),
            ("droppedAction", report.droppedActions),
        ] {
            for (type, count) in counts {
                Counter(label: "screenplay_adapted_total", dimensions: [("change", change), ("type", type)], factory: factory).increment(
                    by: count)
            }
        }
    }
}

/// Request counters and timers by method, route pattern and status, made once and kept.
final class RequestMetricHandles: Sendable {
    struct Key: Hashable, Sendable {
        let method: String
        let route: String
        let status: Int
    }

    private let handles = NIOLockedValueBox<[Key: (counter: CoreMetrics.Counter, timer: CoreMetrics.Timer)]>([:])

    func handles(for key: Key, orMake make: () -> (CoreMetrics.Counter, CoreMetrics.Timer)) -> (
        counter: CoreMetrics.Counter, timer: CoreMetrics.Timer
    ) {
        handles.withLockedValue { handles in
            if let existing = handles[key] { return existing }
            let made = make()
            handles[key] = made
            return made
        }
    }
}

extension Timer {
    func recordInterval(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
