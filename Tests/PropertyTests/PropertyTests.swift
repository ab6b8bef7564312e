import Foundation
import LayoutDocument
import LayoutJSON
import TestSupport
import Testing
import TextureLayout

/// Settings from the environment:
/// - `PROPERTY_TREES`: how many random documents `randomDocuments` checks (default 400, split over four chunks);
///   e.g. `PROPERTY_TREES=100000` for the long run.
/// - `PROPERTY_SEED`: the base seed (default fixed, so the normal suite is reproducible). Document `i` of a run
///   uses seed `base + i`, so one failing document can be written again alone.
/// - `PROPERTY_CORPUS_DIR`: where `writeFuzzSeeds` writes documents for the fuzzer (it does nothing otherwise).
/// - `PROPERTY_LONG=1` (implied by `PROPERTY_TREES` above 400): also the slow big-document variants (10,000 levels
///   of each container type on its own, every stack enum combination with five children each).
enum PropertySettings {
    static let environment = ProcessInfo.processInfo.environment
    static let trees = environment["PROPERTY_TREES"].flatMap(Int.init) ?? 400
    static let long = environment["PROPERTY_LONG"] != nil || trees > 400
    static let seed = environment["PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x7E47_0E1A_4007
    static let corpusDirectory = environment["PROPERTY_CORPUS_DIR"]
    static let chunks = 4

    /// The repository's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let regressionCases = root.appendingPathComponent("Tests/RegressionCases")
}

/// Writes a failing document where a developer can find it, and says where.
func keepFailingDocument(_ text: String, name: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texture-layout-property-failures")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    try? text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
}

@Suite struct PropertyTests {
    /// Random valid documents of every element type and style key, each checked against every invariant of
    /// `Invariants.swift`, with two changes each for the cached-versus-fresh check.
    @Test(arguments: 0..<PropertySettings.chunks)
    func randomDocuments(chunk: Int) {
        let count = PropertySettings.trees
        let range = (count * chunk / PropertySettings.chunks)..<(count * (chunk + 1) / PropertySettings.chunks)
        var findings = Findings()
        var failing = 0
        let start = ContinuousClock.now
        for index in range {
            let seed = PropertySettings.seed &+ UInt64(index)
            var generator = DocumentGenerator(seed: seed)
            let text = generator.document()
            var rng = SplitMix64(seed: seed ^ 0x5EED)
            let result = Invariants.check(
                Array(text.utf8), label: "document \(index) (seed \(seed))",
                mutations: 2, rng: &rng)
            if result.rejected > 0 {
                let path = keepFailingDocument(text, name: "rejected-\(seed).json")
                Issue.record("the generator wrote a document the reader rejects (seed \(seed)): \(path)")
            }
            if !result.failures.isEmpty {
                failing += 1
                let path = keepFailingDocument(text, name: "failing-\(seed).json")
                // A long run reports every failing document's file but details only the first few.
                if failing <= 10 {
                    Issue.record("\(result.failures.prefix(3).joined(separator: "\n"))\ndocument: \(path)")
                } else {
                    Issue.record("document \(index) fails too: \(path)")
                }
            }
            findings.merge(result)
        }
        let elapsed = ContinuousClock.now - start
        print(
            "PropertyTests.randomDocuments chunk \(chunk): \(range.count) documents (base seed "
                + "\(PropertySettings.seed)) in \(elapsed): \(failing) failing, \(findings.clean) clean, "
                + "\(findings.withIssues) with Texture-assert issues, \(findings.mutations) changes; child ranges checked: "
                + findings.rangeChecks.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                    separator: ", "))
        // The range checks need documents that lay out without issues: at least half of them should.
        #expect(findings.clean * 2 >= range.count)
        for kind in ["absolute", "inset", "center", "relative", "stack"] {
            #expect(findings.rangeChecks[kind, default: 0] > 0, "no \(kind) child was checked")
        }
    }

    /// Every input kept in Tests/RegressionCases (fuzzer finds and failing documents) passes every invariant,
    /// with a fixed sweep of ranges and many changes (300 for a small document) from a fixed seed.
    @Test func regressionCases() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PropertySettings.regressionCases.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: PropertySettings.regressionCases.appendingPathComponent(name)))
            var rng = SplitMix64(seed: 1)
            let failures = withLargeStack {
                Invariants.check(bytes, label: name, mutations: bytes.count < 4096 ? 300 : 8, rng: &rng).failures
                    + Invariants.checkRangeSweep(label: name) { try? LayoutDocument(bytes: bytes) }
            }
            for failure in failures { Issue.record(Comment(rawValue: failure)) }
        }
    }

    /// The benchmark documents (10,000–15,000 elements each) pass every invariant but the changes.
    @Test func benchmarkDocuments() throws {
        let folder = PropertySettings.root.appendingPathComponent("Benchmarks/Documents")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "manifest.json" }.sorted()
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            var rng = SplitMix64(seed: 4)
            let result = withLargeStack { Invariants.check(bytes, label: name, mutations: 0, rng: &rng) }
            for failure in result.failures { Issue.record(Comment(rawValue: failure)) }
            #expect(result.rejected == 0, "\(name) is rejected")
        }
    }

    /// The conformance cases' documents and the examples pass every invariant too.
    @Test func conformanceDocumentsAndExamples() throws {
        var files: [URL] = []
        let cases = PropertySettings.root.appendingPathComponent("Tests/ConformanceTests/Cases")
        if let enumerator = FileManager.default.enumerator(atPath: cases.path) {
            while let path = enumerator.nextObject() as? String {
                if path.hasSuffix(".json") { files.append(cases.appendingPathComponent(path)) }
            }
        }
        let examples = PropertySettings.root.appendingPathComponent("Examples")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        where name.hasSuffix(".json") {
            files.append(examples.appendingPathComponent(name))
        }
        var checked = 0
        for file in files.sorted(by: { $0.path < $1.path }) {
            let bytes = Array(try Data(contentsOf: file))
            let tape = try JSONTape(bytes: bytes)
            let value = tape.root["document"] ?? tape.root
            var rng = SplitMix64(seed: 2)
            let result = Invariants.check(label: file.lastPathComponent, mutations: 2, rng: &rng) {
                try? LayoutDocument(jsonValue: value, baseFolder: file.deletingLastPathComponent().path)
            }
            for failure in result.failures { Issue.record(Comment(rawValue: failure)) }
            checked += 1 - result.rejected
        }
        #expect(checked >= 150)
    }

    /// Same seed, same document: the generator itself is deterministic (what makes a failing seed reproducible).
    @Test func generatorIsDeterministic() {
        var a = DocumentGenerator(seed: 42), b = DocumentGenerator(seed: 42)
        #expect(a.document() == b.document())
    }

    /// Writes random valid documents for the fuzzer's seed corpus (Scripts/fuzz.sh --generate).
    @Test(.enabled(if: PropertySettings.corpusDirectory != nil)) func writeFuzzSeeds() throws {
        let folder = URL(fileURLWithPath: PropertySettings.corpusDirectory!)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<500 {
            var generator = DocumentGenerator(seed: 0xF022 &+ UInt64(index))
            generator.maxElements = 25
            let text = generator.document()
            try text.write(
                to: folder.appendingPathComponent("generated-\(index).json"), atomically: true,
                encoding: .utf8)
        }
    }
}
