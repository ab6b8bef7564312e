import Hummingbird
import Logging
import NIOCore

/// `texture-layout serve`: the playground page and the layout API over HTTP/1.1, on Hummingbird.
///
/// The server keeps no state between requests (every request carries its whole document), so it scales out by
/// running more of it behind a load balancer.
public enum LayoutServer {
    /// Serves until the process receives SIGINT or SIGTERM, then stops accepting connections, finishes the
    /// requests in flight and returns.
    ///
    /// - Parameters:
    ///   - configuration: Address, limits and the fonts folder.
    ///   - logger: Where request logs go (one entry per request: its id, method, path, status and duration).
    ///   - onListening: Called once connections are accepted, with the address (the real port when 0 was asked).
    public static func run(_ configuration: ServerConfiguration, logger: Logger,
                           onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void) async throws
    {
        let responder = try PlaygroundResponder(configuration: configuration)
        let host = configuration.host
        let application = Application(
            responder: responder,
            // A connection that sends nothing for this long is closed, so slow or stalled clients cannot hold
            // connections forever.
            server: .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: configuration.port),
                                                    serverName: "texture-layout"),
            onServerRunning: { channel in
                onListening(host, channel.localAddress?.port ?? configuration.port)
            },
            logger: logger
        )
        try await application.runService()
    }
}
