import Foundation
import Testing

/// What `serve` tells its operators: `/ready`, `/metrics`, request ids and the log formats; and how it refuses query
/// parameters it does not know.
@Suite(.serialized) struct ServeObservabilityTests {
    let stack = example("stack.json")

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The samples of `name` in a Prometheus text exposition, by their label text (`route="/layout",...`).
    static func samples(_ name: String, in exposition: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in exposition.split(separator: "\n") where line.hasPrefix(name + "{") || line.hasPrefix(name + " ") {
            let parts = line.split(separator: " ")
            let labels = line.hasPrefix(name + "{") ? String(parts[0].dropFirst(name.count + 1).dropLast()) : ""
            samples[labels] = Double(parts[parts.count - 1])
        }
        return samples
    }

    @Test func metricsCountEveryRequestButTheScrapes() throws {
        let server = try ServerProcess()
        let document = try text(stack)
        for _ in 0..<3 { #expect(try server.post("/layout", document).status == 200) }
        #expect(try server.post("/render?format=svg", document).status == 200)
        #expect(try server.get("/nowhere").status == 404)
        #expect(try server.get("/layout").status == 405)
        #expect(try server.post("/layout?width=wide", document).status == 400)
        #expect(try server.get("/health").status == 200)
        _ = try server.get("/metrics")
        let scrape = try server.get("/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let requests = Self.samples("texture_layout_http_requests_total", in: scrape.text)
        #expect(
            requests == [
                #"route="/layout",method="POST",status="200""#: 3,
                #"route="/render",method="POST",status="200""#: 1,
                #"route="unmatched",method="GET",status="404""#: 1,
                #"route="/layout",method="GET",status="405""#: 1,
                #"route="/layout",method="POST",status="400""#: 1,
                #"route="/health",method="GET",status="200""#: 1,
            ])
        // Eight requests sent before the scrapes, none of them a scrape.
        #expect(requests.values.reduce(0, +) == 8)
        let durations = Self.samples("texture_layout_http_request_duration_seconds_count", in: scrape.text)
        #expect(durations[#"route="/layout",method="POST",status="200""#] == 3)
        // The four documents went through the workers (the bad width was refused before); none is left running.
        #expect(Self.samples("texture_layout_queue_wait_seconds_count", in: scrape.text)[""] == 4)
        #expect(Self.samples("texture_layout_layouts_in_flight", in: scrape.text)[""] == 0)
    }

    @Test func readyOnceListeningAndWhileTheFontsFolderIsThere() throws {
        let scratch = try Scratch()
        let fonts = scratch.path("fonts")
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        let server = try ServerProcess(["--fonts", fonts])
        let ready = try server.get("/ready")
        #expect(ready.status == 200)
        #expect(ready.text == "{\"ok\": true}\n")
        try FileManager.default.removeItem(atPath: fonts)
        let gone = try server.get("/ready")
        #expect(gone.status == 503)
        #expect(gone.error == "the fonts folder is gone")
        #expect(try server.get("/health").status == 200)
    }

    @Test func unknownQueryParametersAre400NamingThem() throws {
        let server = try ServerProcess()
        let document = try text(stack)
        let layout = try server.post("/layout?width=100&colour=red&x=1&colour=blue", document)
        #expect(layout.status == 400)
        #expect(
            layout.error
                == #"unknown query parameters "colour", "x": /layout takes direction, height, max, min, scale, width"#)
        // A picture parameter is not a layout one.
        #expect(
            try server.post("/layout?format=png", document).error?.hasPrefix(#"unknown query parameter "format""#)
                == true)
        #expect(try server.post("/render?format=png&debug=1&data=1&background=red&width=50", document).status == 200)
        #expect(
            try server.get("/health?verbose=1").error
                == #"unknown query parameter "verbose": /health takes no query parameters"#)
        // The page's own parameters.
        #expect(try server.get("/?doc=%7B%7D&outlines=0").status == 200)
    }

    @Test func answersCarryTheirRequestIDAsTheLogDoes() throws {
        let server = try ServerProcess()
        let given = try server.request("GET", "/health", headers: ["X-Request-Id": "trace-42"])
        #expect(given.headers["x-request-id"] == "trace-42")
        let made = try server.get("/health").headers["x-request-id"] ?? ""
        #expect(made.count >= 16 && made != "trace-42")
        // An id with spaces or control characters is not echoed into a header or a log line.
        let refused = try server.request("GET", "/health", headers: ["X-Request-Id": "a b"])
        #expect(refused.headers["x-request-id"] != "a b")
        #expect(server.stop() == 0)
        #expect(server.log.contains("hb.request.id=trace-42"))
        #expect(server.log.contains("hb.request.id=\(made)"))
    }

    @Test func jsonLogsAreOneObjectALine() throws {
        let server = try ServerProcess(["--log-format", "json"])
        #expect(try server.post("/layout", try text(stack)).status == 200)
        #expect(try server.get("/nowhere").status == 404)
        #expect(server.stop() == 0)
        let entries = try server.log.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: String]
        }
        let requests = entries.filter { $0["message"] == "request" }
        #expect(requests.map { $0["path"] } == ["/layout", "/nowhere"])
        #expect(requests.map { $0["status"] } == ["200", "404"])
        for entry in requests {
            #expect(entry["method"] != nil && entry["hb.request.id"] != nil && entry["level"] == "info")
            #expect(Double(entry["duration_ms"] ?? "") != nil)
            #expect(entry["time"]?.hasSuffix("Z") == true)
        }
        try run(["serve", "--log-format", "xml"]).expectFailure(2, startingWith: "--log-format: expected text or json")
    }
}
