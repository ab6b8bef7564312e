import Foundation
@testable import LayoutDocument
import TextureLayout
import TextureLayoutPaint
import Testing

/// Keeps the format reference (the DocC article `DocumentFormat.md`) in step with the reader: every element type,
/// key and choice the reader accepts must be mentioned in the article's section for it, every type has an example,
/// and every example in the article is a document (or an element) the reader accepts.
@Suite struct DocumentFormatTests {
    static let articlePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/LayoutDocument/LayoutDocument.docc/DocumentFormat.md")

    static let article: String = (try? String(contentsOf: articlePath, encoding: .utf8)) ?? ""

    /// The text under the heading line `heading` up to the next heading of the same or a higher level.
    static func section(_ heading: String) -> String? {
        let lines = article.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return nil }
        let level = heading.prefix { $0 == "#" }.count
        var end = start + 1
        while end < lines.count {
            let hashes = lines[end].prefix { $0 == "#" }.count
            if hashes > 0 && hashes <= level && lines[end].dropFirst(hashes).hasPrefix(" ") { break }
            end += 1
        }
        return lines[start..<end].joined(separator: "\n")
    }

    /// The contents of the article's ```json blocks under `text`.
    static func jsonExamples(in text: String) -> [String] {
        text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
    }

    @Test func theArticleExists() {
        #expect(!Self.article.isEmpty, "cannot read \(Self.articlePath.path)")
    }

    /// Records an issue for each of `names` that `section` does not hold written as `written(name)`.
    static func expectMentions(
        _ names: [String], in section: String, written: (String) -> String, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for name in names {
            #expect(section.contains(written(name)), "\(what) \(name) is not mentioned", sourceLocation: sourceLocation)
        }
    }

    /// A key in a table's first column.
    static func row(_ name: String) -> String { "| `\(name)` |" }
    /// A key in running text.
    static func key(_ name: String) -> String { "`\(name)`" }
    /// A choice, written as its JSON string.
    static func choice(_ name: String) -> String { "`\"\(name)\"`" }

    @Test func everyTopLevelKeyIsDescribed() throws {
        let section = try #require(Self.section("## Top level"))
        Self.expectMentions(DocumentKey.allCases.map(\.rawValue), in: section, written: Self.row, "the top-level key")
        Self.expectMentions(LayoutDirection.documentNames, in: section, written: Self.choice, "layoutDirection's")
        Self.expectMentions(
            SizeRangeKey.allCases.map(\.rawValue), in: section, written: { "\"\($0)\"" },
            "the sizeRange key")
    }

    @Test func everyInsetKeyIsDescribed() throws {
        let section = try #require(Self.section("## Values"))
        Self.expectMentions(InsetKey.allCases.map(\.rawValue), in: section, written: Self.key, "the inset key")
    }

    @Test(arguments: ElementKind.all.map(\.type))
    func everyElementTypeKeyAndChoiceIsDescribed(type: String) throws {
        let kind = try #require(ElementKind.named(type))
        let section = try #require(Self.section("### `\(type)`"), "the element type \(type) has no section")
        // Paint keys are described once, in their own section, which each display element's section points to.
        let ownKeys = kind.keys.filter { PaintKey(rawValue: $0.name) == nil }
        Self.expectMentions(ownKeys.map(\.name), in: section, written: Self.row, "\(type)'s key")
        if ownKeys.count < kind.keys.count { #expect(section.contains("<doc:DocumentFormat#Paint>"), "\(type)") }
        for key in kind.keys {
            if case .choice(let names) = key.value {
                Self.expectMentions(names, in: section, written: Self.choice, "\(type).\(key.name)'s choice")
            }
        }
        let examples = Self.jsonExamples(in: section)
        #expect(examples.contains { $0.hasPrefix("{\"type\": \"\(type)\"") }, "\(type) has no example")
    }

    @Test func everyPaintKeyAndChoiceIsDescribed() throws {
        let section = try #require(Self.section("## Paint"))
        Self.expectMentions(PaintKey.allCases.map(\.rawValue), in: section, written: Self.row, "the paint key")
        Self.expectMentions(GradientKey.allCases.map(\.rawValue), in: section, written: Self.row, "the gradient key")
        Self.expectMentions(Corners.documentNames, in: section, written: Self.choice, "maskedCorners'")
        Self.expectMentions(Gradient.Kind.documentNames, in: section, written: Self.choice, "a gradient type's")
    }

    @Test func everyCommonElementKeyIsDescribed() throws {
        let section = try #require(Self.section("## Elements"))
        Self.expectMentions(["type", "name", "style"], in: section, written: Self.key, "the element key")
    }

    @Test func everyStyleKeyAndChoiceIsDescribed() throws {
        let section = try #require(Self.section("## Style"))
        Self.expectMentions(StyleKey.allCases.map(\.rawValue), in: section, written: Self.key, "the style key")
        Self.expectMentions(AlignSelf.documentNames, in: section, written: Self.choice, "alignSelf's")
    }

    @Test func everyRunKeyIsDescribed() throws {
        let section = try #require(Self.section("### `text`"))
        Self.expectMentions(RunKey.allCases.map(\.rawValue), in: section, written: Self.key, "the run key")
    }

    /// Examples that are whole documents are read as they are; element examples are read as a document's root.
    @Test func everyExampleIsAccepted() throws {
        let examples = Self.jsonExamples(in: Self.article)
        #expect(examples.count > ElementKind.all.count)
        for example in examples where !example.contains("\"frames\"") {
            let document = example.hasPrefix("{\"type\"") ? "{\"root\": \(example)}" : example
            #expect(throws: Never.self, "\(example)") { _ = try LayoutDocument(json: document).layout() }
        }
    }
}
