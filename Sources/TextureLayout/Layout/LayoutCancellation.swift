import Synchronization

/// A flag that stops a layout pass early, set from any thread: a server that gives up on a layout after a time
/// limit sets it so that the pass stops using a core soon after, instead of running to the end for nobody.
///
/// The pass checks the flag every ``checkInterval`` computations (not measurements answered from a cache), so a
/// pass stops within about that many element computations of the flag being set. A stopped pass leaves no
/// cache entry that depends on the work it skipped, so the same tree can be laid out again.
public final class LayoutCancellation: Sendable {
    /// How many element computations run between two checks of the flag: an atomic load is cheap, but not free
    /// next to a cache hit.
    public static let checkInterval: UInt64 = 1024

    private let flag = Atomic<Bool>(false)

    /// The flag of the work this thread (or task) does for a caller with a time limit, for the loops no pass hands
    /// a flag to: reading a document, shaping a text. A server binds it around each request
    /// (`LayoutCancellation.$current.withValue(flag) { … }`); `nil` (the default) stops nothing. Work that stops
    /// early for it leaves a result nobody may use (the caller gives up on it) and caches nothing made from it.
    @TaskLocal public static var current: LayoutCancellation?

    /// A flag that is not set.
    public init() {}

    /// Asks every pass given this flag to stop.
    public func cancel() {
        flag.store(true, ordering: .relaxed)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        flag.load(ordering: .relaxed)
    }
}
