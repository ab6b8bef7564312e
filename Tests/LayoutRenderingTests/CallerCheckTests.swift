import LayoutDocument
@testable import LayoutRendering
import Testing
import TextureLayout

/// Drawing stops when its caller gives up (``LayoutCancellation/current`` set, as the server sets it at its 503):
/// every loop of every format checks the flag at its first turn and every 1,024th after, and a caller that gave up
/// gets no bytes.
@Suite struct CallerCheckTests {
    /// 3,000 named, painted nodes in a wrapping row.
    static let json: String = {
        let children = (0..<3000).map {
            #"{"type": "node", "name": "n\#($0)", "size": [4, 4], "backgroundColor": "steelblue"}"#
        }
        return
            #"{"sizeRange": {"min": [400, 0], "max": [400, "inf"]}, "root": {"type": "stack", "direction": "horizontal", "flexWrap": "wrap", "children": ["#
            + children.joined(separator: ", ") + "]}}"
    }()

    @Test func everyFormatGivesNoBytesOnceTheCallerGaveUp() throws {
        let result = try layOut(Self.json)
        let cancelled = LayoutCancellation()
        cancelled.cancel()
        for format in PictureFormat.allCases {
            for debug in [false, true] {
                let options = PictureFormat.Options(dataAttributes: true, debug: debug)
                #expect(!format.render(result, options: options).isEmpty, "\(format)")
                LayoutCancellation.$current.withValue(cancelled) {
                    #expect(format.render(result, options: options).isEmpty, "\(format)")
                }
            }
        }
    }

    @Test func everyLoopStopsAtItsFirstCheck() throws {
        let result = try layOut(Self.json)
        let cancelled = LayoutCancellation()
        cancelled.cancel()
        let picture = LayoutPicture(result)
        let paint = result.displayList
        #expect(picture.items.count == 3001)
        #expect(paint.commands.count >= 3000)
        LayoutCancellation.$current.withValue(cancelled) {
            // The walks that make the debug picture and the paint stop before their first element.
            #expect(LayoutPicture(result).items.isEmpty)
            #expect(result.displayList.commands.isEmpty)
            // The writers stop before their first command or box, given what was made before the flag was set.
            let svg = SVGRenderer.render(
                paint: paint, picture: picture,
                options: .init(dataAttributes: true, debug: true))
            #expect(!svg.contains("<path") && !svg.contains("<rect"), "\(svg.prefix(300))")
            let ascii = ASCIIRenderer.render(picture)
            #expect(!ascii.contains("+") && !ascii.contains("|"), "\(ascii.prefix(300))")
        }
    }
}
