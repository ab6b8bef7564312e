import ArgumentParser
import LayoutDocument
import LayoutJSON
import LayoutTool
import Synchronization
import TextureLayout

/// `layout [FILE...] [--jobs N]`: one document prints its layout; several print one NDJSON line each, in the order
/// given, laid out on worker threads.
struct LayoutCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lays documents out and prints {\"size\": [w, h], \"frames\": {name: [x, y, w, h]}}.",
        discussion: """
            With several files, prints one line per file in the order given, each as soon as it and every file \
            before it are done: {"file": NAME, "size": ..., "frames": ...}, or {"file": NAME, "error": LINE} with \
            the line a run on that file alone prints on standard error. Exits 2 if any file was bad, else 1 if \
            any could not be read, after printing every line.
            """
    )

    @Argument(help: ArgumentHelp("The layout documents; - or none: standard input.", valueName: "file"))
    var files: [String] = []

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How many worker threads lay documents out (default: the machine's cores).",
            valueName: "n"))
    var jobs: Int?

    @OptionGroup var size: SizeOptions

    @OptionGroup var input: InputOptions

    @OptionGroup var timeout: TimeoutOption

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs: must be at least 1, got \(jobs)") }
    }

    func execute() throws(Failure) {
        let files = FileRuns.unfolded(self.files)
        timeout.start()
        guard files.count > 1 else {
            let file = files.first ?? "-"
            let request = LayoutRequest(.layout, overrides: try size.parsed(), optionPrefix: "--")
            let result = try answer(request, forFile: file, maxInput: input.maxInput)
            Watchdog.finish()
            try IO.write(result.bytes + [UInt8(ascii: "\n")], to: nil)
            keepUntilExit(result.document)
            return
        }
        let maxInput = input.maxInput
        let batch = LayoutBatch(
            files: files, overrides: try size.parsed(), maxInput: maxInput,
            standardInput: files.containsStandardInput
                ? Result { () throws(Failure) in
                    try readDocumentBytes("-", maxInput: maxInput)
                } : nil)
        let threads = min(jobs ?? processorCount(), files.count)
        ThreadTimes.batch(command: "layout", documents: files.count, jobs: threads)
        keepFreedMemoryForTheBatch()
        onThreads(threads) { batch.work() }
        Watchdog.finish()
        keepUntilExit(batch)
        try batch.finish()
    }
}

/// Several documents laid out by worker threads that share only this object: the next file to take (an atomic
/// counter) and the output, which puts the lines in order and prints them without a lock
/// (``OrderedOutput``): whichever worker finishes the next line to print writes it and every finished line after
/// it while the others keep laying out.
final class LayoutBatch: Sendable {
    let files: FileList
    let overrides: SizeOverrides
    /// `--max-input`.
    let maxInput: Int
    /// Standard input, read once before the workers start, for every `-` among the files.
    let standardInput: Result<[UInt8], Failure>?
    private let nextFile = Atomic<Int>(0)
    private let output: OrderedOutput

    init(files: FileList, overrides: SizeOverrides, maxInput: Int, standardInput: Result<[UInt8], Failure>?) {
        self.files = files
        self.overrides = overrides
        self.maxInput = maxInput
        self.standardInput = standardInput
        output = OrderedOutput(count: files.count)
    }

    /// Lays out files until none is left.
    func work() {
        while true {
            let index = nextFile.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < files.count else { return }
            let (line, status) = self.line(for: files[index])
            output.finish(line, status: status, at: index)
        }
    }

    /// The NDJSON line of one file and its exit status.
    func line(for file: String) -> (line: [UInt8], status: Int32) {
        var line = JSONOutput()
        line.append("{\"file\": ")
        line.append(string: file)
        line.append(", ")
        do throws(Failure) {
            let bytes = file == "-" ? try standardInput!.get() : try readDocumentBytes(file, maxInput: maxInput)
            let request = LayoutRequest(.layout, overrides: overrides, optionPrefix: "--")
            let result = try request.answer(bytes, files: .relativeTo(documentFolder(file)))!
            // The single-file object with the file's name as its first member.
            line.bytes += result.bytes.dropFirst()
            line.append("\n")
            return (line.bytes, 0)
        } catch {
            line.append("\"error\": ")
            line.append(string: error.lines.joined(separator: " "))
            line.append("}\n")
            return (line.bytes, error.status)
        }
    }

    /// Once every worker is done: the failure to report, if any.
    func finish() throws(Failure) {
        try output.result()
    }
}
