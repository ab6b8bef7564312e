/// Base64 (RFC 4648, with padding), for pictures embedded in SVG as `data:` URLs.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64: every three bytes become four characters; the last group is padded with `=`.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let count = min(3, bytes.count - i)
            let group =
                (UInt32(bytes[i]) << 16) | (count > 1 ? UInt32(bytes[i + 1]) << 8 : 0)
                | (count > 2 ? UInt32(bytes[i + 2]) : 0)
            for k in 0..<4 {
                out.append(k <= count ? alphabet[Int((group >> (18 - 6 * UInt32(k))) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
