import Hummingbird
import Metrics
import Prometheus

/// What `/metrics` reports, in Prometheus' text format: requests by route, method and status, their latency, the
/// layouts in flight and how long requests waited for a worker.
///
/// Each server keeps its own registry and hands its factory to every metric, rather than bootstrapping
/// swift-metrics' process-wide system, so that an application embedding the routes keeps its own metrics system
/// and several servers in one process (tests) count apart.
final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Jobs running on a worker, abandoned ones included until they really stop.
    let layoutsInFlight: Meter
    /// The time from a job's arrival to its start on a worker.
    let queueWait: Metrics.Timer

    static let requests = "texture_layout_http_requests_total"
    static let requestDuration = "texture_layout_http_request_duration_seconds"

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // From a small layout's millisecond on a fast machine to the default 10-second limit and past it.
        let buckets: [Duration] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2.5), .seconds(5), .seconds(10), .seconds(30),
        ]
        factory.defaultDurationHistogramBuckets = buckets
        self.factory = factory
        layoutsInFlight = Meter(label: "texture_layout_layouts_in_flight", factory: factory)
        queueWait = Metrics.Timer(label: "texture_layout_queue_wait_seconds", factory: factory)
    }

    /// Counts and times one answered request.
    func requestAnswered(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status, duration: Duration) {
        let dimensions = [("route", route), ("method", method.rawValue), ("status", String(status.code))]
        Counter(label: Self.requests, dimensions: dimensions, factory: factory).increment()
        Metrics.Timer(label: Self.requestDuration, dimensions: dimensions, factory: factory)
            .record(duration: duration)
    }

    /// The answer to `GET /metrics`.
    var exposition: Answer {
        Answer(status: .ok, contentType: "text/plain; version=0.0.4; charset=utf-8", body: registry.emitToBuffer())
    }
}
