#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// How much stack recursion may still use on this thread, so that deep recursion moves to a fresh thread before
/// it overflows. The bounds of an arbitrary thread's stack are not portable to ask, so on a thread of its own a
/// pass assumes a modest budget from where it starts; on the large-stack threads made here the bounds are known.
struct StackLimit {
    /// What a pass may use of the stack of the thread that starts it (secondary threads may have 512 KB).
    static let entryBudget: UInt = 192 * 1024
    /// Stack size of the threads deep work continues on.
    static let threadStackSize = 256 * 1024 * 1024
    /// Room left below the checks on a large-stack thread for the frames between two checks.
    static let margin: UInt = 1024 * 1024

    private let lowest: UInt

    private init(lowest: UInt) { self.lowest = lowest }

    /// The limit for the current thread: the known bottom of a large-stack thread, else the entry budget.
    static func current() -> StackLimit {
        let here = currentStackAddress()
        if let top = LargeStackThread.currentStackTop {
            return StackLimit(lowest: top - UInt(threadStackSize) + margin)
        }
        return StackLimit(lowest: here > entryBudget ? here - entryBudget : 0)
    }

    var isNearlyExhausted: Bool { currentStackAddress() < lowest }

    /// Bytes left before the limit.
    var remaining: UInt {
        let here = currentStackAddress()
        return here > lowest ? here - lowest : 0
    }
}

@inline(never) func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// A thread with a large stack that runs one job at a time for callers that wait for it. Threads are made once
/// and kept (idle ones in a pool), since making a thread costs far more than a deep layout's share of time.
private final class LargeStackThread: @unchecked Sendable {
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Set by the waiting caller before `start` is signalled, cleared before `done` is.
    private var job: (() -> Void)?

    /// Threads not running a job.
    static let idle = Mutex<[LargeStackThread]>([])

    /// Starts the thread; nil when the system cannot make one.
    static func make() -> LargeStackThread? {
        let thread = LargeStackThread()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, StackLimit.threadStackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let argument = Unmanaged.passRetained(thread).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        #else
        var handle = pthread_t()
        #endif
        let status = pthread_create(&handle, &attributes, { argument in
            #if canImport(Darwin)
            let thread = Unmanaged<LargeStackThread>.fromOpaque(argument).takeRetainedValue()
            #else
            let thread = Unmanaged<LargeStackThread>.fromOpaque(argument!).takeRetainedValue()
            #endif
            thread.serve()
        }, argument)
        guard status == 0 else {
            Unmanaged<LargeStackThread>.fromOpaque(argument).release()
            return nil
        }
        return thread
    }

    /// Holds, on each thread made here, the address its stack starts at (the top: stacks grow down).
    private static let stackTopKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The stack top of the current thread if it is one of these threads.
    static var currentStackTop: UInt? {
        pthread_getspecific(stackTopKey).map { UInt(bitPattern: $0) }
    }

    private func serve() -> Never {
        pthread_setspecific(Self.stackTopKey, UnsafeRawPointer(bitPattern: currentStackAddress()))
        while true {
            start.wait()
            job?()
            job = nil
            done.signal()
        }
    }

    /// Runs `body` on this thread and waits for it.
    func run(_ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            job = body
            start.signal()
            done.wait()
        }
    }
}

/// Runs `body` synchronously on a thread with a 256 MB stack (reserved, not committed) and returns its value.
/// The calling thread waits, so `body` may use anything the caller can.
func runOnLargeStack<T>(_ body: () -> T) -> T {
    // Already on a large-stack thread with most of it free: no need to move.
    if LargeStackThread.currentStackTop != nil && StackLimit.current().remaining > UInt(StackLimit.threadStackSize / 2) {
        return body()
    }
    guard let thread = LargeStackThread.idle.withLock({ $0.popLast() }) ?? LargeStackThread.make() else {
        // No thread could be made: carry on here and let the stack decide.
        return body()
    }
    var result: T?
    thread.run { result = body() }
    LargeStackThread.idle.withLock { $0.append(thread) }
    return result!
}

/// Runs `body` on a thread with a 256 MB stack and returns its result: use it around work on trees nested many
/// thousands of levels deep that does not go through a layout pass (building or dropping such a tree recurses).
package func withLargeStack<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    let outcome: Result<T, Failure> = runOnLargeStack {
        do throws(Failure) { return .success(try body()) } catch { return .failure(error) }
    }
    return try outcome.get()
}
