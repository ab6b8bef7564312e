import ArgumentParser
import Dispatch
import LayoutDocument
import LayoutJSON
import LayoutServer
import Logging
import Synchronization

/// `serve [--host H] [--port P] [--fonts DIR]`: the playground page and the layout API over HTTP, until SIGINT or
/// SIGTERM. The work is the server library's; this only reads the options.
struct ServeCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serves the playground page and the layout API over HTTP until SIGINT or SIGTERM.",
        discussion: """
            Prints "listening on http://HOST:PORT" once connections are accepted; logs one line per request \
            (request id, method, path, status, duration) on standard error, as key=value pairs or, with \
            --log-format json, as one JSON object a line.
            """
    )

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: ArgumentHelp("The port; 0 picks any free port.", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("The only folder documents may name font files in.", valueName: "dir"))
    var fonts: String?

    @Option(
        help: ArgumentHelp(
            "The only folder documents may name image files in (else only data: URLs).",
            valueName: "dir"))
    var images: String?

    @Option(
        name: .customLong("max-body"), parsing: .unconditional,
        help: ArgumentHelp("The largest request body, in bytes.", valueName: "bytes"))
    var maxBody = 8 << 20

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long a layout may take before it is abandoned (503).", valueName: "seconds"))
    var timeout = 10.0

    @Option(
        help: ArgumentHelp(
            "The folder of example documents the playground offers (none when it is missing).",
            valueName: "dir"))
    var examples = "Examples"

    @Option(
        name: .customLong("log-format"),
        help: ArgumentHelp(
            "How request logs are written on standard error: text (key=value) or json (one "
                + "object a line).", valueName: "text|json"))
    var logFormat = "text"

    func execute() throws(Failure) {
        guard (0...65535).contains(port) else { throw .usage("--port: expected 0 to 65535, got \(port)") }
        guard maxBody >= 0 else { throw .usage("--max-body: must not be negative, got \(maxBody)") }
        guard timeout > 0, timeout.isFinite else {
            throw .usage("--timeout: must be greater than 0, got \(format(timeout))")
        }
        var configuration = ServerConfiguration(
            host: host, port: port, maxBodyBytes: maxBody, timeoutSeconds: timeout,
            examples: examples)
        if let fonts {
            guard let folder = FontFolder(path: fonts) else { throw .io("\(fonts): cannot read: not a folder") }
            configuration.fonts = folder
        }
        if let images {
            guard let folder = FontFolder(path: images, kind: "image") else {
                throw .io("\(images): cannot read: not a folder")
            }
            configuration.images = folder
        }
        switch logFormat {
        case "text": LoggingSystem.bootstrap(StreamLogHandler.standardError)
        case "json": LoggingSystem.bootstrap(JSONLogHandler.init)
        default: throw .usage("--log-format: expected text or json, got \(jsonString(logFormat))")
        }
        let logger = Logger(label: "texture-layout")
        let server: LayoutServer
        do {
            server = try LayoutServer(configuration: configuration)
        } catch {
            throw .io("cannot serve: \(error)")
        }
        let outcome = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run(logger: logger) { host, port in
                    try? IO.write(Array("listening on http://\(host):\(port)\n".utf8), to: nil)
                }
            } catch {
                outcome.withLock { $0 = "cannot serve on \(host):\(port): \(error)" }
            }
            done.signal()
        }
        done.wait()
        if let error = outcome.withLock({ $0 }) { throw .io(error) }
    }
}
