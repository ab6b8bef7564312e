import Foundation
import Hummingbird
import LayoutDocument
import LayoutJSON
import LayoutRendering
import LayoutTool
import NIOCore
import Synchronization
import TextureLayout
import TextureLayoutPaint

/// One entry of the route table: where, how, with which query parameters, and what answers.
struct Route<Context: RequestContext>: Sendable {
    var path: String
    var methods: [HTTPRequest.Method]
    /// The query parameters the route reads; any other is a `400` naming it.
    var parameters: Set<String> = []
    var answer: @Sendable (Request, Context) async throws -> Response
}

/// The route table (the README's `serve` section) and what each route answers.
struct Routes<Context: RequestContext>: Sendable {
    let server: LayoutServer
    /// Every route, in one place: the router, the `405` check and the metrics' route names all come from it.
    let table: [Route<Context>]

    /// The parameters that mean what the command line's size options mean.
    static var sizeParameters: Set<String> { ["width", "height", "min", "max", "scale", "direction"] }

    init(server: LayoutServer) {
        self.server = server
        let page = server.files.page
        let read: [HTTPRequest.Method] = [.get, .head]
        var table: [Route<Context>] = [
            Route(path: "/", methods: read, parameters: ["doc", "outlines"]) { _, _ in page.response },
            Route(path: "/health", methods: read) { _, _ in Answer.json("{\"ok\": true}").response },
            Route(path: "/ready", methods: read) { _, _ in try server.readiness.check(server.configuration).response },
            Route(path: "/metrics", methods: read) { _, _ in server.metrics.exposition.response },
        ]
        for (path, file) in server.files.others {
            table.append(Route(path: path, methods: read) { _, _ in file.response })
        }
        let api = API(server: server)
        table += [
            Route(path: "/validate", methods: [.post]) { request, _ in try await api.validate(request) },
            Route(path: "/layout", methods: [.post], parameters: Self.sizeParameters) { request, _ in
                try await api.layout(request)
            },
            Route(path: "/render", methods: [.post], parameters: Self.sizeParameters.union(API.pictureParameters)) {
                request, _ in try await api.render(request)
            },
        ]
        self.table = table
    }

    /// Refuses a query naming parameters the route does not read, naming them (in the order they came).
    func checkParameters(of request: Request, for route: Route<Context>) throws(HTTPFailure) {
        var unknown: [String] = []
        for (key, _) in request.uri.queryParameters where !route.parameters.contains(String(key)) {
            if !unknown.contains(String(key)) { unknown.append(String(key)) }
        }
        guard !unknown.isEmpty else { return }
        let known =
            route.parameters.isEmpty
            ? "takes no query parameters"
            : "takes " + route.parameters.sorted().joined(separator: ", ")
        throw HTTPFailure(
            .badRequest,
            "unknown query parameter\(unknown.count == 1 ? "" : "s") "
                + unknown.map(jsonString).joined(separator: ", ") + ": \(route.path) \(known)")
    }
}

/// `/validate`, `/layout` and `/render`: the document in the body, the work on the workers.
struct API: Sendable {
    let server: LayoutServer
    /// Documents may name font files only inside the fonts folder, and none without one; image files likewise
    /// inside the images folder.
    let files: DocumentFiles

    /// `/render`'s parameters besides the size ones.
    static var pictureParameters: Set<String> { ["format", "background", "debug", "data"] }

    init(server: LayoutServer) {
        self.server = server
        files = DocumentFiles(
            fonts: server.configuration.fonts.map(FontFiles.inside) ?? .none,
            images: server.configuration.images.map(ImageFiles.inside) ?? .none)
    }

    func validate(_ request: Request) async throws -> Response {
        try await answer(LayoutRequest(.check, optionPrefix: ""), to: request) { _ in Answer.json("{\"ok\": true}") }
    }

    func layout(_ request: Request) async throws -> Response {
        let layoutRequest = LayoutRequest(.layout, overrides: try sizeOverrides(Query(request)), optionPrefix: "")
        return try await answer(layoutRequest, to: request) { bytes in
            Answer(status: .ok, contentType: "application/json", body: bytes + [UInt8(ascii: "\n")])
        }
    }

