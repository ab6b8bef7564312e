import Hummingbird
import Logging
import NIOCore

/// The layout API (`/layout`, `/render`, `/validate`), the playground page, `/health`, `/ready` and `/metrics`,
/// as routes of a Hummingbird router.
///
/// `texture-layout serve` runs these routes on a server of their own. An application that has its own Hummingbird
/// server adds them to its router instead:
///
/// ```swift
/// import Hummingbird
/// import LayoutServer
///
/// let router = Router()
/// router.get("/hello") { _, _ in "hello" }
/// let layout = try LayoutServer(configuration: ServerConfiguration(maxBodyBytes: 1 << 20, timeoutSeconds: 5))
/// layout.addRoutes(to: router)
/// let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
/// try await app.runService()
/// ```
///
/// The server keeps no state between requests but its metrics (every request carries its whole document), so it
/// scales out by running more of it behind a load balancer.
public struct LayoutServer: Sendable {
    let configuration: ServerConfiguration
    let metrics: ServerMetrics
    let workers: LayoutWorkers
    let files: PlaygroundFiles
    let readiness: Readiness

    /// Reads the playground's files and the examples folder, and starts the workers (as many as
    /// ``ServerConfiguration/concurrentLayouts``).
    ///
    /// - Throws: When the playground's files are missing from the module's resources.
    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        metrics = ServerMetrics()
        workers = LayoutWorkers(capacity: configuration.concurrentLayouts, metrics: metrics)
        files = try PlaygroundFiles(examples: configuration.examples)
        readiness = Readiness()
    }

    /// Adds the routes to `router`, with the middleware they rely on.
    ///
    /// The middleware is the router's, so it sees the application's own requests too: each answer carries an
    /// `X-Request-Id` (the client's, when it sent a usable one), each request is logged once through the request
    /// context's logger and counted in `/metrics`, a known path asked with another method is answered `405` with
    /// an `Allow` header, and every error answer, the application's included, has the body `{"error": "..."}`. Add
    /// the application's routes after this call for its middleware to cover them (Hummingbird applies middleware to
    /// the routes added after it).
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        let routes = Routes<Context>(server: self)
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics, table: routes.table))
        router.add(middleware: RouteCheckMiddleware(table: routes.table))
        for route in routes.table {
            for method in route.methods {
                router.on(RouterPath(route.path), method: method) { request, context in
                    try routes.checkParameters(of: request, for: route)
                    return try await route.answer(request, context)
                }
            }
        }
        readiness.markStarted()
    }

    /// Serves until the process receives SIGINT or SIGTERM, then stops accepting connections, finishes the
    /// requests in flight and returns.
    ///
    /// - Parameters:
    ///   - logger: Where request logs go (one entry per request: its id, method, path, status and duration).
    ///   - onListening: Called once connections are accepted, with the address (the real port when 0 was asked).
    package func run(
        logger: Logger, onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void
    )
        async throws
    {
        let router = Router()
        addRoutes(to: router)
        let host = configuration.host
        let port = configuration.port
        let application = Application(
            router: router,
            // A connection that sends nothing for this long is closed, so slow or stalled clients cannot hold
            // connections forever.
            server: .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "texture-layout"),
            onServerRunning: { channel in
                onListening(host, channel.localAddress?.port ?? port)
            },
            logger: logger
        )
        try await application.runService()
    }
}
