// Unsafe room: POSIX.
// Invariants: `read(2)` writes only inside the byte array it is lent, from the bytes read so far up to the array's
// size.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutJSON
import Synchronization
import TextureLayoutImages

/// One image source of a document (a file or a `data:` URL), read once however many elements show it: its bytes
/// and header are read with the document, its pixels decoded on first use and kept.
public final class DocumentImage: Sendable {
    /// The source as messages name it: the path as the document wrote it, quoted as a JSON string, or `data: URL`.
    public let name: String
    /// The header: format, upright size in pixels, orientation.
    public let header: ImageHeader
    /// The file's bytes.
    private let bytes: [UInt8]
    /// The pixels once decoded (or why they could not be).
    private let decoded = Mutex<Result<DecodedImage, ImageError>?>(nil)

    init(name: String, bytes: [UInt8], header: ImageHeader) {
        self.name = name
        self.bytes = bytes
        self.header = header
    }

    /// The image's pixels, upright and premultiplied; decoded on the first call, kept for the next.
    public func pixels() throws(ImageError) -> DecodedImage {
        let result = decoded.withLock { cached in
            if let cached { return cached }
            let result = Result { () throws(ImageError) in try DecodedImage(bytes) }
            cached = result
            return result
        }
        return try result.get()
    }
}

/// The images of a document being read: each source read once, and the pixels of them all counted against the
/// document's limit.
final class DocumentImages {
    /// Where image files may come from.
    let files: ImageFiles
    /// Each source's image, by the source's text.
    private var bySource: [String: DocumentImage] = [:]
    /// The pixels of every source so far.
    private var totalPixels = 0
    let limits = ImageLimits.standard

    init(files: ImageFiles) {
        self.files = files
    }

    /// The image `source` names (a path or a `data:` URL), read and its header checked; errors at `path` (the
    /// element's `src`).
    func image(_ source: String, at path: JSONPath) throws(DocumentError) -> DocumentImage {
        if let known = bySource[source] { return known }
        let isData = source.hasPrefix("data:")
        let name = isData ? "data: URL" : jsonString(source)
        func failure(_ message: String) -> DocumentError { DocumentError(path: path, message: "\(name): \(message)") }
        let bytes: [UInt8]
        if isData {
            guard let decoded = DataURL.imageBytes(source) else {
                throw failure("expected data:image/png;base64,… or data:image/jpeg;base64,…")
            }
            bytes = decoded
        } else {
            bytes = try readFile(source, at: path, failure: failure)
        }
        let header: ImageHeader
        do {
            header = try ImageHeader(bytes, limits: limits)
        } catch {
            throw failure(error.message)
        }
        totalPixels += header.width * header.height
        guard totalPixels <= limits.maxTotalPixels else {
            throw failure(
                "the document's images add up to \(totalPixels) pixels: more than "
                    + "\(limits.maxTotalPixels)")
        }
        let image = DocumentImage(name: name, bytes: bytes, header: header)
        bySource[source] = image
        return image
    }

    /// The bytes of the file `source` names, where ``files`` allows.
    private func readFile(
        _ source: String, at path: JSONPath, failure: (String) -> DocumentError
    )
        throws(DocumentError) -> [UInt8]
    {
        let resolved: String?
        do {
            resolved = try files.resolve(source)
        } catch {
            // The refusal names the source itself.
            throw DocumentError(path: path, message: error.message)
        }
        guard let resolved else {
            throw failure("image files are not accepted here (no images folder); use a data: URL")
        }
        guard !source.isEmpty, !source.utf8.contains(0) else { throw failure("not a file name") }
        let descriptor = open(resolved, O_RDONLY)
        guard descriptor >= 0 else { throw failure("cannot read (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw failure("not a file")
        }
        let size = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, size - done) }
            guard count > 0 else { throw failure("cannot read (\(String(cString: strerror(errno))))") }
            done += count
        }
        return bytes
    }
}

/// `data:` URLs of images: `data:image/png;base64,…` and `data:image/jpeg;base64,…`.
enum DataURL {
    /// The bytes of an image `data:` URL; `nil` for another type, another encoding or bad base64.
    static func imageBytes(_ url: String) -> [UInt8]? {
        let utf8 = Array(url.utf8)
        guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let header = String(decoding: utf8[5..<comma], as: UTF8.self).lowercased()
        guard header == "image/png;base64" || header == "image/jpeg;base64" else { return nil }
        return base64(utf8[(comma + 1)...])
    }

    /// Base64 (RFC 4648, with or without `=` padding; spaces and line breaks skipped), or `nil` for any other
    /// character or a stray last character.
    static func base64(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var accumulator: UInt32 = 0, bits = 0, padding = 0
        for c in text {
            let value: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return nil
            }
            guard padding == 0 else { return nil }  // data after the padding
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // A last group of one character carries no whole byte.
        guard bits < 6, padding <= 2 else { return nil }
        return out
    }
}
