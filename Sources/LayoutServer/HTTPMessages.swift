import Hummingbird
import LayoutDocument
import LayoutJSON
import LayoutRendering
import NIOCore

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

/// A successful answer: computed by a worker, or one of the files and fixed bodies the server keeps.
struct Answer: Sendable {
    var status: HTTPResponse.Status
    var contentType: String
    var body: [UInt8]

    /// `text` and a line end, as `application/json`.
    static func json(_ text: String) -> Answer {
        Answer(status: .ok, contentType: "application/json", body: Array((text + "\n").utf8))
    }

    var response: Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// An error answer: a status and `{"error": MESSAGE}`.
struct HTTPFailure: Error, HTTPResponseError {
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

    func response(from request: Request, context: some RequestContext) throws -> Response { response }
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
