import ArgumentParser
import LayoutDocument
import LayoutJSON
import LayoutRendering
import LayoutTool
import TextureLayout
import TextureLayoutPaint

/// `texture-layout`: the command-line shell over the library (the README's section on the command-line tool).
struct TextureLayoutTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "texture-layout",
        abstract: "Lays out Texture layout documents (JSON), checks them, draws them and times them.",
        discussion: """
            Exit statuses: 0 success; 1 a file that cannot be read or written; 2 a document error or a \
            command-line usage error (one line on standard error, starting with the JSON path of the problem); \
            3 the command ran past its --timeout.
            """,
        version: toolVersion,
        subcommands: [
            LayoutCommand.self, ValidateCommand.self, RenderCommand.self, BenchCommand.self,
            ServeCommand.self,
        ]
    )
}

/// A subcommand: `execute` does the work and reports failures as a ``Failure`` (`run` forwards to it).
protocol ToolCommand: ParsableCommand {
    func execute() throws(Failure)
}

extension ToolCommand {
    func run() throws {
        try execute()
    }
}

/// The options that override the document's size range, scale and layout direction.
struct SizeOptions: ParsableArguments {
    // Numeric options take the next argument whatever it looks like (`.unconditional`), so that `--width -5` is
    // refused as a negative width rather than as a missing value.
    @Option(
        name: .customLong("width"), parsing: .unconditional,
        help: ArgumentHelp("Lays out at exactly this width (min = max).", valueName: "W"))
    var width: String?

    @Option(
        name: .customLong("height"), parsing: .unconditional,
        help: ArgumentHelp("Lays out at exactly this height (min = max).", valueName: "H"))
    var height: String?

    @Option(
        name: .customLong("min"), parsing: .unconditional,
        help: ArgumentHelp("The size range's min, e.g. 0,0.", valueName: "W,H"))
    var minimum: String?

    @Option(
        name: .customLong("max"), parsing: .unconditional,
        help: ArgumentHelp("The size range's max, e.g. 320,inf.", valueName: "W,H"))
    var maximum: String?

    @Option(
        name: .customLong("scale"), parsing: .unconditional,
        help: ArgumentHelp("Pixels per point (> 0, at most 1000).", valueName: "S"))
    var scale: String?

    @Option(
        name: .customLong("direction"),
        help: ArgumentHelp(
            "The layout direction: ltr or rtl (overrides the document's layoutDirection).", valueName: "ltr|rtl"))
    var direction: String?

    /// The options read as numbers, so that a bad option is a usage error before any document is read and each
    /// document of a batch applies the same values.
    func parsed() throws(Failure) -> SizeOverrides {
        try SizeOverrides.parse(
            width: width, height: height, minimum: minimum, maximum: maximum, scale: scale,
            direction: direction, optionPrefix: "--")
    }

    static func quoted(_ text: String) -> String { jsonString(text) }
}

/// The answer to `request` for the document in `path` (`-`: standard input), whose font and image files are found
/// next to it. Nothing cancels the command line's requests (its watchdog ends the whole process), so there is one.
func answer(_ request: LayoutRequest, forFile path: String, maxInput: Int) throws(Failure) -> LayoutRequest.Answer {
    try request.answer(readDocumentBytes(path, maxInput: maxInput), files: .relativeTo(documentFolder(path)))!
}

/// The bytes of a document of at most `maxInput` bytes, its beginning checked as soon as it is read
/// (``LayoutDocument/checkBeginning(_:)``), so that a document wrong from its start is refused unread.
func readDocumentBytes(_ path: String, maxInput: Int) throws(Failure) -> [UInt8] {
    try IO.read(path, limit: maxInput) { beginning throws(Failure) in
        try reportingDocumentError(try LayoutDocument.checkBeginning(beginning))
    }
}

/// The folder a document's font and image files are relative to: its file's folder, or the working folder (`nil`) for
/// standard input (`-`).
func documentFolder(_ path: String) -> String? {
    guard path != "-" else { return nil }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

struct ValidateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Checks documents without laying them out; prints one line per bad file."
    )

    @Argument(help: ArgumentHelp("The layout documents (- is standard input).", valueName: "file"))
    var files: [String] = []

    @OptionGroup var input: InputOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("Missing expected argument '<file> ...'") }
    }

    func execute() throws(Failure) {
        let files = FileRuns.unfolded(self.files)
        var lines: [String] = []
        var status: Int32 = 0
        for (position, file) in files.enumerated() {
            do {
                let answer = try answer(
                    LayoutRequest(.check, optionPrefix: "--"), forFile: file, maxInput: input.maxInput)
                // The last document is left to the exit, which takes its memory back at once: freeing the elements
                // one by one took a tenth of validating the feed ×10. The others are freed, so that many documents
                // never take more memory than the largest.
                if position == files.count - 1 { keepUntilExit(answer.document) }
            } catch {
                // With several files each line starts with the file's name (an input/output failure's line
                // already does).
                let prefix = files.count > 1 && error.status != Failure.ioStatus
                lines += error.lines.map { prefix ? "\(IO.displayName(file)): \($0)" : $0 }
                status = max(status, error.status)
            }
        }
        if status != 0 { throw Failure(lines: lines, status: status) }
    }
}

