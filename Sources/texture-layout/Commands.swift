import ArgumentParser
import LayoutDocument
import LayoutRendering
import TextureLayout

/// `texture-layout`: the command-line shell over the library (contract: `cli.md`).
struct TextureLayoutTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "texture-layout",
        abstract: "Lays out Texture layout documents (JSON), checks them, draws them and times them.",
        discussion: """
            Exit statuses: 0 success; 1 a file that cannot be read or written; 2 a document error or a \
            command-line usage error (one line on standard error, starting with the JSON path of the problem).
            """,
        version: toolVersion,
        subcommands: [LayoutCommand.self, ValidateCommand.self, RenderCommand.self, BenchCommand.self]
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
    @Option(name: .customLong("width"), help: ArgumentHelp("Lays out at exactly this width (min = max).",
                                                          valueName: "W"))
    var width: String?

    @Option(name: .customLong("height"), help: ArgumentHelp("Lays out at exactly this height (min = max).",
                                                           valueName: "H"))
    var height: String?

    @Option(name: .customLong("min"), help: ArgumentHelp("The size range's min, e.g. 0,0.", valueName: "W,H"))
    var minimum: String?

    @Option(name: .customLong("max"), help: ArgumentHelp("The size range's max, e.g. 320,inf.", valueName: "W,H"))
    var maximum: String?

    @Option(name: .customLong("scale"), help: ArgumentHelp("Pixels per point (> 0, at most 1000).", valueName: "S"))
    var scale: String?

    @Option(name: .customLong("direction"), help: ArgumentHelp(
        "The layout direction: ltr or rtl (overrides the document's layoutDirection).", valueName: "ltr|rtl"))
    var direction: String?

    /// Applies the overrides: `--min` and `--max` first, then `--width` and `--height`.
    func apply(to document: inout LayoutDocument) throws(Failure) {
        try parsed().apply(to: &document)
    }

    /// The options read as numbers, so that a bad option is a usage error before any document is read and each
    /// document of a batch applies the same values.
    func parsed() throws(Failure) -> SizeOverrides {
        var overrides = SizeOverrides()
        if let minimum { overrides.minimum = try Self.size(minimum, option: "--min") }
        if let maximum { overrides.maximum = try Self.size(maximum, option: "--max") }
        if let width { overrides.width = try Self.length(width, option: "--width", allowsInfinity: false) }
        if let height { overrides.height = try Self.length(height, option: "--height", allowsInfinity: false) }
        if let scale {
            let value = try Self.length(scale, option: "--scale", allowsInfinity: false)
            guard value > 0, LayoutDocument.validScales.contains(value) else {
                throw .usage("--scale: the scale must be greater than 0 and at most "
                             + "\(format(LayoutDocument.validScales.upperBound)), got \(scale)")
            }
            overrides.scale = value
        }
        switch direction {
        case nil: break
        case "ltr": overrides.direction = .leftToRight
        case "rtl": overrides.direction = .rightToLeft
        case let other?: throw .usage("--direction: expected ltr or rtl, got \(Self.quoted(other))")
        }
        return overrides
    }

    /// A finite number of points ≥ 0, or `inf` where allowed.
    static func length(_ text: String, option: String, allowsInfinity: Bool) throws(Failure) -> Double {
        if text == "inf" {
            guard allowsInfinity else { throw .usage("\(option): expected a finite number, got inf") }
            return .infinity
        }
        guard let value = Double(text), value.isFinite else {
            throw .usage("\(option): expected a number\(allowsInfinity ? " or inf" : ""), got \(quoted(text))")
        }
        guard value >= 0 else { throw .usage("\(option): must not be negative, got \(text)") }
        return value
    }

    /// `W,H`.
    static func size(_ text: String, option: String) throws(Failure) -> Size {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .usage("\(option): expected W,H, got \(quoted(text))") }
        return Size(try length(parts[0].trimmingSpaces(), option: option, allowsInfinity: true),
                    try length(parts[1].trimmingSpaces(), option: option, allowsInfinity: true))
    }

    static func quoted(_ text: String) -> String { jsonString(text) }
}

/// The size, scale and direction options as values (`nil`: not given).
struct SizeOverrides: Sendable {
    var minimum: Size?
    var maximum: Size?
    var width: Double?
    var height: Double?
    var scale: Double?
    var direction: LayoutDirection?

