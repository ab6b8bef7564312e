import Foundation
import Testing

/// `render`'s pictures against references we did not write, through `Scripts/paint-reference-test.py` (its doc
/// comment has the HTML/CSS mapping and the comparison): generated documents with every paint key drawn by headless
/// Chromium as HTML/CSS at the `layout` command's frames, and documents with texts too drawn by resvg from our SVG,
/// each against our PNG; at most 0.5% of the pixels off by more than 40 in a channel and a mean difference of at
/// most 1.5 per document. Before comparing anything of ours, the script checks its mapping against colours computed
/// from the contract (gradients, a shadow's Gaussian, group opacity, a border, rounded and masked corners, clips) and
/// Chromium against itself. `Scripts/setup` installs Chromium, its driver, Selenium and resvg-py; a test is skipped
/// only where they are absent. Image elements are compared too: every kind of PNG and JPEG the test images come in,
/// every content mode, imageScale and rounded clips, against Chromium's `<img>`.
@Suite struct PaintReferenceTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/paint-reference-test.py")

    /// Whether `python3` can import resvg-py.
    static let hasResvg: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import resvg_py"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs the script with `arguments` and expects it to pass; its report (one line per picture) is the message.
    func runScript(_ arguments: [String]) throws {
        let (status, report) = try runPythonScript(Self.script, ["--tool", executable.path] + arguments)
        #expect(status == 0, "\(report)")
        #expect(report.contains(" pictures: pixels off by more than 40: max "), "\(report)")
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
            "needs Chromium's driver (Scripts/setup installs it)"))
    func paintAgainstChromium() throws {
        try runScript(["--self-check", "--chromium", "--count", "24"])
    }

    /// Image elements of every kind of PNG and JPEG in every content mode, with imageScale and rounded clips.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
            "needs Chromium's driver (Scripts/setup installs it)"))
    func imagesAgainstChromium() throws {
        try runScript(["--images"])
    }

    @Test(.enabled(if: hasResvg, "needs resvg-py (Scripts/setup installs it)"))
    func pngAgainstSVGDrawnByResvg() throws {
        try runScript(["--resvg", "--count", "16"])
    }
}