    func render(_ request: Request) async throws -> Response {
        let query = Query(request)
        let overrides = try sizeOverrides(query)
        let format =
            try query["format"].map { value throws(HTTPFailure) in
                try usage { () throws(ToolFailure) in try PictureFormat(option: value, named: "format") }
            } ?? .svg
        var options = PictureFormat.Options(dataAttributes: query["data"] == "1", debug: query["debug"] == "1")
        if let background = query["background"] {
            guard let color = RGBA(css: background) else {
                throw HTTPFailure(.badRequest, "background: expected a CSS colour, got \(jsonString(background))")
            }
            options.background = color
        }
        let layoutRequest = LayoutRequest(.picture(format, options), overrides: overrides, optionPrefix: "")
        return try await answer(layoutRequest, to: request) { bytes in
            Answer(status: .ok, contentType: format.contentType, body: bytes)
        }
    }

    /// Answers `layoutRequest` for the request's body on a worker under the time limit, the answer's bytes made
    /// into a response by `respond`.
    private func answer(
        _ layoutRequest: LayoutRequest, to request: Request,
        _ respond: @escaping @Sendable ([UInt8]) -> Answer
    ) async throws -> Response {
        let bytes = try await body(of: request)
        let files = files
        let limit = server.configuration.timeoutSeconds
        // The workers bind the job's cancellation as LayoutCancellation.current, which the request reads.
        let outcome = await server.workers.run(timeout: limit) { _ in
            Result { () throws(ToolFailure) in try layoutRequest.answer(bytes, files: files).map { respond($0.bytes) } }
        }
        switch outcome {
        case .success(let answer?)?:
            return answer.response
        case .failure(let failure)?:
            // A document error is a 422; a bad query parameter is the client's mistake too (400).
            throw HTTPFailure(
                failure.isDocumentError ? .unprocessableContent : .badRequest,
                failure.lines.first ?? "bad request")
        case .success(nil)?, nil:
            throw HTTPFailure(
                .serviceUnavailable, "the layout took longer than the server's limit of \(format(limit)) seconds")
        }
    }

    /// The request's body, after checking its type and size.
    private func body(of request: Request) async throws -> [UInt8] {
        if let type = request.headers[.contentType], !Self.isJSON(type) {
            throw HTTPFailure(
                .unsupportedMediaType,
                "the body must be a layout document (Content-Type: application/json), not \(type)")
        }
        let limit = server.configuration.maxBodyBytes
        let tooLarge = HTTPFailure(
            .contentTooLarge, "the body is larger than the server's limit of \(limit) bytes",
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
        let type =
            contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json") || type == "text/plain"
    }

    /// The query's `width`, `height`, `min`, `max`, `scale` and `direction`, which mean what the command line's
    /// options mean.
    private func sizeOverrides(_ query: Query) throws(HTTPFailure) -> SizeOverrides {
        try usage { () throws(ToolFailure) in
            try SizeOverrides.parse(
                width: query["width"], height: query["height"], minimum: query["min"],
                maximum: query["max"], scale: query["scale"], direction: query["direction"],
                optionPrefix: "")
        }
    }

    private func usage<T>(_ body: () throws(ToolFailure) -> T) throws(HTTPFailure) -> T {
        do { return try body() } catch { throw HTTPFailure(.badRequest, error.lines.first ?? "bad request") }
    }
}

/// `/ready`: whether the server accepts work.
final class Readiness: Sendable {
    private let started = Atomic<Bool>(false)

    /// The routes are on a router, so the workers take jobs.
    func markStarted() { started.store(true, ordering: .releasing) }

    /// `200` once started while the fonts folder (if any) is still there; else `503` saying what is missing.
    func check(_ configuration: ServerConfiguration) throws(HTTPFailure) -> Answer {
        guard started.load(ordering: .acquiring) else {
            throw HTTPFailure(.serviceUnavailable, "the server is starting")
        }
        if let fonts = configuration.fonts, FontFolder(path: fonts.path) == nil {
            throw HTTPFailure(.serviceUnavailable, "the fonts folder is gone")
        }
        return Answer.json("{\"ok\": true}")
    }
}
