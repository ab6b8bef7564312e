// Unsafe room: POSIX.
// Invariants: each worker thread is started with a retained job that it takes back exactly once, or the starter
// releases it when the thread cannot start; what must outlive the process's last line is retained once and never
// released; `mallopt` is called through the C library's own symbol with its C signature.

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

/// Lets a batch keep the memory its documents free for the next ones: glibc gives the top of a heap back to the
/// system once more than 128 KB of it is free, and serves a block above its (moving) threshold straight from the
/// system, so each document's large buffers (a picture's pixels and PNG) were faulted in again, page by page, and
/// page faults take a lock the whole process shares. A batch runs to its end, so keeping up to 256 MB free per heap
/// and serving blocks below 64 MB from the heaps costs no more memory than its largest document needs.
func keepFreedMemoryForTheBatch() {
    #if canImport(Glibc)
    // `mallopt` (malloc.h, which Swift's Glibc module leaves out), found by name; its options M_TRIM_THRESHOLD -1
    // and M_MMAP_THRESHOLD -3.
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-1, 256 << 20)
    _ = mallopt(-3, 64 << 20)
    #endif
}
