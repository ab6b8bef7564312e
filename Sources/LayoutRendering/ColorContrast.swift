#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutDocument
import TextureLayoutPaint

// What the debug picture needs of a colour beyond what paint does with it: how bright it looks, to choose a
// readable label colour.
extension RGBA {
    /// WCAG 2's relative luminance (0 for black, 1 for white): the channels made linear and weighted by how
    /// bright the eye finds them. Alpha is ignored: blend a translucent colour first (``over(_:)``).
    package var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio between two opaque colours, from 1 (the same) to 21 (black on white).
    package func contrastRatio(with other: RGBA) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This colour drawn over an opaque `backdrop`, as the eye sees it.
    package func over(_ backdrop: RGBA) -> RGBA {
        let a = opacity
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGBA(mix(red, backdrop.red), mix(green, backdrop.green), mix(blue, backdrop.blue))
    }
}
