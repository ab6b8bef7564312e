import LayoutJSON
import TextureLayout
import TextureLayoutText
import TextureLayoutPaint

/// Values: numbers, sizes, insets, colours, gradients, strings and names, each read with its JSON path.
extension DocumentReader {
    func sizeRange(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> SizeRange {
        let path = path.stored()
        var range = SizeRange.unconstrained
        for entry in try members(of: value, at: path) {
            let key = entry.key, member = entry.value
            let path = path.appending(key)
            // The key first: an unknown key is reported as such, whatever its value.
            guard let rangeKey = SizeRangeKey(rawValue: key) else { throw unknownKey(key, at: path) }
            let (first, second) = try pair(member, at: path)
            let bound = (
                try number(first, at: path.appending(index: 0), allowsNegative: false, allowsInfinity: true),
                try number(second, at: path.appending(index: 1), allowsNegative: false, allowsInfinity: true)
            )
            switch rangeKey {
            case .min: range.min = Size(bound.0, bound.1)
            case .max: range.max = Size(bound.0, bound.1)
            }
        }
        if range.min.width > range.max.width || range.min.height > range.max.height {
            throw DocumentError(
                path: path,
                message:
                    "the minimum \(documentPair(range.min)) exceeds the maximum \(documentPair(range.max))")
        }
        return range
    }

    func insets(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> EdgeInsets {
        var insets = EdgeInsets.zero
        var members = try members(of: value, at: path()).makeIterator()
        while let next = members.nextMember() {
            let key = keys[next.keyIndex], member = next.value
            guard let side = InsetKey.byNumber.key(numbered: keyNumbers[next.keyIndex]) else {
                throw unknownKey(key, at: path().appending(key))
            }
            let inset = try number(member, at: path().appending(key), allowsNegative: true, allowsInfinity: true)
            switch side {
            case .top: insets.top = inset
            case .left: insets.left = inset
            case .bottom: insets.bottom = inset
            case .right: insets.right = inset
            }
        }
        return insets
    }

    func size(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> Size {
        let (first, second) = try pair(value, at: path())
        return Size(
            try length(first, at: path().appending(index: 0)), try length(second, at: path().appending(index: 1)))
    }

    func point(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> Point {
        let (first, second) = try pair(value, at: path())
        return Point(
            try number(first, at: path().appending(index: 0), allowsNegative: true),
            try number(second, at: path().appending(index: 1), allowsNegative: true))
    }

    /// A finite, non-negative number of points.
    func length(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> Double {
        try number(value, at: path(), allowsNegative: false)
    }

    /// A whole number from 0 to `Int32.max`.
    func wholeNumber(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> Int {
        let number = try number(value, at: path(), allowsNegative: false)
        guard number == number.rounded() else {
            throw DocumentError(path: path(), message: "expected a whole number, got \(value.shortDescription)")
        }
        guard number <= Double(Int32.max) else {
            throw DocumentError(
                path: path(),
                message:
                    "the number \(value.shortDescription) is too large (at most \(Int32.max))")
        }
        return Int(number)
    }

    /// A finite number; `"inf"` too where unbounded is allowed.
    func number(
        _ value: JSONValueRef, at path: @autoclosure () -> JSONPath, allowsNegative: Bool, allowsInfinity: Bool = false
    )
        throws(DocumentError) -> Double
    {
        if allowsInfinity, value.stringValue == "inf" { return .infinity }
        guard let number = value.numberValue else {
            throw wrongKind(value, expected: allowsInfinity ? "a number or \"inf\"" : "a number", at: path())
        }
        if value.isOverflow {
            throw DocumentError(
                path: path(),
                message:
                    "the number \(value.numberText ?? value.shortDescription) is too large to be finite"
                    + (allowsInfinity ? " (write \"inf\" for unbounded)" : ""))
        }
        if !allowsNegative && number < 0 {
            throw DocumentError(path: path(), message: "must not be negative, got \(value.shortDescription)")
        }
        return number
    }

    /// The two items of a `[first, second]` value. The caller reads them: a closure reading them here would copy the
    /// reader for every pair.
    func pair(
        _ value: JSONValueRef, at path: @autoclosure () -> JSONPath
    ) throws(DocumentError) -> (JSONValueRef, JSONValueRef) {
        guard case .array = value.kind, value.count == 2,
            let first = value.element(at: 0), let second = value.element(at: 1)
        else {
            guard case .array = value.kind else {
                throw wrongKind(value, expected: "an array of two values", at: path())
            }
            let count =
                value.count == 0
                ? "an empty array"
                : value.count == 1
                    ? "an array of 1 value"
                    : "an array of \(value.count) values"
            throw DocumentError(path: path(), message: "expected an array of two values, got \(count)")
        }
        return (first, second)
    }

    /// A CSS colour (``RGBA/init(css:)``).
    func color(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> RGBA {
        let text = try string(value, at: path())
        guard let color = RGBA(css: text) else {
            throw DocumentError(
                path: path(),
                message: "expected a CSS colour (a name such as \"tomato\", \"#rgb\", "
                    + "\"#rrggbb\", \"rgb(…)\" or \"hsl(…)\"), got \(value.shortDescription)")
        }
        return color
    }

    /// A number from 0 to 1.
    func fraction(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> Double {
        let number = try number(value, at: path(), allowsNegative: true)
        guard (0...1).contains(number) else {
            throw DocumentError(path: path(), message: "must lie between 0 and 1, got \(value.shortDescription)")
        }
        return number
    }

    /// `maskedCorners`: an array of corner names.
    func corners(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Corners {
        guard case .array = value.kind else { throw wrongKind(value, expected: "an array of corner names", at: path) }
        let path = path.stored()
        var corners: Corners = []
        for (index, item) in value.elements.enumerated() {
            corners.insert(
                Corners.documentValues[
                    try choiceIndex(
                        item, Corners.documentNames,
                        at: path.appending(index: index))])
        }
        return corners
    }

    /// `backgroundGradient`: `colors` (at least two), `locations` (as many, 0…1, never decreasing; spread evenly
    /// when absent), `startPoint`, `endPoint` and `type`.
    func gradient(_ value: JSONValueRef, at path: JSONPath) throws(DocumentError) -> Gradient {
        let path = path.stored()
        var colors: [RGBA]?
        var locations: [Double]?
        var gradient = Gradient(stops: [])
        for entry in try members(of: value, at: path) {
            let key = entry.key, member = entry.value
            let keyPath = path.appending(key)
            guard let gradientKey = GradientKey(rawValue: key) else { throw unknownKey(key, at: keyPath) }
            switch gradientKey {
            case .colors, .locations:
                guard case .array = member.kind else {
                    throw wrongKind(
                        member,
                        expected: gradientKey == .colors
                            ? "an array of colours"
                            : "an array of numbers", at: keyPath)
                }
                let arrayPath = keyPath.stored()
                if gradientKey == .colors {
                    var read: [RGBA] = []
                    for (index, item) in member.elements.enumerated() {
                        read.append(try color(item, at: arrayPath.appending(index: index)))
                    }
                    colors = read
                } else {
                    var read: [Double] = []
                    for (index, item) in member.elements.enumerated() {
                        let location = try fraction(item, at: arrayPath.appending(index: index))
                        if let previous = read.last, location < previous {
                            throw DocumentError(
                                path: arrayPath.appending(index: index),
                                message:
                                    "locations must not decrease, got \(format(location)) after \(format(previous))")
                        }
                        read.append(location)
                    }
                    locations = read
                }
            case .startPoint: gradient.startPoint = try point(member, at: keyPath)
            case .endPoint: gradient.endPoint = try point(member, at: keyPath)
            case .type: gradient.kind = try choice(member, at: keyPath, Gradient.Kind.self)
            }
        }
        guard let colors, colors.count >= 2 else {
            throw DocumentError(
                path: colors == nil ? path : path.appending("colors"),
                message:
                    "a gradient needs \"colors\" with at least two colours")
        }
        if let locations, locations.count != colors.count {
            throw DocumentError(
                path: path.appending("locations"),
                message: "expected \(colors.count) locations "
                    + "(one per colour), got \(locations.count)")
        }
        let spread = locations ?? Gradient.evenLocations(count: colors.count)
        gradient.stops = zip(colors, spread).map { Gradient.Stop($0, at: $1) }
        return gradient
    }

    func string(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> String {
        guard let text = value.stringValue else { throw wrongKind(value, expected: "a string", at: path()) }
        return text
    }

    func bool(_ value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> Bool {
        guard let flag = value.boolValue else { throw wrongKind(value, expected: "true or false", at: path()) }
        return flag
    }

    func choice<T: DocumentChoice>(
        _ value: JSONValueRef, at path: @autoclosure () -> JSONPath, _ type: T.Type
    ) throws(DocumentError)
        -> T
    {
        T.documentValues[try choiceIndex(value, T.documentNames, at: path())]
    }

    /// The position of the value in `names`, which it must be one of.
    func choiceIndex(
        _ value: JSONValueRef, _ names: [String], at path: @autoclosure () -> JSONPath
    ) throws(DocumentError) -> Int {
        // Names of another length are passed over without comparing their text.
        guard let text = value.stringValue,
            let index = names.firstIndex(where: { $0.utf8.count == text.utf8.count && $0 == text })
        else {
            let list = names.map { jsonString($0) }.joined(separator: ", ")
            throw DocumentError(path: path(), message: "expected one of \(list), got \(value.shortDescription)")
        }
        return index
    }

    /// An object's members, rejecting anything else and duplicate keys.
    func members(of value: JSONValueRef, at path: @autoclosure () -> JSONPath) throws(DocumentError) -> JSONMembers {
        guard case .object = value.kind else {
            throw wrongKind(value, expected: "an object", at: path())
        }
        let members = value.members
        if let key = members.firstRepeatedKey {
            throw DocumentError(path: path().appending(key), message: "duplicate key \(jsonString(key))")
        }
        return members
    }
}

/// "a" or "an" before an element type's name.
func article(_ word: String) -> String {
    word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
}

/// An option whose document spelling is one of a fixed list of strings.
protocol DocumentChoice {
    static var documentNames: [String] { get }
    static var documentValues: [Self] { get }
}

/// The document spells an enum's cases as their Swift names; each type keeps its lists (built once: `allCases`
/// makes a new array at every call).
protocol NamedCases: DocumentChoice, CaseIterable {}

extension NamedCases where AllCases == [Self] {
    static func names() -> [String] { allCases.map { String(describing: $0) } }
}

extension StackDirection: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension StackJustifyContent: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension StackAlignItems: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension StackFlexWrap: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension StackAlignContent: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension HorizontalAlignment: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension VerticalAlignment: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension AlignSelf: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension RelativePosition: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension AbsoluteSizing: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension CornerLocation: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}

extension Corners: DocumentChoice {
    static let documentNames = ["topLeft", "topRight", "bottomLeft", "bottomRight"]
    static let documentValues: [Corners] = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension Gradient.Kind: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}

extension CenteringOptions: DocumentChoice {
    static let documentNames = ["none", "x", "y", "xy"]
    static let documentValues: [CenteringOptions] = [[], .x, .y, .xy]
}

extension CenterSizingOptions: DocumentChoice {
    static let documentNames = ["default", "minimumX", "minimumY", "minimumXY"]
    static let documentValues: [CenterSizingOptions] = [[], .minimumX, .minimumY, .minimumXY]
}

extension LayoutDirection: DocumentChoice {
    static let documentNames = ["ltr", "rtl"]
    static let documentValues: [LayoutDirection] = [.leftToRight, .rightToLeft]
}

extension ContentDirection: DocumentChoice {
    static let documentNames = ["inherit", "ltr", "rtl"]
    static let documentValues: [ContentDirection] = [.inherit, .leftToRight, .rightToLeft]
}

extension RelativeSizingOption: DocumentChoice {
    static let documentNames = ["default", "minimumWidth", "minimumHeight", "minimumSize"]
    static let documentValues: [RelativeSizingOption] = [[], .minimumWidth, .minimumHeight, .minimumSize]
}
