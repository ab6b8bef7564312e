import Foundation
import Testing

/// The built `texture-layout` executable: next to the test bundle (both are in the build's products folder), or
/// `TEXTURE_LAYOUT_EXECUTABLE`.
let executable: URL = {
    if let path = ProcessInfo.processInfo.environment["TEXTURE_LAYOUT_EXECUTABLE"] {
        return URL(fileURLWithPath: path)
    }
    let bundle =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: bundle).deletingLastPathComponent()
    // On Darwin the test bundle's binary is inside `….xctest/Contents/MacOS/`.
    while folder.pathComponents.count > 1 && folder.path.contains(".xctest") {
        folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("texture-layout")
}()

/// The repository's `Examples/` folder.
let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

func example(_ name: String) -> String { examplesDirectory.appendingPathComponent(name).path }

/// What a run of the tool did.
struct Run {
    var status: Int32
    var output: Data
    var error: String

    var text: String { String(decoding: output, as: UTF8.self) }
    var errorLines: [String] { error.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// A failure as the contract wants it: nothing on standard output, exactly one line on standard error.
    func expectFailure(
        _ status: Int32, startingWith prefix: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.status == status, "exit status; stderr: \(error)", sourceLocation: sourceLocation)
        #expect(output.isEmpty, "standard output: \(text)", sourceLocation: sourceLocation)
        #expect(error.hasSuffix("\n") && errorLines.count == 2, "one line: \(error)", sourceLocation: sourceLocation)
        #expect(error.hasPrefix(prefix), "\(error) should start with \(prefix)", sourceLocation: sourceLocation)
    }

    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "exit status; stderr: \(error)", sourceLocation: sourceLocation)
        #expect(error.isEmpty, "standard error: \(error)", sourceLocation: sourceLocation)
    }
}

/// Runs `python3 SCRIPT ARGUMENTS…` (the reference tools the tests drive: Chromium through Selenium, resvg) and
/// returns its exit status and everything it printed, standard output and error together, which is the report a
/// failing test shows.
func runPythonScript(_ script: URL, _ arguments: [String]) throws -> (status: Int32, report: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, report)
}

/// A folder for one test's files, removed at the end of the test.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("texture-layout-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` to a file in the folder and returns its path.
    func file(_ name: String, _ contents: String) throws -> String {
        try file(name, Data(contents.utf8))
    }

    func file(_ name: String, _ contents: Data) throws -> String {
        let path = url.appendingPathComponent(name).path
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Runs the tool with `arguments`, feeding `input` on standard input, with `environment` added to the tests' own, in
/// `workingDirectory` (the tests' own when `nil`).
func run(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:], workingDirectory: URL? = nil
) throws -> Run {
    let scratch = try Scratch()
    let inputPath = try scratch.file("stdin", input)
    let outputPath = scratch.path("stdout"), errorPath = scratch.path("stderr")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = workingDirectory
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = FileHandle(forReadingAtPath: inputPath)
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "the tool crashed: \(arguments)")
    return Run(
        status: process.terminationStatus,
        output: try Data(contentsOf: URL(fileURLWithPath: outputPath)),
        error: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorPath)), as: UTF8.self))
}

/// Runs the tool on a document given as text.
func run(_ arguments: [String], document: String) throws -> Run {
    let scratch = try Scratch()
    let path = try scratch.file("document.json", document)
    return try run(arguments.map { $0 == "DOC" ? path : $0 })
}
