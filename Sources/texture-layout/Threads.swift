// Unsafe room: POSIX.
// Invariants: each worker thread is started with a retained job that it takes back exactly once, or the starter
// releases it when the thread cannot start; what must outlive the process's last line is retained once and never
// released; `mallopt` is called through the C library's own symbol with its C signature. An ordered output's slots
// are allocated and initialized for its line count and never freed (the batch lives until the process exits); a
// slot's line is written once, by the worker that took its file, before its finished flag is set, and read and
// cleared only by the worker holding the printing role, after it saw that flag set.

import Synchronization
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

/// The lines of a batch's files, finished by worker threads in any order and printed in the order of the files,
/// each as soon as it and every line before it are finished, without a lock: many threads finishing lines at once
/// never wait for one another.
///
/// A worker puts its line in the file's slot and sets the slot's finished flag; then, if no worker holds the
/// printing role, it takes it and prints every finished line from the first one not printed, then gives the role
/// back and looks once more at the next line's flag, since its worker may have finished it just before the role
/// was given back and left it to the holder. Setting a flag and taking the role, and giving the role back and
/// reading a flag, are sequentially consistent, so of a worker that finishes the next line while the holder gives
/// the role back, at least one sees the other's write: the line is never left unprinted.
final class OrderedOutput: @unchecked Sendable {
    /// How many lines the batch prints.
    let count: Int
    /// Each file's line (with its newline) once finished, until printed.
    private let lines: UnsafeMutablePointer<[UInt8]?>
    /// Whether each file's line is in its slot.
    private let finished: UnsafeMutablePointer<Atomic<Bool>>
    /// Whether a worker prints now.
    private let printing = Atomic<Bool>(false)
    /// The exit status so far: the highest of the files'.
    private let status = Atomic<Int32>(0)
    /// How many lines are printed; read and written only by the worker holding the printing role.
    private var printed = 0
    /// Standard output could not be written: nothing more is printed. Only the printing worker writes it.
    private var writeFailure: Failure?

    init(count: Int) {
        self.count = count
        lines = .allocate(capacity: count)
        lines.initialize(repeating: nil, count: count)
        finished = .allocate(capacity: count)
        for index in 0..<count { (finished + index).initialize(to: Atomic(false)) }
    }

    /// Records the line of the file at `index` (each index once) and its exit status, and prints it with every
    /// finished line after it if it is the next to print and no other worker prints.
    func finish(_ line: [UInt8], status: Int32, at index: Int) {
        if status != 0 { self.status.max(status, ordering: .relaxed) }
        lines[index] = line
        finished[index].store(true, ordering: .sequentiallyConsistent)
        while printing.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            printReadyLines()
            let next = printed
            printing.store(false, ordering: .sequentiallyConsistent)
            guard next < count, finished[next].load(ordering: .sequentiallyConsistent) else { return }
        }
    }

    /// Writes the finished lines next in order, as one write; the caller holds the printing role.
    private func printReadyLines() {
        var bytes: [UInt8] = []
        while printed < count, finished[printed].load(ordering: .acquiring) {
            let line = lines[printed].take()!
            printed += 1
            guard writeFailure == nil else { continue }
            if bytes.isEmpty { bytes = line } else { bytes += line }
        }
        guard !bytes.isEmpty else { return }
        do throws(Failure) {
            try IO.write(bytes, to: nil)
        } catch {
            writeFailure = error
        }
    }

    /// Once every worker is done: the failure to report, if any.
    func result() throws(Failure) {
        let status = self.status.load(ordering: .relaxed)
        if let writeFailure { throw Failure(lines: writeFailure.lines, status: max(status, writeFailure.status)) }
        if status != 0 { throw Failure(lines: [], status: status) }
    }
}
