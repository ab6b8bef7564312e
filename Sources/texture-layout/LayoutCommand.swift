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
/// counter) and, behind a lock, the lines finished but not yet printed.
///
/// Printing is done by whichever worker finishes the next line to print: it takes every consecutive finished line
/// and writes them while the others keep laying out; a line finished meanwhile is left for it to pick up.
final class LayoutBatch: Sendable {
    let files: FileList
    let overrides: SizeOverrides
    /// `--max-input`.
    let maxInput: Int
    /// Standard input, read once before the workers start, for every `-` among the files.
    let standardInput: Result<[UInt8], Failure>?
    private let nextFile = Atomic<Int>(0)
    private let output: Mutex<Output>

    struct Output {
        /// Each file's line (with its newline) once finished, until printed.
        var lines: [[UInt8]?]
        /// How many lines are printed (or handed to a printing worker).
        var printed = 0
        /// Whether a worker is writing lines now.
        var isPrinting = false
        /// The exit status so far: the highest of the files'.
        var status: Int32 = 0
        /// Standard output could not be written: nothing more is printed.
        var writeFailure: Failure?
    }

    init(files: FileList, overrides: SizeOverrides, maxInput: Int, standardInput: Result<[UInt8], Failure>?) {
        self.files = files
        self.overrides = overrides
        self.maxInput = maxInput
        self.standardInput = standardInput
        output = Mutex(Output(lines: Array(repeating: nil, count: files.count)))
    }

    /// Lays out files until none is left.
    func work() {
        while true {
            let index = nextFile.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < files.count else { return }
            let (line, status) = self.line(for: files[index])
            finished(line, status: status, at: index)
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

    private func finished(_ line: [UInt8], status: Int32, at index: Int) {
        var ready = output.withLock { output in
            output.lines[index] = line
            output.status = max(output.status, status)
            return output.takeReadyLines()
        }
        while !ready.isEmpty {
            let failure: Failure?
            do throws(Failure) {
                try IO.write(ready, to: nil)
                failure = nil
            } catch {
                failure = error
            }
            ready = output.withLock { output in
                output.isPrinting = false
                if let failure { output.writeFailure = failure }
                return output.takeReadyLines()
            }
        }
    }

    /// Once every worker is done: the failure to report, if any.
    func finish() throws(Failure) {
        let (status, writeFailure) = output.withLock { ($0.status, $0.writeFailure) }
        if let writeFailure { throw Failure(lines: writeFailure.lines, status: max(status, writeFailure.status)) }
        if status != 0 { throw Failure(lines: [], status: status) }
    }
}

extension LayoutBatch.Output {
    /// The bytes of the finished lines next in order, marking this worker as the one printing them; empty when
    /// another worker prints or the next line is not finished.
    mutating func takeReadyLines() -> [UInt8] {
        guard !isPrinting else { return [] }
        var bytes: [UInt8] = []
        while printed < lines.count, let line = lines[printed] {
            if writeFailure == nil { bytes += line }
            lines[printed] = nil
            printed += 1
        }
        isPrinting = !bytes.isEmpty
        return bytes
    }
}
