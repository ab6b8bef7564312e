import Benchmark
import Foundation
import LayoutDocument
import TextureLayout

/// The bench documents (`Documents/`, copies of the project's shared bench set), read once.
let documentsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Documents")

func documentBytes(_ name: String) -> [UInt8] {
    let url = documentsFolder.appendingPathComponent("\(name).json")
    guard let data = FileManager.default.contents(atPath: url.path) else {
        fatalError("cannot read \(url.path)")
    }
    return [UInt8](data)
}

/// The leaf every bench document names `"changed"`.
func changedNode(of document: LayoutDocument) -> FixedSizeNode {
    guard let node = document.elementsByName["changed"] as? FixedSizeNode else {
        fatalError("the document names no node with a size \"changed\"")
    }
    return node
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    // deep-10000.json is not kept in the repository: `Scripts/make-deep.py Benchmarks/Documents/deep-10000.json`
    // writes it, and then it is benchmarked too.
    let optional = ["deep-10000"].filter {
        FileManager.default.fileExists(atPath: documentsFolder.appendingPathComponent("\($0).json").path)
    }
    for name in ["wide", "deep", "feed", "grid"] + optional {
        let bytes = documentBytes(name)

        // A full layout of a freshly built tree: reading the document and building its elements is not measured.
        Benchmark("\(name) layout") { benchmark in
            let document = try LayoutDocument(bytes: bytes)
            benchmark.startMeasurement()
            let size = try document.updateLayout()
            benchmark.stopMeasurement()
            blackHole(size)
            blackHole(document)  // freeing the tree is not measured either
        }

        // Re-layout after the `changed` leaf's intrinsic size moved by ±1 point in both axes (the change itself
        // is not measured), reusing whatever the engine kept from the pass before. The document is built and laid
        // out once, at the first iteration, outside the measured region.
        let state = RelayoutState()
        Benchmark("\(name) relayout") { benchmark in
            let (document, changed) = try state.prepared(bytes)
            changed.intrinsicSize = state.nextSize()
            benchmark.startMeasurement()
            let size = try document.updateLayout()
            benchmark.stopMeasurement()
            blackHole(size)
        }
    }
}

/// A document kept across the iterations of a re-layout benchmark.
final class RelayoutState {
    private var document: LayoutDocument?
    private var changed: FixedSizeNode?
    private var original = Size(width: 0, height: 0)
    private var grown = false

    func prepared(_ bytes: [UInt8]) throws -> (LayoutDocument, FixedSizeNode) {
        if let document, let changed { return (document, changed) }
        let document = try LayoutDocument(bytes: bytes)
        try document.updateLayout()
        let changed = changedNode(of: document)
        original = changed.intrinsicSize
        self.document = document
        self.changed = changed
        return (document, changed)
    }

    /// The changed leaf's next size: alternately one point larger in both axes and back.
    func nextSize() -> Size {
        grown.toggle()
        return grown ? Size(width: original.width + 1, height: original.height + 1) : original
    }
}
