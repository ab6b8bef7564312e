import ArgumentParser
import LayoutDocument
import LayoutJSON
import LayoutRendering
import LayoutTool
import TextureLayout
import TextureLayoutText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench FILE [--iterations N] [--pipeline] [--second-width W] [--png]`: times layout in-process and prints
/// `{"elements": N, "layout": {"min": ns, "median": ns}, "relayout": {"min": ns, "median": ns}}`, with `--pipeline`
/// also `"read"` and `"output"`, the other stages of the `layout` command; with text elements also
/// `"characters"` (UTF-16 units of all texts), with `--second-width` also `"secondWidth"`, and with `--png` also
/// `"png"`, the stages of `render --format png` one by one.
struct BenchCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Times full layouts of freshly built trees and, when an element is named \"changed\", re-layouts.",
        discussion: """
            layout: each iteration builds the tree from the parsed document (not timed) and lays it out. \
            relayout: before each iteration the node named "changed" (a node with "size") grows or shrinks by \
            one point in both axes (not timed), and the same tree is laid out again. Times are in nanoseconds. \
            With --pipeline, also read: the document's bytes (in memory) parsed, checked and built into elements; \
            and output: the result tree and the layout command's JSON text made from a laid-out document. \
            A "changed" text element gets one character added or removed instead. secondWidth: each iteration \
            builds and lays out the tree (not timed), then lays it out again with the range's max width set to \
            --second-width (text is only broken into lines again, not reshaped). \
            png: the stages of `render --format png`, each iteration from the document's bytes: read (parsed, \
            checked, built), layout (text shaped and broken included), images (decoded), paint (the display \
            list), raster (Cairo and the shadows' blur) and encode (the PNG file's bytes), and the file's size.
            """
    )

    @Argument(help: ArgumentHelp("The layout document; - is standard input.", valueName: "file"))
    var file: String

    @Option(parsing: .unconditional, help: ArgumentHelp("How many layouts of each kind to time.", valueName: "n"))
    var iterations: Int = 20

    @Flag(help: "Also times reading the document and making the layout command's output.")
    var pipeline = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Also time layouts of a laid-out tree at this max width.", valueName: "w"))
    var secondWidth: Double?

    @Flag(help: "Also times the stages of render --format png one by one.")
    var png = false

    @OptionGroup var size: SizeOptions

    /// Runs the measurements on one of the engine's large-stack threads, as the server runs its jobs: a pass
    /// started on an ordinary thread continues on such a thread once it nests deeper than its entry budget, and that
    /// hand-off and back would be timed with the pass, costing more than many changes to the layout itself.
    func execute() throws(Failure) {
        try withLargeStack { () throws(Failure) in try measure() }
    }

    private func measure() throws(Failure) {
        guard iterations >= 1 else { throw .usage("--iterations: must be at least 1, got \(iterations)") }
        let bytes = try IO.read(file)
        // Parsed once; every iteration builds its tree from this tape. A syntax error is worded as the document
        // reader words it for the other commands.
        let tape: JSONTape
        do {
            tape = try JSONTape(bytes: bytes)
        } catch {
            throw .document(DocumentError(path: "document", message: error.description).description)
        }
        let overrides = try size.parsed()
        func build() throws(Failure) -> LayoutDocument {
            try reportingDocumentError(try LayoutDocument(jsonValue: tape.root, baseFolder: documentFolder(file)))
        }
        func lay(_ document: LayoutDocument, _ parameters: LayoutParameters? = nil) throws(Failure) {
            let chosen: LayoutParameters
            if let parameters { chosen = parameters } else { chosen = try overrides.parameters(for: document) }
            try reportingDocumentError(try document.updateLayout(chosen))
        }

        var layoutTimes: [UInt64] = []
        var elements = 0
        for iteration in 0..<iterations {
            let document = try build()
            if iteration == 0 { elements = document.elementCount }
            let start = Self.now()
            try lay(document)
            layoutTimes.append(Self.now() - start)
        }

        var relayoutTimes: [UInt64] = []
        let document = try build()
        if let changed = document.element(named: "changed") {
            guard changed is FixedSizeNode || changed is TextNode else {
                throw .document(
                    "\(document.path(of: changed) ?? "root"): the element named \"changed\" must be a "
                        + "node with \"size\" or a text for bench to change it")
            }
            try lay(document)
            for iteration in 0..<iterations {
                if let node = changed as? FixedSizeNode {
                    let delta: Double = iteration % 2 == 0 ? 1 : -1
                    node.intrinsicSize = Size(node.intrinsicSize.width + delta, node.intrinsicSize.height + delta)
                } else if let text = changed as? TextNode, var last = text.runs.last {
                    last.text = iteration % 2 == 0 ? last.text + "!" : String(last.text.dropLast())
                    text.runs[text.runs.count - 1] = last
                }
                let start = Self.now()
                try lay(document)
                relayoutTimes.append(Self.now() - start)
            }
        }
        var secondWidthTimes: [UInt64] = []
        if let secondWidth {
            guard secondWidth >= 0, secondWidth.isFinite else {
                throw .usage("--second-width: expected a finite width ≥ 0, got \(format(secondWidth))")
            }
            for _ in 0..<iterations {
                let document = try build()
                try lay(document)
                var parameters = try overrides.parameters(for: document)
                parameters.sizeRange.max.width = secondWidth
                parameters.sizeRange.min.width = min(parameters.sizeRange.min.width, secondWidth)
                let start = Self.now()
                try lay(document, parameters)
                secondWidthTimes.append(Self.now() - start)
            }
        }
        let characters = Self.characters(in: document)

        var json = "{\"elements\": \(elements), \"layout\": \(Self.summary(layoutTimes))"
        if !relayoutTimes.isEmpty { json += ", \"relayout\": \(Self.summary(relayoutTimes))" }
        if !secondWidthTimes.isEmpty { json += ", \"secondWidth\": \(Self.summary(secondWidthTimes))" }
        if characters > 0 { json += ", \"characters\": \(characters)" }
        if pipeline {
            var readTimes: [UInt64] = [], outputTimes: [UInt64] = []
            for _ in 0..<iterations {
                let start = Self.now()
                let document = try reportingDocumentError(try LayoutDocument(bytes: bytes))
                readTimes.append(Self.now() - start)
                let parameters = try overrides.parameters(for: document)
                try lay(document, parameters)
                let outputStart = Self.now()
                let text = try reportingDocumentError(
                    try document.layout(parameters, cancellation: LayoutCancellation()))!.jsonBytes()
                outputTimes.append(Self.now() - outputStart)
                withExtendedLifetime(text) {}
            }
            json += ", \"read\": \(Self.summary(readTimes)), \"output\": \(Self.summary(outputTimes))"
        }
        if png { json += ", \"png\": \(try pngStages(bytes, overrides: overrides))" }
        json += "}\n"
        try IO.write(Array(json.utf8), to: nil)
    }

    /// `{"read": …, "layout": …, "images": …, "paint": …, "raster": …, "encode": …, "bytes": N}`: each stage of
    /// drawing the document as `render --format png` draws it, timed over ``iterations`` runs from its bytes.
    private func pngStages(_ bytes: [UInt8], overrides: SizeOverrides) throws(Failure) -> String {
        let stages = ["read", "layout", "images", "paint", "raster", "encode"]
        var times = Array(repeating: [UInt64](), count: stages.count)
        var fileSize = 0
        for _ in 0..<iterations {
            var clock = Self.now()
            func lap(_ stage: Int) {
                let time = Self.now()
                times[stage].append(time - clock)
                clock = time
            }
            let document = try readDocument(bytes: bytes, files: .relativeTo(documentFolder(file)))
            lap(0)
            let parameters = try overrides.parameters(for: document)
            let result = try reportingDocumentError(
                try document.layout(parameters, cancellation: LayoutCancellation()))!
            lap(1)
            try reportingDocumentError(try document.decodeImages())
            lap(2)
            let list = result.displayList
            lap(3)
            let image = PNGRenderer.draw([list], scale: result.scale, background: nil)
            lap(4)
            fileSize = image.png().count
            lap(5)
        }
        let parts = zip(stages, times).map { "\"\($0)\": \(Self.summary($1))" }
        return "{" + parts.joined(separator: ", ") + ", \"bytes\": \(fileSize)}"
    }

    /// The UTF-16 units of every text element of the document's tree (what per-character costs divide by).
    static func characters(in document: LayoutDocument) -> Int {
        var count = 0
        var pending: [LayoutElement] = [document.rootElement]
        while let element = pending.popLast() {
            if let text = element as? TextNode { count += text.runs.reduce(0) { $0 + $1.text.utf16.count } }
            if let spec = element as? LayoutSpec {
                pending.append(contentsOf: spec.children)
            } else {
                pending.append(contentsOf: element.sublayoutElements)
            }
        }
        return count
    }

    /// `{"min": ns, "median": ns}`; the median of an even count is the mean of the middle two.
    static func summary(_ times: [UInt64]) -> String {
        let sorted = times.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return "{\"min\": \(sorted[0]), \"median\": \(median)}"
    }

    /// A monotonic clock in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
