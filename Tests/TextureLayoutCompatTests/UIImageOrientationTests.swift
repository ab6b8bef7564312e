// UIImage's size is the picture's upright size, as UIKit reports it: a JPEG's EXIF orientation is applied from its
// header. The test JPEGs (Scripts/make-test-images.py, pillow) store a 32 × 24 picture turned as their orientation
// tag says: orientations 5 to 8 store it 24 wide and 32 tall, turned a quarter or mirrored across a diagonal.

import Foundation
import Testing
import TextureLayoutCompat

@Suite struct UIImageOrientationTests {
    /// The images module's test images.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureLayoutImagesTests/Images")

    @Test(arguments: 1...8)
    func theSizeIsUpright(orientation: Int) throws {
        let path = Self.folder.appendingPathComponent("orientation-\(orientation).jpg").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // What the file stores: its first start-of-frame segment's height and width.
        let bytes = [UInt8](data)
        let frame = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        let storedHeight = Int(bytes[frame + 5]) << 8 | Int(bytes[frame + 6])
        let storedWidth = Int(bytes[frame + 7]) << 8 | Int(bytes[frame + 8])
        #expect(orientation >= 5 ? (storedWidth, storedHeight) == (24, 32) : (storedWidth, storedHeight) == (32, 24))

        let fromFile = try #require(UIImage(contentsOfFile: path))
        #expect(fromFile.size == CGSize(width: 32, height: 24))
        #expect(UIImage(data: data, scale: 2)?.size == CGSize(width: 16, height: 12))

        // An image node measures as its image's upright size.
        let node = ASImageNode()
        node.image = fromFile
        #expect(
            node.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 100))).size
                == CGSize(width: 32, height: 24))
    }
}
