import Foundation
import Testing

/// Keeps the catalogue of Texture's quirks and our departures (the engine's DocC article Errata.md) honest: every
/// name cited anywhere exists, every departure is listed in known-divergences.md, and every test an entry names as
/// pinning it exists.
@Suite struct ErrataCatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let errataPath = "Sources/TextureLayout/TextureLayout.docc/Errata.md"

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Text files under `folder` (relative to the repository) with one of `extensions`.
    static func files(under folder: String, extensions: Set<String>) -> [String] {
        let base = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(atPath: base.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if extensions.contains((path as NSString).pathExtension) { found.append(folder + "/" + path) }
        }
        return found
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// The entry names, and which of them are departures (the headings after "## Departures").
    static func entries() throws -> (all: [String], departures: [String]) {
        let text = try read(errataPath)
        let parts = text.components(separatedBy: "\n## Departures\n")
        #expect(parts.count == 2, "Errata.md has one \"## Departures\" section")
        let names = matches(of: "(?m)^### (\\w+)$", in: text)
        let departures = matches(of: "(?m)^### (\\w+)$", in: parts.last ?? "")
        return (names, departures)
    }

    @Test func everyCitedNameExists() throws {
        let names = Set(try Self.entries().all)
        var cited: [(String, String)] = []
        for file in Self.files(under: "Sources", extensions: ["swift", "md"])
            + Self.files(under: "Tests", extensions: ["swift", "md"]) + ["README.md"]
        {
            for name in Self.matches(of: "Errata#(\\w+)", in: try Self.read(file)) { cited.append((file, name)) }
        }
        #expect(cited.count > 20)
        for (file, name) in cited {
            #expect(names.contains(name), "\(file) cites the unknown catalogue entry \(name)")
        }
    }

    @Test func everyDepartureIsAKnownDivergence() throws {
        let departures = try Self.entries().departures
        #expect(departures.contains("reverseDirectionsAreReal"))
        let divergences = try Self.read("Tests/ConformanceTests/known-divergences.md")
        for name in departures {
            #expect(divergences.contains("**\(name)**"), "known-divergences.md does not list \(name)")
        }
    }

    @Test func everyPinningTestExists() throws {
        let text = try Self.read(Self.errataPath)
        let sources = Self.files(under: "Tests", extensions: ["swift"]).map { try? Self.read($0) }.compactMap { $0 }
        var count = 0
        for line in text.components(separatedBy: "\n- **Pinned by:**").dropFirst() {
            let entry = line.components(separatedBy: "\n\n").first ?? ""
            for reference in Self.matches(of: "`(\\w+\\.\\w+)`", in: entry) {
                let parts = reference.split(separator: ".")
                let suite = "struct \(parts[0])", test = "func \(parts[1])("
                count += 1
                #expect(
                    sources.contains { $0.contains(suite) && $0.contains(test) },
                    "Errata.md names \(reference), which is not a test")
            }
        }
        #expect(count > 30)
    }
}
