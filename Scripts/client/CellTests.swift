// The client's tests: the DSL cell and the plain cell lay out identically, and the DSL cell's snapshots.

import Foundation
import Testing
import TextureLayoutTesting
import Cells

@Suite struct CellTests {
    static let range = ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: CGFloat.infinity))

    @Test(arguments: [false, true]) func dslAndPlainCellsLayOutIdentically(sponsored: Bool) {
        let (dsl, plain) = (DSLPostCell(), PlainPostCell())
        (dsl.sponsored, plain.sponsored) = (sponsored, sponsored)
        let (a, b) = (dsl.layoutThatFits(Self.range), plain.layoutThatFits(Self.range))
        #expect(a.size == b.size)
        #expect(a.sublayouts.map(\.frame) == b.sublayouts.map(\.frame))
        #expect(a.sublayouts.map(\.layoutElement.debugName) == b.sublayouts.map(\.layoutElement.debugName))
        // Every node's frame, the root's class aside.
        let dslListing = FrameListing(of: dsl, within: Self.range).text
        let plainListing = FrameListing(of: plain, within: Self.range).text
        #expect(dslListing.replacingOccurrences(of: "DSLPostCell", with: "Cell")
            == plainListing.replacingOccurrences(of: "PlainPostCell", with: "Cell"))
    }

    /// The DSL cell, its inset from CELL_INSET when set (client-check.sh moves it by 2 points).
    static func cell() -> DSLPostCell {
        let cell = DSLPostCell()
        cell.inset = CGFloat(Double(ProcessInfo.processInfo.environment["CELL_INSET"] ?? "12") ?? 12)
        return cell
    }

    @Test func postCellFrames() {
        assertSnapshot(of: Self.cell(), as: .frames(width: 375))
    }

    @Test func postCellImage() {
        assertSnapshot(of: Self.cell(), as: .image(width: 375))
    }
}
