// Unsafe room: POSIX.
// Invariants: a large-stack thread is started with a retained reference to its job, which the thread takes back
// exactly once (or the starter releases it when the thread cannot start); stack addresses are only compared, never
// dereferenced; pool threads are reused only after their job ended.

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

/// A pool of threads with large stacks, each running one job at a time for a caller that waits for it.
///
/// Making a thread costs far more than a deep layout's share of time, so threads are kept for reuse, but the pool
/// is bounded both ways: at most ``maxEntries`` jobs started from ordinary threads run at once (a further caller
/// waits for one to finish; a job that moves on from one of these threads again never waits, so nesting cannot
/// deadlock), at most ``maxIdle`` finished threads are kept, and a kept thread exits after ``idleSeconds`` without
/// work.
final class LargeStackPool: @unchecked Sendable {
    /// The pool every pass and ``withLargeStack(_:)`` use.
    static let shared = LargeStackPool(maxEntries: 32, maxIdle: 4, idleSeconds: 10)

    let maxEntries: Int
    let maxIdle: Int
    let idleSeconds: Int

    private struct Counts {
        /// Threads waiting for work, most recently used last.
        var idle: [LargeStackThread] = []
        /// Threads that exist (running a job or idle).
        var live = 0
        /// Jobs from ordinary threads running now, and the most there ever were.
        var entered = 0
        var mostEntered = 0
    }

    private let counts = Mutex(Counts())
    /// One permit per job that may start from an ordinary thread.
    private let entries: DispatchSemaphore

    init(maxEntries: Int, maxIdle: Int, idleSeconds: Int) {
        self.maxEntries = maxEntries
        self.maxIdle = maxIdle
        self.idleSeconds = idleSeconds
        entries = DispatchSemaphore(value: maxEntries)
    }

    /// How many threads exist, how many are idle, and the most jobs from ordinary threads that ran at once.
    var statistics: (live: Int, idle: Int, mostEntered: Int) {
        counts.withLock { ($0.live, $0.idle.count, $0.mostEntered) }
    }

    /// Runs `body` on one of the pool's threads and waits for it; runs it here when no thread can be made.
    func run(_ body: () -> Void) {
        let nested = LargeStackThread.currentStackTop != nil
        if !nested {
            entries.wait()
            counts.withLock {
                $0.entered += 1
                $0.mostEntered = max($0.mostEntered, $0.entered)
            }
        }
        defer {
            if !nested {
                counts.withLock { $0.entered -= 1 }
                entries.signal()
            }
        }
        guard let thread = counts.withLock({ $0.idle.popLast() }) ?? makeThread() else {
            // No thread could be made: carry on here and let the stack decide.
            return body()
        }
        thread.run(body)
        let keep = counts.withLock { counts -> Bool in
            guard counts.idle.count < maxIdle else { return false }
            counts.idle.append(thread)
            return true
        }
        if !keep {
            thread.stop()
            thread.waitUntilExited()
        }
    }

    /// Tells every idle thread to exit and waits until they have: what an idle thread does by itself after
    /// ``idleSeconds``.
    func retireIdleThreads() {
        let retired = counts.withLock { counts -> [LargeStackThread] in
            defer { counts.idle = [] }
            return counts.idle
        }
        for thread in retired { thread.stop() }
        for thread in retired { thread.waitUntilExited() }
    }

    private func makeThread() -> LargeStackThread? {
        counts.withLock { $0.live += 1 }
        guard let thread = LargeStackThread.make(pool: self) else {
            counts.withLock { $0.live -= 1 }
            return nil
        }
        return thread
    }

    /// Called by an idle thread whose wait timed out: removes it from the idle list if it is still there (then it
    /// exits); false when a caller has just taken it (then a job is coming).
    fileprivate func retire(_ thread: LargeStackThread) -> Bool {
        counts.withLock { counts in
            guard let index = counts.idle.firstIndex(where: { $0 === thread }) else { return false }
            counts.idle.remove(at: index)
            return true
        }
    }

    /// Called by a thread as it exits.
    fileprivate func exited() {
        counts.withLock { $0.live -= 1 }
    }
}

/// One of a ``LargeStackPool``'s threads.
private final class LargeStackThread: @unchecked Sendable {
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// Set by the waiting caller before `start` is signalled, cleared before `done` is. Nil with `start`
    /// signalled means: exit.
    private var job: (() -> Void)?
    /// Signalled as the thread exits.
    private let exitedSignal = DispatchSemaphore(value: 0)
    /// The pool this thread reports to (kept alive by its threads until they exit).
    private let pool: LargeStackPool

    private init(pool: LargeStackPool) { self.pool = pool }

    /// Starts a thread; nil when the system cannot make one.
    static func make(pool: LargeStackPool) -> LargeStackThread? {
        let thread = LargeStackThread(pool: pool)
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
        let status = pthread_create(
            &handle, &attributes,
            { argument in
                #if canImport(Darwin)
                let thread = Unmanaged<LargeStackThread>.fromOpaque(argument).takeRetainedValue()
                #else
                let thread = Unmanaged<LargeStackThread>.fromOpaque(argument!).takeRetainedValue()
                #endif
                thread.serve()
                return nil
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

    private func serve() {
        pthread_setspecific(Self.stackTopKey, UnsafeRawPointer(bitPattern: currentStackAddress()))
        defer {
            pool.exited()
            exitedSignal.signal()
        }
        while true {
            if start.wait(timeout: .now() + .seconds(pool.idleSeconds)) == .timedOut {
                if pool.retire(self) { return }
                // Not in the idle list: either a caller took this thread just now (its job is being handed over)
                // or the caller of the last job has not put it back yet. Waiting again with the time limit serves
                // both: the job arrives, or the next time-out finds the thread in the list. (An untimed wait would
                // leave a thread put back late idle for good.)
                continue
            }
            // The job is bound only inside this `if`: the caller's closure must not be referenced once `done`
            // is signalled.
            if let job { job() } else { return }
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

    /// Makes the thread exit (it must be idle and out of the pool's idle list).
    func stop() {
        job = nil
        start.signal()
    }

    /// Waits until a stopped thread has exited.
    func waitUntilExited() {
        exitedSignal.wait()
    }
}

/// Runs `body` synchronously on a thread with a 256 MB stack (reserved, not committed) and returns its value.
/// The calling thread waits, so `body` may use anything the caller can.
@inline(never) func runOnLargeStack<T>(_ body: () -> T) -> T {
    // Already on a large-stack thread with most of it free: no need to move.
    if LargeStackThread.currentStackTop != nil && StackLimit.current().remaining > UInt(StackLimit.threadStackSize / 2)
    {
        return body()
    }
    var result: T?
    LargeStackPool.shared.run { result = body() }
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
