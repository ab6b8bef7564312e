import Foundation
import Testing

/// The playground in headless Chromium (Selenium, `Scripts/playground-browser-test.py`): the SVG's `data-frame`s
/// equal the `layout` command's frames, a broken document shows the command line's error line in the alert, the
/// fixed one is drawn, and the console stays free of errors. `Scripts/setup` installs Chromium, its driver and
/// Selenium. The screenshot goes to `TEXTURE_LAYOUT_SCREENSHOT` when set (the README's is `docs/playground.png`).
@Suite struct ServeBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/playground-browser-test.py")

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
                   "needs Chromium's driver (Scripts/setup installs it)"))
    func playgroundInHeadlessChromium() throws {
        let server = try ServerProcess()
        let scratch = try Scratch()
        let screenshot = ProcessInfo.processInfo.environment["TEXTURE_LAYOUT_SCREENSHOT"]
            ?? scratch.path("playground.png")
        let (status, report) = try runPythonScript(
            Self.script, ["--url", "http://127.0.0.1:\(server.port)", "--tool", executable.path,
                          "--examples", examplesDirectory.path, "--screenshot", screenshot])
        #expect(status == 0, "\(report)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
        #expect(server.stop() == 0)
    }
}
