// Unsafe room: POSIX.
// Invariants: the report's file descriptor is opened, written and closed by one call of `report()`; `getrusage`
// and `clock_gettime` write only into the structures they are lent.

import LayoutJSON
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a batch's processor time goes, thread by thread, for measuring how much of it one thread does alone
/// (the share that caps the speed-up of many cores): set `TEXTURE_LAYOUT_THREAD_TIMES=FILE` and a `layout` or
/// `render` run over several files appends one JSON line to FILE when it ends:
///
/// ```json
/// {"command": "layout", "documents": 20000, "jobs": 2,
///  "main": {"before": {...}, "after": {...}, "total": {...}},
///  "workers": [{...}, ...], "process": {...}}
/// ```
///
/// Each `{...}` is `{"user": s, "system": s, "voluntary": n, "involuntary": n, "start": s, "end": s}`: processor
/// seconds in user and kernel mode and context switches (`getrusage`), and for a worker the monotonic clock
/// (`CLOCK_MONOTONIC`, seconds) when it started and ended its share of the documents. The main thread's `before`
/// is everything it did before it started working on documents (loading the program, start-up, the arguments,
/// starting the other threads), `after` what it did once its share was done (waiting for the others, the exit
/// status, the messages), `total` all of it (its own share of the documents included); `process` is every
/// thread's time at the report. The work done on one thread alone is `before` + `after`. Only Linux has
/// per-thread times: elsewhere the variable is ignored.
///
/// Off unless the variable is set: the measurement is a few system calls per thread and one file write.
enum ThreadTimes {
    /// The file named by the variable, read once at start-up (`nil`: not measuring).
    static let file: String? = getenv("TEXTURE_LAYOUT_THREAD_TIMES").map { String(cString: $0) }

    /// One thread's (or the process's) times at one moment.
    struct Sample: Sendable {
        var user = 0.0
        var system = 0.0
        var voluntary = 0
        var involuntary = 0
        /// The monotonic clock when the sample was taken, in seconds.
        var clock = 0.0

        /// The calling thread's times so far (`RUSAGE_THREAD`), or the whole process's (`RUSAGE_SELF`).
        static func now(process: Bool = false) -> Sample {
            #if os(Linux)
            // Linux's RUSAGE_SELF is 0 and RUSAGE_THREAD 1 (which glibc declares only for _GNU_SOURCE).
            var usage = rusage()
            _ = getrusage(process ? 0 : 1, &usage)
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return Sample(
                user: seconds(usage.ru_utime), system: seconds(usage.ru_stime), voluntary: usage.ru_nvcsw,
                involuntary: usage.ru_nivcsw, clock: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
            #else
            return Sample()
            #endif
        }

        private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

        /// What happened between `earlier` and this sample.
        func since(_ earlier: Sample) -> Sample {
            Sample(
                user: user - earlier.user, system: system - earlier.system, voluntary: voluntary - earlier.voluntary,
                involuntary: involuntary - earlier.involuntary, clock: clock)
        }
    }

    private struct Record {
        var command = ""
        var documents = 0
        var jobs = 0
        /// The main thread when it started and when it ended its share of the documents.
        var mainStart: Sample?
        var mainEnd: Sample?
        /// Each worker's time spent on documents, with the clock when it started and ended.
        var workers: [(start: Double, end: Sample)] = []
    }

    private static let record = Mutex(Record())

    /// Names the batch about to start: `documents` for `command` on `jobs` threads.
    static func batch(command: String, documents: Int, jobs: Int) {
        guard file != nil else { return }
        record.withLock {
            $0.command = command
            $0.documents = documents
            $0.jobs = jobs
        }
    }

    /// Runs one thread's share of a batch, recording its times when measuring; `isMain` for the main thread, whose
    /// time before is the batch's start-up.
    static func measuring(isMain: Bool, _ body: () -> Void) {
        guard file != nil else { return body() }
        let start = Sample.now()
        body()
        let end = Sample.now()
        record.withLock { record in
            if isMain {
                record.mainStart = start
                record.mainEnd = end
            } else {
                record.workers.append((start.clock, end.since(start)))
            }
        }
    }

    /// Appends the report to the file, if measuring and a batch ran; called last, right before the process exits.
    static func report() {
        guard let file else { return }
        let end = Sample.now()
        let process = Sample.now(process: true)
        let record = self.record.withLock { $0 }
        guard let mainStart = record.mainStart, let mainEnd = record.mainEnd else { return }
        var line = JSONOutput()
        line.append("{\"command\": ")
        line.append(string: record.command)
        line.append(", \"documents\": ")
        line.append(number: Double(record.documents))
        line.append(", \"jobs\": ")
        line.append(number: Double(record.jobs))
        line.append(", \"main\": {\"before\": ")
        append(mainStart, start: nil, to: &line)
        line.append(", \"after\": ")
        append(end.since(mainEnd), start: mainEnd.clock, to: &line)
        line.append(", \"total\": ")
        append(end, start: nil, to: &line)
        line.append(", \"work\": ")
        append(mainEnd.since(mainStart), start: mainStart.clock, to: &line)
        line.append("}, \"workers\": [")
        for (index, worker) in record.workers.enumerated() {
            if index > 0 { line.append(", ") }
            append(worker.end, start: worker.start, to: &line)
        }
        line.append("], \"process\": ")
        append(process, start: nil, to: &line)
        line.append("}\n")
        let descriptor = open(file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        _ = line.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    private static func append(_ sample: Sample, start: Double?, to line: inout JSONOutput) {
        line.append("{\"user\": ")
        line.append(number: sample.user)
        line.append(", \"system\": ")
        line.append(number: sample.system)
        line.append(", \"voluntary\": ")
        line.append(number: Double(sample.voluntary))
        line.append(", \"involuntary\": ")
        line.append(number: Double(sample.involuntary))
        if let start {
            line.append(", \"start\": ")
            line.append(number: start)
        }
        line.append(", \"end\": ")
        line.append(number: sample.clock)
        line.append("}")
    }
}
