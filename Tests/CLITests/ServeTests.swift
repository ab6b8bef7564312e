import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `texture-layout serve` over real HTTP on a loopback port: every route, every status of the contract, bad input,
/// misbehaving clients, and shutdown. Answers are compared with what the command line prints for the same input.
@Suite(.serialized) struct ServeTests {
    let stack = example("stack.json")

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A flat stack of `count` 1 x 1 nodes.
    static func bigDocument(_ count: Int) -> String {
        let child = #"{"type": "node", "size": [1, 1]}"#
        return #"{"root": {"type": "stack", "children": ["#
            + Array(repeating: child, count: count).joined(separator: ",")
            + "]}}"
    }

    @Test func listensAndAnswersTheAPIAsTheCommandLineDoes() throws {
        let server = try ServerProcess()
        let health = try server.get("/health")
        #expect(health.status == 200)
        #expect(health.text == "{\"ok\": true}\n")
        #expect(health.headers["content-type"] == "application/json")

        let layout = try server.post("/layout", try text(stack))
        #expect(layout.status == 200)
        #expect(layout.text == (try run(["layout", stack])).text)

        let narrow = try server.post("/layout?width=200&scale=3", try text(stack))
        #expect(narrow.status == 200)
        #expect(narrow.text == (try run(["layout", stack, "--width", "200", "--scale", "3"])).text)
        let mirrored = try server.post("/layout?direction=rtl", try text(stack))
        #expect(mirrored.text == (try run(["layout", stack, "--direction", "rtl"])).text)
        let range = try server.post("/layout?min=100,0&max=250,inf", try text(stack))
        #expect(range.text == (try run(["layout", stack, "--min", "100,0", "--max", "250,inf"])).text)

        for (format, type) in [("svg", "image/svg+xml"), ("png", "image/png"), ("ascii", "text/plain; charset=utf-8")] {
            let picture = try server.post("/render?format=\(format)", try text(stack))
            #expect(picture.status == 200)
            #expect(picture.headers["content-type"] == type)
            #expect(picture.body == (try run(["render", stack, "--format", format])).output, "\(format)")
        }
        // The command line's --background and --debug as query parameters.
        let debug = try server.post("/render?format=png&background=%23ffeedd&debug=1", try text(stack))
        #expect(debug.status == 200)
        #expect(
            debug.body
                == (try run(["render", stack, "--format", "png", "--background", "#ffeedd", "--debug"]))
                .output)
        let badBackground = try server.post("/render?format=svg&background=nope", try text(stack))
        #expect(badBackground.status == 400)
        #expect(badBackground.text.contains("background: expected a CSS colour"))

