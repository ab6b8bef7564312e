import CFontconfig
import CFreeType
import CHarfBuzz
import CICUShim

/// The versions of the system libraries the text module was built against, for diagnostics (`--version`) and bug
/// reports: shaping and breaking results can differ between versions of HarfBuzz and ICU.
public enum TextLibraries {
    /// HarfBuzz's version string, such as `"6.0.0"`.
    public static var harfBuzzVersion: String { String(cString: hb_version_string()) }

    /// fontconfig's version as major.minor.revision.
    public static var fontconfigVersion: String {
        let v = FcGetVersion()
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }
}