struct RenderCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Draws the document's paint as SVG, PNG or PDF (with --debug, its outlines and names over it), or its "
            + "outlines as ASCII."
    )

    @Argument(
        help: ArgumentHelp(
            "The layout documents; - is standard input (one document only).",
            valueName: "file"))
    var files: [String]

    @Option(
        help: ArgumentHelp(
            "svg, png, pdf or ascii (default: from the output file's extension .svg, .png, .pdf or .txt; svg on standard "
                + "output).",
            valueName: "format"))
    var format: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Writes the picture to this file instead of standard output; with several documents, the folder (made if "
                + "missing) that gets one picture per document, named after it.",
            valueName: "out"))
    var output: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With several documents: how many worker threads draw them (default: the machine's "
                + "cores).", valueName: "n"))
    var jobs: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "ascii: the most characters per line (default 100).",
            valueName: "n"))
    var columns: Int?

    @Option(
        help: ArgumentHelp(
            "With --debug: which names to write: none, nodes (display and text nodes) or all (also layout specs; the "
                + "default). ASCII always writes them.",
            valueName: "which"))
    var labels: String?

    @Option(
        help: ArgumentHelp(
            "A CSS colour the canvas is filled with first (default: transparent).",
            valueName: "color"))
    var background: String?

    @Flag(help: "Draws the outline of every element and its name over the paint (hidden elements dashed).")
    var debug = false

    @OptionGroup var size: SizeOptions

    @OptionGroup var input: InputOptions

    @OptionGroup var timeout: TimeoutOption

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs: must be at least 1, got \(jobs)") }
    }

    func pictureFormat(batch: Bool) throws(Failure) -> PictureFormat {
        if let format { return try PictureFormat(option: format, named: "--format") }
        guard let output, !batch else { return .svg }
        // Only a dot in the file's own name starts an extension (`dir.d/picture` has none).
        let name = output.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        let fileExtension = name.dropFirst().contains(".") ? name.split(separator: ".").last.map(String.init) : nil
        guard let fileExtension, let value = Self.formatsByExtension[fileExtension.lowercased()] else {
            // Writing SVG into `picture.jpg` would surprise whoever opens it: say what to do instead.
            let shown = fileExtension.map { "\".\($0)\"" } ?? "no extension"
            throw .usage(
                "-o: cannot tell the picture format from \(shown) (\(SizeOptions.quoted(output))): "
                    + "use .svg, .png, .pdf or .txt, or give --format svg|png|pdf|ascii")
        }
        return value
    }

    /// The file extensions `render` knows without `--format`.
    static let formatsByExtension = Dictionary(
        uniqueKeysWithValues: PictureFormat.allCases.map { ($0.fileExtension, $0) })

    func execute() throws(Failure) {
        let files = FileRuns.unfolded(self.files)
        let format = try pictureFormat(batch: files.count > 1)
        if let columns, columns < 2 { throw .usage("--columns: must be at least 2, got \(columns)") }
        let labelMode =
            try labels.map { (text: String) throws(Failure) -> LabelMode in
                guard let mode = LabelMode(rawValue: text) else {
                    throw .usage("--labels: expected none, nodes or all, got \(SizeOptions.quoted(text))")
                }
                return mode
            } ?? .default
        let canvas = try background.map { (text: String) throws(Failure) -> RGBA in
            guard let color = RGBA(css: text) else {
                throw .usage("--background: expected a CSS colour, got \(SizeOptions.quoted(text))")
            }
            return color
        }
        var options = PictureFormat.Options()
        if let columns { options.maxColumns = columns }
        options.labels = labelMode
        options.background = canvas
        options.debug = debug
        timeout.start()
        guard files.count > 1 else {
            let request = LayoutRequest(.picture(format, options), overrides: try size.parsed(), optionPrefix: "--")
            let picture = try answer(request, forFile: files[0], maxInput: input.maxInput)
            Watchdog.finish()
            try IO.write(picture.bytes, to: output)
            return
        }
        let batch = try RenderBatch(
            files: files, folder: output, format: format, options: options,
            overrides: size.parsed(), maxInput: input.maxInput)
        let threads = min(jobs ?? processorCount(), files.count)
        ThreadTimes.batch(command: "render", documents: files.count, jobs: threads)
        keepFreedMemoryForTheBatch()
        onThreads(threads) { batch.work() }
        Watchdog.finish()
        keepUntilExit(batch)
        try batch.finish()
    }
}
