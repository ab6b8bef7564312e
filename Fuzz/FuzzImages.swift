// libFuzzer target over the image decoders: the bytes of a PNG or JPEG file as a document's `src` would bring them.
//
// Built by Scripts/fuzz-images.sh with `swiftc -sanitize=fuzzer,address` against TextureLayoutImages and the C
// functions that call libpng and libjpeg-turbo (CImageDecoders), compiled with the same instrumentation.
//
// The input is arbitrary bytes. The header is read; an `ImageError` is a fine answer (most inputs end there). A
// header that is read is decoded, within limits small enough for thousands of executions a second (1,024 pixels a
// side, a million in all: the decoders' limits are checked the same way at any size), and the pixels must agree
// with the header: the size, and premultiplied colours never above their alpha. A failed check traps, so
// libFuzzer keeps the input; so does any crash, sanitizer report or timeout.

import TextureLayoutImages

let limits = ImageLimits(maxSide: 1024, maxPixels: 1 << 20, maxTotalPixels: 1 << 20)

func check(_ bytes: [UInt8]) {
    guard let header = try? ImageHeader(bytes, limits: limits) else { return }
    guard let image = try? DecodedImage(bytes, limits: limits) else { return }
    precondition(image.width == header.width && image.height == header.height,
                 "decoded \(image.width)×\(image.height), header \(header.width)×\(header.height)")
    precondition(image.premultipliedRGBA.count == image.width * image.height * 4)
    var i = 0
    let p = image.premultipliedRGBA
    while i < p.count {
        precondition(p[i] <= p[i + 3] && p[i + 1] <= p[i + 3] && p[i + 2] <= p[i + 3], "not premultiplied at \(i / 4)")
        i += 4
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    check(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