    /// Overrides the document's range (`--min` and `--max` first, then `--width` and `--height`), scale and layout
    /// direction; a range whose min exceeds its max is a usage error.
    func apply(to document: inout LayoutDocument) throws(Failure) {
        var range = document.sizeRange
        if let minimum { range.min = minimum }
        if let maximum { range.max = maximum }
        if let width {
            range.min.width = width
            range.max.width = width
        }
        if let height {
            range.min.height = height
            range.max.height = height
        }
        if range.min.width > range.max.width || range.min.height > range.max.height {
            throw .usage("the size range's min \(format(range.min.width)),\(format(range.min.height)) exceeds its "
                         + "max \(format(range.max.width)),\(format(range.max.height))")
        }
        document.sizeRange = range
        if let scale { document.scale = scale }
        if let direction { document.layoutDirection = direction }
    }
}

/// The value of a library call that can reject the document (reading it, laying it out), with its
/// ``DocumentError`` reported as a ``Failure``: every command words document errors the same way.
@discardableResult
func reportingDocumentError<T>(_ body: @autoclosure () throws(DocumentError) -> T) throws(Failure) -> T {
    do {
        return try body()
    } catch {
        throw .document(error.description)
    }
}

/// Reads and checks a document.
func readDocument(_ path: String) throws(Failure) -> LayoutDocument {
    let bytes = try IO.read(path)
    return try reportingDocumentError(try LayoutDocument(bytes: bytes, baseFolder: documentFolder(path)))
}

/// The folder a document's font files are relative to: its file's folder, or the working folder (`nil`) for
/// standard input (`-`).
func documentFolder(_ path: String) -> String? {
    guard path != "-" else { return nil }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Lays a document out; what Texture would assert on is a document error.
func layOut(_ document: LayoutDocument) throws(Failure) -> DocumentLayout {
    try reportingDocumentError(try document.layout())
}

struct ValidateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Checks documents without laying them out; prints one line per bad file."
    )

    @Argument(help: ArgumentHelp("The layout documents (- is standard input).", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("Missing expected argument '<file> ...'") }
    }

    func execute() throws(Failure) {
        var lines: [String] = []
        var status: Int32 = 0
        for file in files {
            do {
                _ = try readDocument(file)
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
        abstract: "Draws the computed layout as SVG, PNG or ASCII boxes."
    )

    @Argument(help: ArgumentHelp("The layout document; - is standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp(
        "svg, png or ascii (default: from the output file's extension .svg, .png or .txt; svg on standard output).",
        valueName: "format"))
    var format: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Writes the picture to this file instead of standard output.",
                                                    valueName: "out"))
    var output: String?

    @Option(help: ArgumentHelp("ascii: the most characters per line (default 100).", valueName: "n"))
    var columns: Int?

    @Option(help: ArgumentHelp(
        "Which names to write: none, nodes (display and text nodes) or all (also layout specs; the default).",
        valueName: "which"))
    var labels: String?

    @OptionGroup var size: SizeOptions

    func pictureFormat() throws(Failure) -> PictureFormat {
        if let format {
            guard let value = PictureFormat(rawValue: format) else {
                throw .usage("--format: expected svg, png or ascii, got \(SizeOptions.quoted(format))")
            }
            return value
        }
        guard let output else { return .svg }
        // Only a dot in the file's own name starts an extension (`dir.d/picture` has none).
        let name = output.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        let fileExtension = name.dropFirst().contains(".") ? name.split(separator: ".").last.map(String.init) : nil
        guard let fileExtension, let value = Self.formatsByExtension[fileExtension.lowercased()] else {
            // Writing SVG into `picture.jpg` would surprise whoever opens it: say what to do instead.
            let shown = fileExtension.map { "\".\($0)\"" } ?? "no extension"
            throw .usage("-o: cannot tell the picture format from \(shown) (\(SizeOptions.quoted(output))): "
                         + "use .svg, .png or .txt, or give --format svg|png|ascii")
        }
        return value
    }

    /// The file extensions `render` knows without `--format`.
    static let formatsByExtension: [String: PictureFormat] = ["svg": .svg, "png": .png, "txt": .ascii]

    func execute() throws(Failure) {
        let format = try pictureFormat()
        if let columns, columns < 2 { throw .usage("--columns: must be at least 2, got \(columns)") }
        let labelMode = try labels.map { (text: String) throws(Failure) -> LabelMode in
            guard let mode = LabelMode(rawValue: text) else {
                throw .usage("--labels: expected none, nodes or all, got \(SizeOptions.quoted(text))")
            }
            return mode
        } ?? .default
        var document = try readDocument(file)
        try size.apply(to: &document)
        let result = try layOut(document)
        var options = PictureFormat.Options()
        if let columns { options.maxColumns = columns }
        options.labels = labelMode
        try IO.write(format.render(result, options: options), to: output)
    }
}
