/// JSON text being written into one byte buffer: numbers as the output prints them and strings escaped, without
/// making a `String` for either.
package struct JSONOutput {
    /// The UTF-8 text written so far.
    package var bytes: [UInt8] = []

    package init() {}

    /// Appends text as it is (JSON punctuation and keys).
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a JSON string literal, as ``jsonString(_:)`` writes it.
    package mutating func append(string text: String) {
        // Names are almost always printable ASCII: copied as they are; anything else is escaped by the one
        // function that knows how.
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.append(contentsOf: jsonString(text).utf8)
        }
    }

    /// Appends a number as the output prints it: integers without a fraction, no negative zero, others in Swift's
    /// shortest form that reads back the same.
    package mutating func append(number value: Double) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else if value == value.rounded(.towardZero) && abs(value) < 1e15 {
            append(integer: Int(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    private mutating func append(integer value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // The digits come least significant first: written so, then put in order where they stand.
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }
}

/// A number as the output prints it (``JSONOutput/append(number:)``): integers without a fraction, no negative zero.
package func format(_ value: Double) -> String {
    var output = JSONOutput()
    output.append(number: value)
    return String(decoding: output.bytes, as: UTF8.self)
}
