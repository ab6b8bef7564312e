import Foundation
import Testing

/// The playground in headless Chromium (Selenium, `Scripts/playground-browser-test.py`): every example in the menu
/// opens with the frames of the `layout` command and, with outlines off, the paint of `render --format svg`; the
/// outlines toggle changes the picture; pointing at a text, an unpainted spec and a painted node of the feed cell
/// shows each one's frame; a broken document shows the command line's error line in the alert, the fixed one is
/// drawn, and the console stays free of errors. `Scripts/setup` installs Chromium, its driver and Selenium. The
/// screenshots go to `TEXTURE_LAYOUT_SCREENSHOT` (with outlines) and `playground-paint.png` beside it (without)
/// when it is set (the README's are `docs/playground.png` and `docs/playground-paint.png`).
@Suite struct ServeBrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/playground-browser-test.py")

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
            "needs Chromium's driver (Scripts/setup installs it)"))
    func playgroundInHeadlessChromium() throws {
        let server = try ServerProcess()
        let scratch = try Scratch()
        let screenshot =
            ProcessInfo.processInfo.environment["TEXTURE_LAYOUT_SCREENSHOT"]
            ?? scratch.path("playground.png")
        let paintScreenshot = URL(fileURLWithPath: screenshot).deletingLastPathComponent()
            .appendingPathComponent("playground-paint.png").path
        let (status, report) = try runPythonScript(
            Self.script,
            [
                "--url", "http://127.0.0.1:\(server.port)", "--tool", executable.path,
                "--examples", examplesDirectory.path, "--screenshot", screenshot,
                "--screenshot-paint", paintScreenshot,
            ])
        #expect(status == 0, "\(report)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
        #expect(FileManager.default.fileExists(atPath: paintScreenshot))
        #expect(server.stop() == 0)
    }
}
