import HTTPTypes
import Hummingbird
import Logging

/// Gives every answer an `X-Request-Id`: the client's own when it sent a usable one (so a request can be followed
/// through the services it passed), else Hummingbird's id for the request. Log entries made through the request's
/// logger carry the same id as `hb.request.id`.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        var context = context
        if let given = request.headers[Self.header], Self.isUsable(given) {
            context.logger[metadataKey: "hb.request.id"] = .string(given)
        }
        var response = try await next(request, context)
        response.headers[Self.header] = context.id
        return response
    }

    /// At most 128 visible ASCII characters: what fits a log line and a header without escaping.
    static func isUsable(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 128 && id.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}

/// One log entry per request, after its answer: method, path, status and duration (the request id comes with the
/// request's logger).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        context.logger.info(
            "request",
            metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
                "duration_ms": "\(((ContinuousClock.now - start).seconds * 1e6).rounded() / 1000)",
            ])
        return response
    }
}

/// Counts every request but the scrapes of `/metrics` by route, method and status, and times it.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    /// The table's paths: a known path asked with another method is counted under its route, any other path under
    /// one name, so that strangers' paths cannot make the metrics grow without end.
    let known: Set<String>

    init(metrics: ServerMetrics, table: [Route<Context>]) {
        self.metrics = metrics
        known = Set(table.map(\.path))
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let path = request.uri.path
        let route =
            known.contains(path)
            ? path
            : context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 }
                ?? "unmatched"
        if route != "/metrics" {
            metrics.requestAnswered(
                route: route, method: request.method, status: response.status,
                duration: ContinuousClock.now - start)
        }
        return response
    }
}

/// Turns every error into an answer with the body `{"error": "..."}`: an unknown path `404`, a known path asked with
/// another method `405` with an `Allow` header, an error of a route its own status. It is the innermost middleware,
/// so the ones around it see every answer's real status.
struct RouteCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods of each path of the table.
    let allowed: [String: [HTTPRequest.Method]]

    init(table: [Route<Context>]) {
        allowed = Dictionary(table.map { ($0.path, $0.methods) }, uniquingKeysWith: +)
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let failure as HTTPFailure {
            return failure.response
        } catch let error as HTTPError where error.status == .notFound && context.endpointPath == "NotFound" {
            let path = request.uri.path
            guard let methods = allowed[path] else { return HTTPFailure(.notFound, "no such path: \(path)").response }
            let names = methods.map(\.rawValue).joined(separator: ", ")
            var failure = HTTPFailure(.methodNotAllowed, "\(path) answers \(names), not \(request.method)")
            failure.headers[.allow] = names
            return failure.response
        } catch let error as HTTPError {
            var failure = HTTPFailure(error.status, error.body ?? error.status.reasonPhrase)
            failure.headers.append(
                contentsOf: error.headers.filter { $0.name != .contentType && $0.name != .contentLength })
            return failure.response
        } catch let error as any HTTPResponseError {
            return HTTPFailure(error.status, error.status.reasonPhrase).response
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            return HTTPFailure(.internalServerError, "the server failed to answer").response
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
