import Foundation
import Synchronization
import Testing
@testable import TextureLayoutText

/// The default font on several threads: each thread has a handle of its own (so that threads laying out at once
/// never count references to one object), which it gets again whenever it asks, equal to every other thread's and
/// hashing alike, with the same HarfBuzz font and metrics; a font loaded again from the same file is another font.
@Test func eachThreadHasItsOwnEqualHandleOfTheDefaultFont() throws {
    let here = try Font.defaultFont()
    #expect(try Font.defaultFont() === here)
    let found = Mutex<[Font?]>([])
    let done = DispatchSemaphore(value: 0)
    Thread {
        let first = try? Font.defaultFont(), second = try? Font.defaultFont()
        found.withLock { $0 = [first, second] }
        done.signal()
    }.start()
    done.wait()
    let handles = found.withLock { $0 }
    let there = try #require(handles.first ?? nil)
    #expect(handles.last ?? nil === there)
    #expect(there !== here)
    #expect(there == here)
    #expect(Set([here, there]).count == 1)
    #expect(there.hbFont == here.hbFont)
    #expect(there.path == here.path && there.unitsPerEm == here.unitsPerEm && there.ascender == here.ascender)
    #expect(try Font(file: here.path, faceIndex: here.faceIndex) != here)
}
