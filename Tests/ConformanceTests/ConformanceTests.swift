import Foundation
import LayoutDocument
import LayoutJSON
import Testing
import TextureLayout

/// Texture's own test expectations as data (`Cases/`, refreshed by `Scripts/refresh-conformance.sh`): one
/// parameterized test runs every case file found, so a new case needs no code.
@Suite struct ConformanceTests {
    static let casesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cases")

    /// Every case file, as a path relative to `Cases/` (e.g. `stack/…json`).
    static let caseNames: [String] = {
        let enumerator = FileManager.default.enumerator(atPath: casesDirectory.path)
        var names: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") { names.append(path) }
        }
        return names.sorted()
    }()

    /// Cases that fail because we differ from Texture on purpose: `known-divergences.md`, one `- case: reason`
    /// line each.
    static let knownDivergences: [String: String] = {
        let file = casesDirectory.deletingLastPathComponent().appendingPathComponent("known-divergences.md")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("- `") {
            let parts = line.dropFirst(3).split(separator: "`", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1].drop(while: { $0 == ":" || $0 == " " })) }
        }
        return result
    }()

    @Test func casesArePresent() {
        #expect(Self.caseNames.count >= 170)
    }

    @Test(arguments: caseNames)
    func conformance(_ name: String) throws {
        let failures = try Self.check(name)
        if let reason = Self.knownDivergences[name] {
            withKnownIssue(Comment(rawValue: reason)) {
                #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            }
        } else {
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        }
    }

    /// Lays the case's document out and lists every expectation it misses.
    static func check(_ name: String) throws -> [String] {
        let data = try Data(contentsOf: casesDirectory.appendingPathComponent(name))
        let tape = try JSONTape(bytes: Array(data))
        guard let documentValue = tape.root["document"] else { return ["the case has no document"] }
        let result = try LayoutDocument(jsonValue: documentValue).layout()
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let tolerance = json["tolerance"] as? Double ?? 0.001
        let expected = json["expected"] as? [String: Any] ?? [:]
        let frames = result.frames
        var failures: [String] = []

        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        func describe(_ r: Rect) -> String { "[\(r.minX), \(r.minY), \(r.width), \(r.height)]" }
        func rect(_ any: Any?) -> Rect? {
            guard let values = any as? [Double], values.count == 4 else { return nil }
            return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        func matches(_ actual: Rect, _ expected: Rect) -> Bool {
            close(actual.minX, expected.minX) && close(actual.minY, expected.minY)
                && close(actual.width, expected.width) && close(actual.height, expected.height)
        }

        if let size = expected["size"] as? [Double],
            !(close(result.size.width, size[0]) && close(result.size.height, size[1]))
        {
            failures.append("size: expected \(size), got [\(result.size.width), \(result.size.height)]")
        }
        for (frameName, value) in expected["frames"] as? [String: Any] ?? [:] {
            guard let want = rect(value) else { continue }
            guard let got = frames[frameName] else {
                failures.append("\(frameName): missing from the layout")
                continue
            }
            if !matches(got, want) { failures.append("\(frameName): expected \(describe(want)), got \(describe(got))") }
        }
        let root = Rect(origin: .zero, size: result.size)
        for check in json["visibleChecks"] as? [[String: Any]] ?? [] {
            switch check["kind"] as? String {
            case "clippedToRoot":
                let frameName = check["name"] as? String ?? ""
                guard let got = frames[frameName] else { failures.append("\(frameName): missing"); continue }
                let clipped = intersection(got, root)
                if let want = rect(check["rect"]) {
                    if clipped == nil || !matches(clipped!, want) {
                        failures.append(
                            "\(frameName) clipped: expected \(describe(want)), got \(clipped.map(describe) ?? "nothing")"
                        )
                    }
                } else if let clipped {
                    failures.append("\(frameName) clipped: expected nothing visible, got \(describe(clipped))")
                }
            case "union":
                let names = check["names"] as? [String] ?? []
                let rects = names.compactMap { frames[$0] }
                guard rects.count == names.count, let first = rects.first, let want = rect(check["rect"]) else {
                    failures.append("union of \(names): missing frames")
                    continue
                }
                let union = rects.dropFirst().reduce(first) { $0.union($1) }
                if !matches(union, want) {
                    failures.append("union \(names): expected \(describe(want)), got \(describe(union))")
                }
            case "edges":
                let frameName = check["name"] as? String ?? ""
                guard let got = frames[frameName] else { failures.append("\(frameName): missing"); continue }
                let edges: [(String, Double)] = [
                    ("left", got.minX), ("top", got.minY), ("right", got.maxX),
                    ("bottom", got.maxY),
                ]
                for (edge, value) in edges {
                    if let want = check[edge] as? Double, !close(value, want) {
                        failures.append("\(frameName).\(edge): expected \(want), got \(value)")
                    }
                }
            default:
                failures.append("unknown visible check \(check["kind"] ?? "nil")")
            }
        }
        return failures
    }

    /// The overlap of two rectangles, or nil when it is empty or has no area.
    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
