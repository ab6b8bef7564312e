#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much stack recursion may still use on this thread, so that deep recursion moves to a fresh thread before
/// it overflows. The bounds of an arbitrary thread's stack are not portable to ask, so a pass assumes a modest
/// budget from where it starts, and a known one on the threads it creates.
struct StackLimit {
    /// What a pass may use of the stack of the thread that starts it (secondary threads may have 512 KB).
    static let entryBudget: UInt = 192 * 1024
    /// Stack size of the threads deep layouts continue on.
    static let threadStackSize = 256 * 1024 * 1024

    private let lowest: UInt

    /// A budget of `budget` bytes below the current stack position.
    init(budget: UInt = entryBudget) {
        let here = currentStackAddress()
        lowest = here > budget ? here - budget : 0
    }

    /// The budget of a thread made by ``runOnLargeStack(_:)``, less a margin for what runs below the check.
    static func onLargeStackThread() -> StackLimit {
        StackLimit(budget: UInt(threadStackSize) - 1024 * 1024)
    }

    var isNearlyExhausted: Bool { currentStackAddress() < lowest }
}

@inline(never) private func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

private final class ThreadWork: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body` synchronously on a new thread with a 256 MB stack (reserved, not committed) and returns its value.
/// The calling thread waits, so `body` may use anything the caller can.
func runOnLargeStack<T>(_ body: () -> T) -> T {
    var result: T?
    withoutActuallyEscaping(body) { body in
        let work = ThreadWork { result = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, StackLimit.threadStackSize)
        let argument = Unmanaged.passRetained(work).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { argument in
            #if canImport(Darwin)
            let work = Unmanaged<ThreadWork>.fromOpaque(argument).takeRetainedValue()
            #else
            let work = Unmanaged<ThreadWork>.fromOpaque(argument!).takeRetainedValue()
            #endif
            work.body()
            return nil
        }, argument)
        if status != 0 {
            // No thread could be made: carry on here and let the stack decide.
            Unmanaged<ThreadWork>.fromOpaque(argument).release()
            work.body()
            return
        }
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }
    return result!
}

/// Runs `body` on a thread with a 256 MB stack and returns its result: use it around work on trees nested many
/// thousands of levels deep that does not go through a layout pass (building or dropping such a tree recurses).
public func withLargeStack<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    let outcome: Result<T, Failure> = runOnLargeStack {
        do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
    }
    return try outcome.get()
}
