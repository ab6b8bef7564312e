// Unsafe room: POSIX.
// Invariants: each worker thread is started with a retained job that it takes back exactly once, or the starter
// releases it when the thread cannot start; what must outlive the process's last line is retained once and never
// released.

import TextureLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors are online (at least 1): the default number of worker threads.
func processorCount() -> Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// Runs `body` on `count` threads at once, the calling thread being one of them, and returns when every one is
/// done. Each new thread moves to one of the engine's large-stack threads first, since documents nest without
/// limit; the calling thread is the tool's, which already is one.
func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
    var threads: [pthread_t] = []
    for _ in 1..<max(count, 1) {
        let job = Unmanaged.passRetained(ThreadJob { withLargeStack { ThreadTimes.measuring(isMain: false, body) } })
            .toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        #else
        var handle = pthread_t()
        #endif
        let status = pthread_create(
            &handle, nil,
            { argument in
                #if canImport(Darwin)
                Unmanaged<ThreadJob>.fromOpaque(argument).takeRetainedValue().body()
                #else
                Unmanaged<ThreadJob>.fromOpaque(argument!).takeRetainedValue().body()
                #endif
                return nil
            }, job)
        #if canImport(Darwin)
        if status == 0, let handle { threads.append(handle) } else { Unmanaged<ThreadJob>.fromOpaque(job).release() }
        #else
        if status == 0 { threads.append(handle) } else { Unmanaged<ThreadJob>.fromOpaque(job).release() }
        #endif
        // A thread the system cannot make leaves its share of the work to the others.
    }
    ThreadTimes.measuring(isMain: true, body)
    for thread in threads { pthread_join(thread, nil) }
}

/// What a new thread runs, passed to it as a retained pointer.
private final class ThreadJob {
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Keeps `value` (a document, a layout) alive until the process exits, which it does right after the command:
/// freeing a big document's elements one by one costs more than laying them out, and the system takes the
/// memory back at once.
func keepUntilExit(_ value: some Any) {
    _ = Unmanaged.passRetained(ExitKeeper(value))
}

/// The box ``keepUntilExit(_:)`` never releases.
private final class ExitKeeper {
    let value: Any

    init(_ value: Any) { self.value = value }
}
