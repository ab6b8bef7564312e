/// The text's entry point: its runs as one UTF-16 string (what ICU and HarfBuzz work on) with the runs that make it
/// up. Every later stage (``TextAnalysis``, itemization, ``TextShaping``, line breaking, positioned lines) indexes
/// `units`; whatever must hold of every text before it is analysed is enforced here.
struct TextSource {
    /// The text in UTF-16.
    let units: [UInt16]
    /// The runs whose characters make up the text, adjacent runs with the same attributes merged, and where each
    /// starts (`runs.count + 1` entries, the last the text's length).
    let runs: [TextRun]
    let runStarts: [Int]

    /// `given` (at least one run) as one text. Empty runs only give their attributes to an empty text: they are
    /// dropped unless the whole text is empty, which keeps the first run's attributes.
    init(runs given: [TextRun]) {
        var runs: [TextRun] = []
        var runStarts: [Int] = [0]
        var units: [UInt16] = []
        for run in given {
            let before = units.count
            TextSource.append(run.text, to: &units)
            if units.count == before && !runs.isEmpty { continue }
            if let last = runs.last, last.hasSameAttributes(as: run), runStarts.count > 1 {
                runStarts[runStarts.count - 1] = units.count
                continue
            }
            runs.append(run)
            runStarts.append(units.count)
        }
        // The first run may have been empty and later ones not: drop it unless it is the only one.
        if runs.count > 1 && runStarts[1] == 0 {
            runs.removeFirst()
            runStarts.removeFirst()
        }
        self.units = units
        self.runs = runs
        self.runStarts = runStarts
    }

    /// Appends `text` in UTF-16: an ASCII string (its UTF-8 bytes all below 0x80) by widening its bytes, any
    /// other through its UTF-16 view, which transcodes character by character.
    private static func append(_ text: String, to units: inout [UInt16]) {
        let widened: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            guard high < 0x80 else { return false }
            units.append(contentsOf: bytes.lazy.map { UInt16($0) })
            return true
        }
        if widened != true { units.append(contentsOf: text.utf16) }
    }
}
