import Foundation
import Hummingbird
import LayoutDocument
import LayoutRendering
import LayoutTool
import Logging
import NIOCore
import TextureLayout
import TextureLayoutPaint

/// Answers every request: the routes of the contract (`cli.md`, `serve`) and the playground's files.
///
/// Routing is by exact path so that an unknown path is a `404` and a known path asked with the wrong method a
/// `405`; every error body is `{"error": "..."}`.
struct PlaygroundResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let configuration: ServerConfiguration
    let workers: LayoutWorkers
    let files: PlaygroundFiles
    /// Documents may name font files only inside the fonts folder, and none without one.
    let fontFiles: FontFiles

    init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        workers = LayoutWorkers(capacity: configuration.concurrentLayouts)
        files = try PlaygroundFiles(examples: configuration.examples)
        fontFiles = configuration.fonts.map(FontFiles.inside) ?? .none
    }

    /// The methods each path answers.
    static let routes: [String: [HTTPRequest.Method]] = [
        "/": [.get, .head], "/health": [.get, .head],
        "/layout": [.post], "/render": [.post], "/validate": [.post],
    ]

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        var request = request
        let response: Response
        do {
            response = try await answer(&request, context: context)
        } catch let failure as HTTPFailure {
            response = failure.response
        }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info("request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "duration_ms": "\((milliseconds * 1000).rounded() / 1000)",
        ])
        return response
    }

    private func answer(_ request: inout Request, context: Context) async throws -> Response {
        let path = request.uri.path
        let allowed = Self.routes[path] ?? files.route(path).map { _ in [.get, .head] }
        guard let allowed else { throw HTTPFailure(.notFound, "no such path: \(path)") }
        guard allowed.contains(request.method) else {
            var failure = HTTPFailure(.methodNotAllowed, "\(path) answers \(allowed.map(\.rawValue).joined(separator: ", ")), not \(request.method)")
            failure.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            throw failure
        }
        switch path {
        case "/health":
            return Self.response(Self.json("{\"ok\": true}"))
        case "/":
            return Self.file(files.page)
        case "/validate":
            let bytes = try await body(of: &request)
            return try await job { _ throws(ToolFailure) in
                _ = try readDocument(bytes: bytes, fontFiles: fontFiles)
                return Self.json("{\"ok\": true}")
            }
        case "/layout":
            let overrides = try sizeOverrides(Query(request))
            let bytes = try await body(of: &request)
            return try await job { cancellation throws(ToolFailure) in
                try layOutBody(bytes, fontFiles, overrides, cancellation).map { Self.json($0.json) }
            }
        case "/render":
            let query = Query(request)
            let overrides = try sizeOverrides(query)
            let format = try query["format"].map { value throws(HTTPFailure) in
                try usage { () throws(ToolFailure) in try PictureFormat(option: value, named: "format") }
            } ?? .svg
            var options = PictureFormat.Options(dataAttributes: query["data"] == "1", debug: query["debug"] == "1")
            if let background = query["background"] {
                guard let color = RGBA(css: background) else {
                    throw HTTPFailure(.badRequest, "background: expected a CSS colour, got \(jsonString(background))")
                }
                options.background = color
            }
            let bytes = try await body(of: &request)
            let chosen = options
            return try await job { cancellation throws(ToolFailure) in
                try layOutBody(bytes, fontFiles, overrides, cancellation).flatMap { result throws(ToolFailure) in
                    try PictureLimits.check(result, in: format, overrides: overrides, optionPrefix: "")
                    // Time may have run out while the pass ended: then nobody waits for the picture.
                    if cancellation.isCancelled { return nil }
                    return Answer(status: .ok, contentType: format.contentType, body: format.render(result, options: chosen))
                }
            }
        default:
            guard let file = files.route(path) else { throw HTTPFailure(.notFound, "no such path: \(path)") }
            return Self.file(file)
        }
    }

    /// Runs `work` on a worker under the time limit and turns its outcome into a response. `work` answers `nil`
    /// when the layout pass stopped because the time was up.
    private func job(_ work: @escaping @Sendable (LayoutCancellation) throws(ToolFailure) -> Answer?) async throws
        -> Response
    {
        let outcome = await workers.run(timeout: configuration.timeoutSeconds) { cancellation in
            Result { () throws(ToolFailure) in try work(cancellation) }
        }
        switch outcome {
        case .success(let answer?)?:
            return Self.response(answer)
        case .failure(let failure)?:
            // A document error is the contract's 422; a bad query parameter is the client's mistake too.
            throw HTTPFailure(failure.isDocumentError ? .unprocessableContent : .badRequest,
                              failure.lines.first ?? "bad request")
        case .success(nil)?, nil:
            throw HTTPFailure(.serviceUnavailable, "the layout took longer than the server's limit of "
                              + "\(format(configuration.timeoutSeconds)) seconds")
        }
    }

    /// The request's body, after checking its type and size.
    private func body(of request: inout Request) async throws -> [UInt8] {
        if let type = request.headers[.contentType], !Self.isJSON(type) {
            throw HTTPFailure(.unsupportedMediaType,
                              "the body must be a layout document (Content-Type: application/json), not \(type)")
        }
        let limit = configuration.maxBodyBytes
        let tooLarge = HTTPFailure(.contentTooLarge, "the body is larger than the server's limit of \(limit) bytes",
                                   closesConnection: true)
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
    }

    /// `application/json`, `text/json`, `…+json` (any parameters), and `text/plain` for hand-made requests.
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json") || type == "text/plain"
    }

    /// The query's `width`, `height`, `min`, `max`, `scale` and `direction`, which mean what the command line's
    /// options mean.
    private func sizeOverrides(_ query: Query) throws(HTTPFailure) -> SizeOverrides {
        try usage { () throws(ToolFailure) in
            try SizeOverrides.parse(width: query["width"], height: query["height"], minimum: query["min"],
                                    maximum: query["max"], scale: query["scale"], direction: query["direction"],
                                    optionPrefix: "")
        }
    }

    private func usage<T>(_ body: () throws(ToolFailure) -> T) throws(HTTPFailure) -> T {
        do { return try body() } catch { throw HTTPFailure(.badRequest, error.lines.first ?? "bad request") }
    }

    static func json(_ text: String) -> Answer {
        Answer(status: .ok, contentType: "application/json", body: Array((text + "\n").utf8))
    }

    static func response(_ answer: Answer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = answer.contentType
        return Response(status: answer.status, headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    static func file(_ file: PlaygroundFiles.File) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}

/// Reads the document, applies the overrides and lays it out, as the `layout` and `render` commands do; `nil` when
/// `cancellation` was set while reading or stopped the pass.
private func layOutBody(_ bytes: [UInt8], _ fontFiles: FontFiles, _ overrides: SizeOverrides,
                        _ cancellation: LayoutCancellation) throws(ToolFailure) -> DocumentLayout?
{
    var document: LayoutDocument
    do {
        document = try readDocument(bytes: bytes, fontFiles: fontFiles)
    } catch {
        // Reading stops with an error when the flag is set: the time is up, not the document wrong.
        if cancellation.isCancelled { return nil }
        throw error
    }
    if cancellation.isCancelled { return nil }
    try overrides.apply(to: &document)
    return try reportingDocumentError(try document.layout(cancellation: cancellation))
}

/// A request's query parameters (percent-decoded); the first of repeated ones counts.
struct Query {
    private let parameters: [String: String]

    init(_ request: Request) {
        var parameters: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where parameters[String(key)] == nil {
            parameters[String(key)] = String(value)
        }
        self.parameters = parameters
    }

    subscript(name: String) -> String? { parameters[name] }
}

/// A successful answer computed by a worker.
struct Answer: Sendable {
    var status: HTTPResponse.Status
    var contentType: String
    var body: [UInt8]
}

/// An error answer: a status and `{"error": MESSAGE}`.
struct HTTPFailure: Error {
    var status: HTTPResponse.Status
    var message: String
    var headers = HTTPFields()

    init(_ status: HTTPResponse.Status, _ message: String, closesConnection: Bool = false) {
        self.status = status
        self.message = message
        // The rest of an oversize body is not read: the connection cannot carry another request.
        if closesConnection { headers[.connection] = "close" }
    }

    var response: Response {
        var headers = headers
        headers[.contentType] = "application/json"
        let body = "{\"error\": \(jsonString(message))}\n"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

extension PictureFormat {
    /// The media type of the picture's bytes.
    var contentType: String {
        switch self {
        case .svg: return "image/svg+xml"
        case .png: return "image/png"
        case .pdf: return "application/pdf"
        case .ascii: return "text/plain; charset=utf-8"
        }
    }
}
