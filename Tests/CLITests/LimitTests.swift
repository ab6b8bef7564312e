import Foundation
import Testing

/// What no input can make the tool do: read without end, draw a picture no viewer opens, run forever, or word a
/// problem so that its author cannot find it.
@Suite struct LimitTests {
    static let square = #"{"root": {"type": "node", "name": "box", "size": [10, 10]}}"#

    /// A PNG over 16,384 pixels on a side is refused before it is drawn, naming what made it that large; the same
    /// layout as SVG (no pixels) is drawn.
    @Test func picturesOverTheLimitAreRefused() throws {
        // 9,999,999 points at scale 2, reduced to the renderer's largest side (32,767, Cairo's, less a pixel for the
        // rounding): 32,766 × 1.
        try run(["render", "DOC", "--format", "png", "--width", "9999999"], document: Self.square)
            .expectFailure(2, startingWith: "--width: the PNG would be 32766 × 1 pixels, more than 16384 on a side")
        try run(["render", "DOC", "--format", "png", "--height", "9999999"], document: Self.square)
            .expectFailure(2, startingWith: "--height: the PNG would be 1 × 32766 pixels")
        try run(
            ["render", "DOC", "--format", "png", "--max", "9999999,inf", "--min", "9999999,0"],
            document: Self.square
        ).expectFailure(2, startingWith: "--min: the PNG would be")
        try run(
            ["render", "DOC", "--format", "png", "--max", "9999999,inf"],
            document: #"{"root": {"type": "node", "size": [9999999, 10]}}"#
        )
        .expectFailure(2, startingWith: "--max: the PNG would be")
        let wide = #"{"root": {"type": "node", "size": [100000, 10]}}"#
        try run(["render", "DOC", "--format", "png"], document: wide)
            .expectFailure(2, startingWith: "root: the PNG would be 32766 × 3 pixels")
        try run(["render", "DOC", "--format", "svg"], document: wide).expectSuccess()
        // 16,384 pixels on a side is allowed: 8,192 points at scale 2.
        try run(["render", "DOC", "--format", "png", "--width", "8192"], document: Self.square).expectSuccess()
    }

    /// The limit is checked on the picture the renderer would draw, its sides rounded to the nearest pixel as it
    /// rounds them. At the boundary: 16,384 and 16,385 pixels at scale 1; and at scale 1000, which the renderer
    /// lowers to keep within 16.7 million pixels, 16.386 × 1.023 points make 16,384.499 × 1,022.906 pixels, drawn
    /// 16,384 × 1,023 (rounding up, as the check once did, refused it as 16,385), and 16.387 make 16,384.999, refused.
    @Test(arguments: [
        ("16384", "1", "1", 16_384, 1), ("16385", "1", "1", 16_385, 1),
        ("16.386", "1.023", "1000", 16_384, 1_023), ("16.387", "1.023", "1000", 16_385, 1_023),
    ])
    func theLimitIsTheDrawnPicturesSide(
        width: String, height: String, scale: String, pixelsWide: Int,
        pixelsHigh: Int
    ) throws {
        let document = #"{"scale": \#(scale), "root": {"type": "node", "size": [\#(width), \#(height)]}}"#
        let result = try run(["render", "DOC", "--format", "png"], document: document)
        guard pixelsWide <= 16_384 else {
            result.expectFailure(2, startingWith: "root: the PNG would be \(pixelsWide) × \(pixelsHigh) pixels")
            return
        }
        result.expectSuccess()
        // The PNG's IHDR: its width and height at bytes 16-23, big-endian.
        let png = [UInt8](result.output)
        #expect(png.count > 24 && png[16..<20].reduce(0) { $0 << 8 | Int($1) } == pixelsWide)
        #expect(png.count > 24 && png[20..<24].reduce(0) { $0 << 8 | Int($1) } == pixelsHigh)
    }

    /// `--max-input`: a file over the limit is refused before it is read; one at the limit is read.
    @Test func inputOverTheLimitIsRefused() throws {
        let bytes = Self.square.utf8.count
        try run(["layout", "DOC", "--max-input", String(bytes - 1)], document: Self.square)
            .expectFailure(2, startingWith: "document: ")
        try run(["layout", "--max-input", String(bytes - 1)], input: Data(Self.square.utf8))
            .expectFailure(
                2, startingWith: "document: standard input is 59 bytes, more than --max-input allows (58 bytes)")
        let stream = try run(
            ["layout", "--max-input", "100"], input: Data((Self.square + String(repeating: " ", count: 200)).utf8))
        stream.expectFailure(2, startingWith: "document: standard input is ")
        try run(["layout", "DOC", "--max-input", String(bytes)], document: Self.square).expectSuccess()
        try run(["layout", "DOC", "--max-input", "-1"], document: Self.square)
            .expectFailure(2, startingWith: "--max-input: must not be negative")
    }

