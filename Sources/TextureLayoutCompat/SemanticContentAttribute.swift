import TextureLayout

#if !canImport(UIKit)
/// UIKit's `UISemanticContentAttribute`, for platforms without UIKit (on Apple platforms UIKit's own type is used):
/// how a view's content relates to the user interface direction. Texture reads it as
/// ``ASDisplayNode/semanticContentAttribute``.
public enum UISemanticContentAttribute: Int, Hashable, Sendable {
    /// Follows the user interface direction.
    case unspecified = 0
    /// Playback controls: always left to right.
    case playback = 1
    /// Directional controls (arrows, alignment): always left to right.
    case spatial = 2
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left.
    case forceRightToLeft = 4
}

/// UIKit's `UIUserInterfaceLayoutDirection`, for platforms without UIKit: the direction of the user interface that
/// a layout pass runs in (Texture reads it from the application).
public enum UIUserInterfaceLayoutDirection: Int, Hashable, Sendable {
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}
#endif

extension ContentDirection {
    /// The engine's direction for a UIKit attribute, as `+[UIView userInterfaceLayoutDirectionForSemanticContentAttribute:]`
    /// resolves it and Texture flips on it: `.unspecified` follows the user interface direction, `.forceRightToLeft`
    /// is right to left, and `.forceLeftToRight`, `.playback` and `.spatial` are always left to right.
    init(_ attribute: UISemanticContentAttribute) {
        switch attribute {
        case .unspecified: self = .inherit
        case .forceRightToLeft: self = .rightToLeft
        case .forceLeftToRight, .playback, .spatial: self = .leftToRight
        #if canImport(UIKit)
        @unknown default: self = .inherit
        #endif
        }
    }
}

extension LayoutDirection {
    /// The engine's direction for UIKit's user interface direction.
    init(_ direction: UIUserInterfaceLayoutDirection) {
        self = direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
}

extension ASDisplayNode {
    /// The user interface direction of layout passes that do not name one (`layoutThatFits(_:)`,
    /// ``layoutIfNeeded()``, …). Texture resolves `semanticContentAttribute` against the application's
    /// `userInterfaceLayoutDirection`; here there is no application, and the direction is scoped instead of
    /// global (the engine's catalogue entry `directionIsAParameter`), so that passes on different threads or
    /// tasks (a server laying out requests in several languages) can differ:
    /// `ASDisplayNode.$userInterfaceLayoutDirection.withValue(.rightToLeft) { node.layoutIfNeeded() }`.
    /// Left to right outside any such scope.
    @TaskLocal public static var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection = .leftToRight
}

/// Layout passes in a stated user interface direction, for code (and tests) that lays out right to left.
extension LayoutElement {
    /// ``layoutThatFits(_:)`` in a user interface running in `userInterfaceLayoutDirection` instead of
    /// ``ASDisplayNode/userInterfaceLayoutDirection``. Display nodes whose
    /// ``ASDisplayNode/semanticContentAttribute`` resolves to right to left have their subnodes' positions
    /// mirrored within them in the result, as Texture flips them: `x' = node width − subnode width − x`.
    public func layoutThatFits(
        _ constrainedSize: ASSizeRange, scale: CGFloat = ASScreenScale(),
        userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection
    ) -> ASLayout {
        ASLayout.makeRoot(
            from: layout(
                within: constrainedSize, scale: Double(scale),
                direction: LayoutDirection(userInterfaceLayoutDirection)),
            in: constrainedSize)
    }
}
