import Foundation
import Testing

/// `layout` with several files (cli.md): one NDJSON line per file in the order given, each the single-file output
/// with the file's name first, or the single-file error line; exit 2 if any was bad, else 1 if any could not be read.
@Suite struct BatchLayoutTests {
    static let examples = ["feed-cell.json", "photo-grid.json", "corner.json", "stack.json", "spec.json"].map(example)

    /// What a run on `file` alone prints on standard output (success) or standard error (failure), without its
    /// newline, and its status.
    func single(_ file: String, _ options: [String] = []) throws -> (text: String, status: Int32) {
        let result = try run(["layout", file] + options)
        return ((result.status == 0 ? result.text : result.error).trimmingSuffix("\n"), result.status)
    }

    /// The line a batch prints for `file` (named `name` in the batch), made from the single-file run.
    func expectedLine(_ file: String, _ options: [String] = [], name: String? = nil) throws -> String {
        let (text, status) = try single(file, options)
        let name = jsonString(name ?? file)
        return status == 0
            ? "{\"file\": \(name), " + text.dropFirst() : "{\"file\": \(name), \"error\": \(jsonString(text))}"
    }

    @Test(arguments: [1, 2, 3, 8])
    func linesAreTheSingleFileOutputsInOrder(jobs: Int) throws {
        // Large and small documents mixed, so workers finish out of order; a file may repeat.
        let files = Self.examples + [Self.examples[0]] + Self.examples.reversed()
        let result = try run(["layout"] + files + ["--jobs", String(jobs)])
        result.expectSuccess()
        #expect(
            result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                == (try files.map { try expectedLine($0) }) + [""])
    }

    /// Many small documents on more threads than cores: workers finish lines at once and hand the printing over
    /// without a lock, and every line is printed exactly once, in order.
    @Test func manyLinesFinishedAtOnceArePrintedOnceInOrder() throws {
        let lines = try Self.examples.map { try expectedLine($0) }
        let order = (0..<240).map { ($0 * 7) % Self.examples.count }
        let result = try run(["layout"] + order.map { Self.examples[$0] } + ["--jobs", "8"])
        result.expectSuccess()
        #expect(result.text == order.map { lines[$0] + "\n" }.joined())
    }

    /// The files in order wherever the options are: an option's value right before a run of files, options
    /// between runs, files after `--` (the tool hands long runs of files to the argument parser folded).
    @Test func filesAndOptionsInAnyOrder() throws {
        let files = Self.examples + Self.examples
        let arguments =
            ["layout", "--width", "200"] + files[0..<4] + ["--jobs", "2"] + files[4..<7] + ["--"]
            + files[7...]
        let result = try run(arguments)
        result.expectSuccess()
        #expect(result.text == (try files.map { try expectedLine($0, ["--width", "200"]) + "\n" }.joined()))
    }

    /// After `--` every argument is a file, those that start with `-` too (`-` is standard input); the runs between
    /// them are handed over folded as well, and a file repeated across runs keeps each of its places.
    @Test func filesAfterTheEndOfOptions() throws {
        let scratch = try Scratch()
        let dashed = try scratch.file("-dashed.json", #"{"root": {"type": "node", "name": "d", "size": [3, 4]}}"#)
        let document = try Data(contentsOf: URL(fileURLWithPath: Self.examples[1]))
        let before = Array(Self.examples[0..<3]), after = Array(Self.examples[2...]) + [Self.examples[0]]
        // Relative to the scratch folder, so that the dashed file's name starts with `-`.
        let result = try run(
            ["layout", "--jobs", "3", "--"] + before + ["-", "-dashed.json"] + after, input: document,
            workingDirectory: scratch.url)
        result.expectSuccess()
        #expect(
            result.text
                == (try before.map { try expectedLine($0) + "\n" }.joined())
                + (try expectedLine(Self.examples[1], name: "-")) + "\n"
                + (try expectedLine(dashed, name: "-dashed.json")) + "\n"
                + (try after.map { try expectedLine($0) + "\n" }.joined()))
    }

    /// With `TEXTURE_LAYOUT_THREAD_TIMES=FILE` a batch appends one line to FILE with every thread's processor time
    /// (README, Performance: "Every core") and prints what it prints without it.
    @Test(arguments: [1, 3])
    func threadTimesReport(jobs: Int) throws {
        let scratch = try Scratch()
        let report = scratch.path("threads.json")
        let files = Self.examples + Self.examples
        let plain = try run(["layout"] + files + ["--jobs", String(jobs)])
        let measured = try run(
            ["layout"] + files + ["--jobs", String(jobs)], environment: ["TEXTURE_LAYOUT_THREAD_TIMES": report])
        measured.expectSuccess()
        #expect(measured.output == plain.output)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        try #require(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["command"] as? String == "layout")
        #expect(object["documents"] as? Int == files.count)
        #expect(object["jobs"] as? Int == jobs)
        func cpu(_ sample: Any?) -> Double {
            let sample = sample as? [String: Any] ?? [:]
            return (sample["user"] as? Double ?? -1) + (sample["system"] as? Double ?? -1)
        }
        let main = try #require(object["main"] as? [String: Any])
        let workers = try #require(object["workers"] as? [[String: Any]])
        // The main thread is one of the `jobs` threads; each of the others reports its share.
        #expect(workers.count == jobs - 1)
        // Loading the program takes processor time before any document; the parts add up to the main thread's.
        #expect(cpu(main["before"]) > 0)
        #expect(abs(cpu(main["before"]) + cpu(main["work"]) + cpu(main["after"]) - cpu(main["total"])) < 1e-6)
        // The process's time is every thread's (microseconds, so within a microsecond per thread).
        let threads = cpu(main["total"]) + workers.map(cpu).reduce(0, +)
        #expect(cpu(object["process"]) >= threads - 1e-6 * Double(jobs))
        for worker in workers {
            let start = try #require(worker["start"] as? Double), end = try #require(worker["end"] as? Double)
            #expect(start <= end)
        }
        // A single document is no batch: nothing is reported.
        try run(["layout", Self.examples[0]], environment: ["TEXTURE_LAYOUT_THREAD_TIMES": report]).expectSuccess()
        #expect(try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").count == 1)
    }

    @Test func theDefaultIsTheMachinesCoresAndOptionsApplyToEveryFile() throws {
        let files = Array(Self.examples.prefix(3))
        let result = try run(["layout"] + files + ["--width", "200", "--scale", "3"])
        result.expectSuccess()
        #expect(
            result.text == (try files.map { try expectedLine($0, ["--width", "200", "--scale", "3"]) + "\n" }.joined()))
    }

    @Test func aBadFileGetsItsErrorLineAndTheOthersTheirLayouts() throws {
        let scratch = try Scratch()
        let bad = try scratch.file("bad.json", #"{"root": {"type": "node", "size": "big"}}"#)
        let empty = try scratch.file("empty.json", "")
        let tooNarrow = try scratch.file("range.json", #"{"sizeRange": {"min": [300, 0]}, "root": {"type": "node"}}"#)
        let files = [bad, Self.examples[0], empty, tooNarrow, Self.examples[1]]
        for jobs in ["1", "2"] {
            let result = try run(["layout"] + files + ["--jobs", jobs, "--max", "100,100"])
            #expect(result.status == 2)
            #expect(result.error.isEmpty)
            #expect(result.text == (try files.map { try expectedLine($0, ["--max", "100,100"]) + "\n" }.joined()))
        }
        // The lines, as the contract words them.
        let lines = try run(["layout", bad, empty, tooNarrow, "--max", "100,100"]).text.split(separator: "\n").map(
            String.init)
        #expect(
            lines == [
                #"{"file": "\#(bad)", "error": "root.size: expected an array of two values, got \"big\""}"#,
                #"{"file": "\#(empty)", "error": "document: invalid JSON at line 1, column 1: the input is empty"}"#,
                #"{"file": "\#(tooNarrow)", "error": "the size range's min 300,0 exceeds its max 100,100"}"#,
            ])
    }

    @Test func anUnreadableFileExitsOneUnlessAnotherIsBad() throws {
        let scratch = try Scratch()
        let missing = scratch.path("missing.json")
        let unreadable = try run(["layout", Self.examples[0], missing, "--jobs", "2"])
        #expect(unreadable.status == 1)
        #expect(unreadable.error.isEmpty)
        #expect(unreadable.text == (try [Self.examples[0], missing].map { try expectedLine($0) + "\n" }.joined()))
        #expect(
            unreadable.text.hasSuffix(
                #"{"file": "\#(missing)", "error": "\#(missing): cannot read: No such file or directory"}"# + "\n"))

        let bad = try scratch.file("bad.json", "[]")
        let both = try run(["layout", missing, bad, Self.examples[1]])
        #expect(both.status == 2)
        #expect(both.text.split(separator: "\n").count == 3)
    }

    @Test func standardInputAmongSeveralFiles() throws {
        let document = try Data(contentsOf: URL(fileURLWithPath: Self.examples[0]))
        let result = try run(["layout", Self.examples[1], "-", Self.examples[2], "--jobs", "2"], input: document)
        result.expectSuccess()
        #expect(
            result.text == (try expectedLine(Self.examples[1])) + "\n"
                + (try expectedLine(Self.examples[0], name: "-")) + "\n" + (try expectedLine(Self.examples[2])) + "\n")
    }

    @Test func jobsWithOneFileIsTheSingleFileOutput() throws {
        let result = try run(["layout", Self.examples[0], "--jobs", "4"])
        result.expectSuccess()
        #expect(result.text == (try LayoutCommandTests.feedCellOutput()))
    }

    @Test func usageErrorsStopBeforeAnyLine() throws {
        try run(["layout", Self.examples[0], Self.examples[1], "--jobs", "0"])
            .expectFailure(2, startingWith: "--jobs: must be at least 1")
        try run(["layout", Self.examples[0], Self.examples[1], "--width", "wide"])
            .expectFailure(2, startingWith: #"--width: expected a number, got "wide""#)
    }

    /// Worker threads lay out documents of any depth, as the single-file run does.
    @Test func deepDocumentsOnWorkerThreads() throws {
        let levels = 10_000
        let document =
            #"{"root": "# + String(repeating: #"{"type": "stack", "children": ["#, count: levels)
            + #"{"type": "node", "name": "leaf", "size": [10, 20]}"# + String(repeating: "]}", count: levels) + "}"
        let scratch = try Scratch()
        let files = try (0..<4).map { try scratch.file("deep\($0).json", document) }
        let result = try run(["layout"] + files + ["--jobs", "3"])
        result.expectSuccess()
        #expect(
            result.text
                == files.map {
                    "{\"file\": \(jsonString($0)), \"size\": [10, 20], \"frames\": {\"leaf\": [0, 0, 10, 20]}}\n"
                }.joined())
    }
}

/// A JSON string literal of `text` (as the tool quotes names).
func jsonString(_ text: String) -> String {
    String(
        decoding: try! JSONSerialization.data(
            withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]),
        as: UTF8.self)
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