    /// A document wrong from its start is refused as soon as its first 64 KiB are read: standard input that never
    /// ends still gets its answer.
    @Test(arguments: [
        (#"{"rooot": ["#, #"rooot: unknown key "rooot""#),
        (
            #"{"root": {"type": "stack", "children": [{"type": "node", "sise": ["#,
            #"root.children[0].sise: unknown key "sise" for a node"#
        ),
        ("[[[[", "document: expected an object, got an array"),
        ("\u{0}\u{0}\u{0}", "document: invalid JSON at line 1, column 1: expected a value"),
    ])
    func inputWrongFromItsStartIsRefusedUnread(beginning: String, prefix: String) throws {
        var bytes = Data(beginning.utf8)
        bytes.append(Data(repeating: UInt8(ascii: "1"), count: (1 << 16) - bytes.count))
        let process = Process()
        process.executableURL = executable
        process.arguments = ["layout"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // 64 KiB fit in a pipe's buffer: written without waiting, and the pipe is never closed.
        input.fileHandleForWriting.write(bytes)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        #expect(process.terminationReason == .exit && process.terminationStatus == 2)
        let line = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        #expect(line.hasPrefix(prefix), "\(line)")
        try? input.fileHandleForWriting.close()
    }

    /// Invalid UTF-8 is an error at its byte offset (JSON is UTF-8), in strings with and without escapes.
    @Test func invalidUTF8IsAnErrorAtItsOffset() throws {
        var document = Data(#"{"root": {"type": "text", "text": "ab"#.utf8)
        document.append(contentsOf: [0xC3, 0x28])
        document.append(Data(#""}}"#.utf8))
        try run(["layout"], input: document).expectFailure(
            2,
            startingWith:
                "document: invalid JSON at line 1, column 38: invalid UTF-8 (byte 0xC3 at offset 37; JSON text is UTF-8)"
        )
        var escaped = Data(#"{"root": {"type": "text", "text": "\n"#.utf8)
        escaped.append(0xFF)
        escaped.append(Data(#""}}"#.utf8))
        try run(["layout"], input: escaped).expectFailure(
            2,
            startingWith:
                "document: invalid JSON at line 1, column 38: invalid UTF-8 (byte 0xFF at offset 37")
    }

    /// `--timeout`: a command that runs past it prints one line, nothing on standard output, and exits 3.
    @Test func commandsStopAtTheirTimeout() throws {
        // 50,000 texts of different words: seconds to shape and lay out, far longer than 0.2 s.
        let texts = (0..<50_000).map { #"{"type": "text", "text": "wrap \#($0) me \#($0 * 7)"}"# }
        let scratch = try Scratch()
        let path = try scratch.file(
            "texts.json",
            #"{"root": {"type": "stack", "children": ["#
                + texts.joined(separator: ", ") + "]}}")
        let started = Date()
        try run(["layout", path, "--timeout", "0.2"])
            .expectFailure(3, startingWith: "--timeout: the command took longer than 0.2 seconds")
        #expect(Date().timeIntervalSince(started) < 20)
        try run(["layout", "DOC", "--timeout", "30"], document: Self.square).expectSuccess()
        try run(["layout", "DOC", "--timeout", "0"], document: Self.square)
            .expectFailure(2, startingWith: "--timeout: expected a number of seconds greater than 0")
    }

    /// A command-line or query parameter's problem names the parameter; a number too large for a field says so.
    @Test func problemsNameWhatCausedThem() throws {
        try run(["layout", "DOC", "--scale", "1e-300"], document: Self.square)
            .expectFailure(2, startingWith: "--scale: the scale must be at least 0.001 and at most 1000, got 1e-300")
        try run(["layout", "DOC"], document: #"{"scale": 1e-300, "root": {"type": "node"}}"#)
            .expectFailure(2, startingWith: "scale: the scale must be at least 0.001")
        try run(["layout", "DOC"], document: #"{"root": {"type": "text", "text": "a", "maxLines": 1e20}}"#)
            .expectFailure(2, startingWith: "root.maxLines: the number 1e+20 is too large (at most 2147483647)")
        try run(["layout", "DOC"], document: #"{"root": {"type": "text", "text": "a", "maxLines": 1.5}}"#)
            .expectFailure(2, startingWith: "root.maxLines: expected a whole number, got 1.5")
    }
}
