// The frames strategy over the small cell of Cell.swift. By hand (the cell is 375 wide, any height; Texture's stack
// rules): the row gets 375 − 2 × inset; the title (200 × 18) is centred across the 44-point line at
// floor((44 − 18) / 2) = 13 below the row's top, 44 + 8 = 52 right of its left.

import Foundation
import Testing
@testable import TextureLayoutTesting

@Suite("Frames strategy")
struct FramesStrategyTests {
    static let expected = """
        size 375 x 68, scale 2, left to right
        cell: Cell [0, 0, 375, 68]
        avatar: Box [12, 12, 44, 44]
        1: Box [64, 25, 200, 18]

        """

    @Test func listsEveryNodeByNameOrPathWithItsFrameInTheRoot() {
        let range = SizeRange(min: Size(375, 0), max: Size(375, .infinity))
        #expect(FrameListing(of: Cell(), within: range).text == Self.expected)
        // The same cell written with Texture's spec classes lists the same lines: specs are not listed.
        #expect(FrameListing(of: Cell(dsl: false), within: range).text == Self.expected)
    }

    @Test func numbersAreWholeOrShortest() {
        #expect(FrameListing.number(12) == "12")
        #expect(FrameListing.number(-0.0) == "0")
        #expect(FrameListing.number(17.4609375) == "17.4609375")
        #expect(FrameListing.number(.infinity) == "inf")
    }

    @Test func recordsThenMatchesThenFailsWhenAnInsetMovesByTwoPoints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func verify(_ cell: Cell, record: SnapshotTestingConfiguration.Record) -> String? {
            withSnapshotTesting(record: record) {
                verifySnapshot(
                    of: cell, as: .frames(width: 375), named: "cell", snapshotDirectory: folder.path,
                    testName: "cell")
            }
        }
        #expect(verify(Cell(), record: .missing)?.contains("Automatically recorded") == true)
        let file = folder.appendingPathComponent("cell.cell.txt")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.expected)
        #expect(verify(Cell(), record: .never) == nil)
        let moved = try #require(verify(Cell(inset: 14), record: .never))
        #expect(moved.contains("+avatar: Box [14, 14, 44, 44]"))
        #expect(moved.contains("−avatar: Box [12, 12, 44, 44]") || moved.contains("-avatar: Box [12, 12, 44, 44]"))
    }

    @Test func heightAndSizeRangeVariantsFixTheRange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = withSnapshotTesting(record: .all) {
            verifySnapshot(
                of: Cell(), as: .frames(width: 375, height: 100, scale: 3), named: "tall",
                snapshotDirectory: folder.path, testName: "cell")
        }
        let tall = try String(contentsOf: folder.appendingPathComponent("cell.tall.txt"), encoding: .utf8)
        // Exactly 100 high, at scale 3.
        #expect(tall.hasPrefix("size 375 x 100, scale 3, left to right\ncell: Cell [0, 0, 375, 100]\n"))
        let range = ASSizeRangeMake(CGSize(width: 0, height: 0), CGSize(width: 300, height: 300))
        let listing = FrameListing(of: Cell(), within: range)
        // Within 0...300 wide the cell takes what the row needs: 12 + 44 + 8 + 200 + 12 = 276.
        #expect(listing.text.hasPrefix("size 276 x 68, scale 2"))
    }
}