        let validate = try server.post("/validate", try text(stack))
        #expect(validate.status == 200)
        #expect(validate.text == "{\"ok\": true}\n")
        #expect(server.stop() == 0)
        // One structured line per request: id, method, path, status, duration.
        #expect(server.log.contains("hb.request.id="))
        #expect(server.log.contains("method=POST path=/layout status=200"))
        #expect(server.log.contains("duration_ms="))
    }

    // The page's SVG names every named element with its frame from `layout`.
    @Test func svgForThePageCarriesNamesAndFrames() throws {
        let server = try ServerProcess()
        let svg = try server.post("/render?format=svg&data=1", try text(stack)).text
        let layout = try JSONSerialization.jsonObject(with: try run(["layout", stack]).output) as! [String: Any]
        let frames = layout["frames"] as! [String: [Double]]
        #expect(!frames.isEmpty)
        for (name, frame) in frames {
            let values = frame.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: " ")
            #expect(svg.contains("data-name=\"\(name)\" data-frame=\"\(values)\""), "\(name)")
        }
    }

    @Test func servesThePlaygroundPageAndItsFiles() throws {
        let server = try ServerProcess()
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("role=\"alert\""))
        let shared = try server.get("/?doc=%7B%22root%22%3A%7B%22type%22%3A%22node%22%7D%7D")
        #expect(shared.status == 200 && shared.body == page.body)
        #expect(try server.get("/playground.js").headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try server.get("/playground.css").status == 200)
        let examples = try JSONSerialization.jsonObject(with: try server.get("/examples.json").body) as! [String]
        #expect(examples.contains("stack"))
        #expect(try server.get("/examples/stack.json").text == (try text(stack)))
    }

    // 422 carries exactly the line the command line prints on standard error.
    @Test(arguments: [
        #"{"root": {"type": "stack", "children": [{"type": "node", "size": [50, "tall"]}]}}"#,
        #"{"root": "#,
        "",
        #"{"root": {"type": "node"}, "unknown": 1}"#,
    ])
    func documentErrorsAnswer422WithTheCommandLinesLine(document: String) throws {
        let server = try ServerProcess()
        let expected = try run(["layout", "-"], input: Data(document.utf8))
        #expect(expected.status == 2)
        for path in ["/layout", "/render?format=png", "/validate"] {
            let answer = try server.post(path, document)
            #expect(answer.status == 422, "\(path)")
            #expect(answer.headers["content-type"] == "application/json")
            #expect(answer.error.map { $0 + "\n" } == expected.error, "\(path)")
        }
    }

    @Test func badParametersAnswer400() throws {
        let server = try ServerProcess()
        let document = try text(stack)
        #expect(try server.post("/layout?width=wide", document).error == "width: expected a number, got \"wide\"")
        #expect(try server.post("/layout?max=1", document).error == "max: expected W,H, got \"1\"")
        #expect(try server.post("/layout?min=300,0&max=100,100", document).status == 400)
        #expect(
            try server.post("/render?format=gif", document).error
                == "format: expected svg, png, pdf or ascii, got \"gif\"")
        #expect(try server.post("/render?scale=0", document).status == 400)
        #expect(try server.post("/layout?direction=up", document).error == "direction: expected ltr or rtl, got \"up\"")
    }

    @Test func wrongPathsMethodsAndContentTypes() throws {
        let server = try ServerProcess()
        let missing = try server.get("/nowhere")
        #expect(missing.status == 404)
        #expect(missing.error == "no such path: /nowhere")
        let wrongMethod = try server.get("/layout")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["allow"] == "POST")
        #expect(wrongMethod.error != nil)
        #expect(try server.post("/health", "{}").status == 405)
        let html = try server.post("/layout", try text(stack), headers: ["Content-Type": "text/html"])
        #expect(html.status == 415)
        #expect(html.error?.contains("application/json") == true)
        // Media type parameters are fine.
        #expect(
            try server.post("/layout", try text(stack), headers: ["Content-Type": "application/json; charset=utf-8"])
                .status == 200)
    }

    @Test func oversizeBodiesAnswer413AndTheServerCarriesOn() throws {
        let server = try ServerProcess(["--max-body", "1000"])
        let big = try server.post("/layout", Self.bigDocument(100))
        #expect(big.status == 413)
        #expect(big.error == "the body is larger than the server's limit of 1000 bytes")
        // 100 MB announced: refused from the header, without reading it.
        let connection = try Connection(port: server.port)
        connection.send(
            Connection.head(
                "POST", "/layout",
                headers: [
                    "Content-Type": "application/json", "Content-Length": "104857600",
                ]))
        connection.send(String(repeating: " ", count: 4096))
        #expect(try connection.readAnswer().status == 413)
        // Without a length (chunked), the limit applies while reading.
        let chunked = try Connection(port: server.port)
        chunked.send(
            Connection.head(
                "POST", "/validate",
                headers: [
                    "Content-Type": "application/json", "Transfer-Encoding": "chunked",
                ]))
        for _ in 0..<4 { chunked.send("200\r\n" + String(repeating: " ", count: 512) + "\r\n") }
        chunked.send("0\r\n\r\n")
        #expect(try chunked.readAnswer().status == 413)
        #expect(try server.get("/health").status == 200)
    }

    @Test func aLayoutOverTheTimeLimitAnswers503AndOthersAreStillAnswered() throws {
        let server = try ServerProcess(["--timeout", "0.001"])
        let slow = try server.post("/layout", Self.bigDocument(100_000))
        #expect(slow.status == 503)
        #expect(slow.error?.contains("longer than the server's limit") == true)
        #expect(try server.get("/health").status == 200)
        #expect(server.stop() == 0)
    }

    // A 100,000-element document being laid out does not stop small requests from being answered. (A debug build on
    // a busy machine may take longer than the default 10 seconds for it: the limit is not what this test is about.)
    @Test func aHugeDocumentDoesNotBlockOthers() throws {
        let server = try ServerProcess(["--timeout", "300"])
        let huge = Self.bigDocument(100_000)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var hugeStatus = 0
        Thread.detachNewThread {
            hugeStatus = (try? server.post("/layout", huge))?.status ?? 0
            done.signal()
        }
        for _ in 0..<5 {
            #expect(try server.post("/layout", try text(stack)).status == 200)
            #expect(try server.get("/health").status == 200)
        }
        done.wait()
        #expect(hugeStatus == 200)
    }

    @Test func clientsThatLeaveMidRequestDoNotHurtTheServer() throws {
        let server = try ServerProcess()
        do {
            // Leaves in the middle of the body.
            let connection = try Connection(port: server.port)
            connection.send(
                Connection.head(
                    "POST", "/layout",
                    headers: [
                        "Content-Type": "application/json", "Content-Length": "5000",
                    ]))
            connection.send("{\"root\": ")
        }
        do {
            // Leaves while its large document is being laid out.
            let connection = try Connection(port: server.port)
            let body = Data(Self.bigDocument(50_000).utf8)
            connection.send(
                Connection.head(
                    "POST", "/render?format=png",
                    headers: [
                        "Content-Type": "application/json", "Content-Length": String(body.count),
                    ]))
            connection.send(body)
        }
        do {
            // Leaves in the middle of the head.
            let connection = try Connection(port: server.port)
            connection.send("POST /layout HTTP/1.1\r\nContent-Le")
        }
        #expect(try server.post("/layout", try text(stack)).status == 200)
        #expect(try server.get("/health").status == 200)
        #expect(server.stop() == 0)
    }

    // A client that sends its body in slow pieces gets its answer, and others are answered meanwhile.
    @Test func slowClientsAreServedWithoutHoldingOthers() throws {
        let server = try ServerProcess()
        let body = Data(try text(stack).utf8)
        let connection = try Connection(port: server.port)
        connection.send(
            Connection.head(
                "POST", "/layout",
                headers: [
                    "Content-Type": "application/json", "Content-Length": String(body.count),
                ]))
        let pieces = stride(from: 0, to: body.count, by: body.count / 4 + 1).map {
            body[$0..<min($0 + body.count / 4 + 1, body.count)]
        }
        for piece in pieces {
            connection.send(Data(piece))
            #expect(try server.get("/health").status == 200)
            usleep(100_000)
        }
        let answer = try connection.readAnswer()
        #expect(answer.status == 200)
        #expect(answer.text == (try run(["layout", stack])).text)
    }

    // SIGTERM and SIGINT: the request in flight is finished, then the process exits 0.
    @Test(arguments: [SIGTERM, SIGINT])
    func signalsFinishRequestsInFlightAndExit0(signal: Int32) throws {
        let server = try ServerProcess()
        let body = Data(try text(stack).utf8)
        let connection = try Connection(port: server.port)
        connection.send(
            Connection.head(
                "POST", "/layout",
                headers: [
                    "Content-Type": "application/json", "Content-Length": String(body.count),
                ]))
        connection.send(Data(body.prefix(body.count / 2)))
        // Make sure the request has reached the server before the signal: the server answers on another
        // connection, and the half-sent request's head (sent first) has had time to be read on its own
        // connection, which may be served by another thread of a loaded machine.
        #expect(try server.get("/health").status == 200)
        usleep(500_000)
        kill(server.process.processIdentifier, signal)
        usleep(200_000)
        connection.send(Data(body.dropFirst(body.count / 2)))
        let answer = try connection.readAnswer()
        #expect(answer.status == 200)
        #expect(answer.text == (try run(["layout", stack])).text)
        #expect(server.stop() == 0)
    }

    @Test func badOptionsAreUsageErrors() throws {
        try run(["serve", "--port", "70000"]).expectFailure(2, startingWith: "--port: expected 0 to 65535")
        try run(["serve", "--timeout", "0"]).expectFailure(2, startingWith: "--timeout: must be greater than 0")
        try run(["serve", "--fonts", "/nonexistent-fonts"]).expectFailure(1, startingWith: "/nonexistent-fonts")
    }
}

