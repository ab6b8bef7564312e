import LayoutDocument
import LayoutJSON
import TextureLayout

/// What a caller may lay a document out with in place of its own size range, scale and direction: the command
/// line's `--width`, `--height`, `--min`, `--max`, `--scale` and `--direction`, and the server's query parameters of
/// the same names, read as numbers once so that a bad value is refused before any document is read and every
/// document of a batch gets the same values.
package struct SizeOverrides: Sendable {
    /// The size range's min.
    package var minimum: Size?
    /// The size range's max.
    package var maximum: Size?
    /// Exact width (min = max).
    package var width: Double?
    /// Exact height (min = max).
    package var height: Double?
    /// Pixels per point.
    package var scale: Double?
    /// The document's layout direction.
    package var direction: LayoutDirection?

    /// Overrides with these values (`nil`: keep the document's).
    package init(
        minimum: Size? = nil, maximum: Size? = nil, width: Double? = nil, height: Double? = nil,
        scale: Double? = nil, direction: LayoutDirection? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.width = width
        self.height = height
        self.scale = scale
        self.direction = direction
    }

    /// Reads the values as the user wrote them (`W,H` for min and max, `inf` allowed there), so that both shells
    /// accept and refuse the same spellings. `optionPrefix` goes before an option's name in messages: `--` on the
    /// command line, nothing for query parameters.
    package static func parse(
        width: String?, height: String?, minimum: String?, maximum: String?, scale: String?,
        direction: String?, optionPrefix: String
    ) throws(ToolFailure) -> SizeOverrides {
        let reader = Reader(prefix: optionPrefix)
        var overrides = SizeOverrides()
        if let minimum { overrides.minimum = try reader.size(minimum, option: "min") }
        if let maximum { overrides.maximum = try reader.size(maximum, option: "max") }
        if let width { overrides.width = try reader.length(width, option: "width", allowsInfinity: false) }
        if let height { overrides.height = try reader.length(height, option: "height", allowsInfinity: false) }
        if let scale {
            let value = try reader.length(scale, option: "scale", allowsInfinity: false)
            guard LayoutDocument.validScales.contains(value) else {
                throw .usage("\(optionPrefix)scale: \(LayoutDocument.scaleRule), got \(scale)")
            }
            overrides.scale = value
        }
        switch direction {
        case nil: break
        case "ltr": overrides.direction = .leftToRight
        case "rtl": overrides.direction = .rightToLeft
        case let other?: throw .usage("\(optionPrefix)direction: expected ltr or rtl, got \(jsonString(other))")
        }
        return overrides
    }

    /// The document's parameters with these overrides in their place: the range's min and max first, then width
    /// and height, then scale and direction. A range whose min exceeds its max is a usage error.
    package func parameters(for document: LayoutDocument) throws(ToolFailure) -> LayoutParameters {
        var parameters = document.parameters
        var range = parameters.sizeRange
        if let minimum { range.min = minimum }
        if let maximum { range.max = maximum }
        if let width {
            range.min.width = width
            range.max.width = width
        }
        if let height {
            range.min.height = height
            range.max.height = height
        }
        if range.min.width > range.max.width || range.min.height > range.max.height {
            throw .usage(
                "the size range's min \(format(range.min.width)),\(format(range.min.height)) exceeds its "
                    + "max \(format(range.max.width)),\(format(range.max.height))")
        }
        parameters.sizeRange = range
        if let scale { parameters.scale = scale }
        if let direction { parameters.direction = direction }
        return parameters
    }

    /// Reads option values, naming options with a prefix in messages.
    private struct Reader {
        let prefix: String

        /// A finite number of points ≥ 0, or `inf` where allowed.
        func length(_ text: String, option name: String, allowsInfinity: Bool) throws(ToolFailure) -> Double {
            let option = prefix + name
            if text == "inf" {
                guard allowsInfinity else { throw .usage("\(option): expected a finite number, got inf") }
                return .infinity
            }
            guard let value = Double(text), value.isFinite else {
                throw .usage("\(option): expected a number\(allowsInfinity ? " or inf" : ""), got \(jsonString(text))")
            }
            guard value >= 0 else { throw .usage("\(option): must not be negative, got \(text)") }
            return value
        }

        /// `W,H`.
        func size(_ text: String, option name: String) throws(ToolFailure) -> Size {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw .usage("\(prefix)\(name): expected W,H, got \(jsonString(text))") }
            return Size(
                try length(parts[0].trimmingSpaces(), option: name, allowsInfinity: true),
                try length(parts[1].trimmingSpaces(), option: name, allowsInfinity: true))
        }
    }
}
