import Foundation
import LayoutDocument
import Testing

/// The fonts folder confines the font files a served document may name: nothing outside it can be reached.
@Suite struct FontFolderTests {
    /// A fonts folder with `a.ttf`, `sub/b.otf`, a link to `a.ttf` inside it and a link to a file outside it.
    final class Fixture {
        let root: URL
        let folder: FontFolder

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
            let fonts = root.appendingPathComponent("fonts")
            try FileManager.default.createDirectory(
                at: fonts.appendingPathComponent("sub"),
                withIntermediateDirectories: true)
            try Data("font".utf8).write(to: fonts.appendingPathComponent("a.ttf"))
            try Data("font".utf8).write(to: fonts.appendingPathComponent("sub/b.otf"))
            try Data("secret".utf8).write(to: root.appendingPathComponent("secret.ttf"))
            try FileManager.default.createSymbolicLink(
                atPath: fonts.appendingPathComponent("inside.ttf").path,
                withDestinationPath: "a.ttf")
            try FileManager.default.createSymbolicLink(
                atPath: fonts.appendingPathComponent("outside.ttf").path,
                withDestinationPath: "../secret.ttf")
            try FileManager.default.createSymbolicLink(
                atPath: fonts.appendingPathComponent("etc").path,
                withDestinationPath: "/etc")
            folder = try #require(FontFolder(path: fonts.path))
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        var canonicalFonts: String { folder.path }
    }

    @Test func filesInsideResolve() throws {
        let fixture = try Fixture()
        #expect(try fixture.folder.resolve("a.ttf") == fixture.canonicalFonts + "/a.ttf")
        #expect(try fixture.folder.resolve("sub/b.otf") == fixture.canonicalFonts + "/sub/b.otf")
        #expect(try fixture.folder.resolve("./sub//b.otf") == fixture.canonicalFonts + "/sub/b.otf")
        // A link that stays inside is followed.
        #expect(try fixture.folder.resolve("inside.ttf") == fixture.canonicalFonts + "/a.ttf")
    }

    @Test(arguments: [
        ("../../etc/passwd", "leaves the fonts folder"),
        ("sub/../../secret.ttf", "leaves the fonts folder"),
        ("..", "leaves the fonts folder"),
        ("/etc/passwd", "is an absolute path"),
        ("outside.ttf", "leads out of the fonts folder"),
        ("etc/passwd", "leads out of the fonts folder"),
        ("missing.ttf", "is not a file in the fonts folder"),
        ("sub", "is not a file in the fonts folder"),
        ("", "is empty"),
    ])
    func pathsOutsideAreRefused(path: String, reason: String) throws {
        let fixture = try Fixture()
        #expect {
            try fixture.folder.resolve(path)
        } throws: { error in
            (error as? FontFolder.Refusal)?.message.contains(reason) == true
        }
    }

    @Test func theFolderMustExist() {
        #expect(FontFolder(path: "/nonexistent-fonts-folder") == nil)
        #expect(FontFolder(path: "/etc/passwd") == nil)
    }
}
