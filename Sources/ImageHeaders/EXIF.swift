/// The EXIF orientation of a JPEG, read from its `APP1` segment (`Exif\0\0`, then a TIFF header and its first
/// directory of tags).
enum EXIF {
    /// The orientation a JPEG's EXIF data gives; `.up` when it has none or gives a value outside 1…8. Reads the
    /// segments before the first scan only.
    static func orientation(ofJPEG bytes: [UInt8]) -> ImageOrientation {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1  // a fill byte before a marker
                continue
            }
            // Start of scan, end of image: the metadata is over.
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { break }
            let body = offset + 4, end = offset + 2 + length
            if marker == 0xE1, end - body >= 6, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                return tiffOrientation(bytes[(body + 6)..<end]) ?? .up
            }
            offset = end
        }
        return .up
    }

    /// The `Orientation` tag (0x0112) of the first directory of a TIFF structure.
    private static func tiffOrientation(_ tiff: ArraySlice<UInt8>) -> ImageOrientation? {
        let base = tiff.startIndex
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[base], tiff[base + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func read(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            var value = 0
            for i in 0..<count {
                let byte = Int(tiff[base + at + (littleEndian ? count - 1 - i : i)])
                value = value << 8 | byte
            }
            return value
        }
        guard read(2, 2) == 42, let directory = read(4, 4), let entries = read(directory, 2) else { return nil }
        for entry in 0..<entries {
            let at = directory + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            // A SHORT (type 3) holding one value, in the first two bytes of the value field.
            if tag == 0x0112, read(at + 2, 2) == 3, let value = read(at + 8, 2) {
                return ImageOrientation(rawValue: value)
            }
        }
        return nil
    }
}