/// `--fonts DIR`: served documents name font files only inside it.
@Suite struct ServeFontTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func document(fontFile: String) -> String {
        #"{"fonts": {"body": {"file": "# + "\(fontFile.debugDescription)"
            + #"}}, "root": {"type": "text", "name": "t", "text": "Hi", "font": "body"}}"#
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: dejaVu), "needs DejaVu Sans (Scripts/setup)"))
    func fontPathsAreConfinedToTheFontsFolder() throws {
        let scratch = try Scratch()
        let fonts = scratch.path("fonts")
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: fonts + "/body.ttf")
        _ = try scratch.file("outside.ttf", try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)))
        try FileManager.default.createSymbolicLink(atPath: fonts + "/link.ttf", withDestinationPath: "../outside.ttf")
        let server = try ServerProcess(["--fonts", fonts])

        let inside = try server.post("/layout", Self.document(fontFile: "body.ttf"))
        #expect(inside.status == 200, "\(inside.text)")
        #expect(inside.text.contains("\"t\""))
        let refusals = [
            ("../../etc/passwd", #"fonts.body.file: "../../etc/passwd" leaves the fonts folder ("..")"#),
            (
                "/etc/passwd",
                #"fonts.body.file: "/etc/passwd" is an absolute path; font files are named relative to the fonts folder"#
            ),
            (
                scratch.path("outside.ttf"),
                "fonts.body.file: \"\(scratch.path("outside.ttf"))\" is an absolute path; font files are named relative to the fonts folder"
            ),
            ("link.ttf", #"fonts.body.file: "link.ttf" leads out of the fonts folder"#),
            ("missing.ttf", #"fonts.body.file: "missing.ttf" is not a file in the fonts folder"#),
        ]
        for (path, line) in refusals {
            let answer = try server.post("/layout", Self.document(fontFile: path))
            #expect(answer.status == 422, "\(path)")
            #expect(answer.error == line)
        }
        #expect(server.stop() == 0)
    }

    @Test func withoutAFontsFolderNoFontFileIsRead() throws {
        let server = try ServerProcess()
        let answer = try server.post("/layout", Self.document(fontFile: "DejaVuSans.ttf"))
        #expect(answer.status == 422)
        #expect(
            answer.error == #"fonts.body.file: "DejaVuSans.ttf": font files are not accepted here (no fonts folder)"#)
    }
}
