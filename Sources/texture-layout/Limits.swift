import ArgumentParser
import Dispatch
import LayoutDocument
import LayoutJSON
import LayoutTool
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--max-input`: how much of a document a command reads.
struct InputOptions: ParsableArguments {
    /// The default limit, 1 GiB: far above any real document (the text feed of 150,000 elements is 14 MB), below
    /// what the reader's offsets allow (4 GiB) and what reading that much takes in memory (a few times the input).
    static let defaultMaxInput = 1 << 30

    @Option(
        name: .customLong("max-input"), parsing: .unconditional,
        help: ArgumentHelp(
            "The largest document read, in bytes (default 1073741824, 1 GiB); a longer one is refused unread.",
            valueName: "bytes"))
    var maxInput = defaultMaxInput

    func validate() throws {
        if maxInput < 0 { throw ValidationError("--max-input: must not be negative, got \(maxInput)") }
    }
}

/// `--timeout`: how long `layout` and `render` may work.
struct TimeoutOption: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Stops after this many seconds (reading, laying out and drawing), printing one line and exiting 3.",
            valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw ValidationError("--timeout: expected a number of seconds greater than 0, got \(timeout)")
        }
    }

    /// Starts the time limit, if one was given.
    func start() {
        if let timeout { Watchdog.start(seconds: timeout) }
    }
}

/// Ends the process when `--timeout` runs out: a command holds nothing that must be saved, so exiting stops every
/// loop (reading, shaping, laying out, drawing, encoding) at once, which no check inside them could do as surely.
/// Output is written only after ``finish()``, so a command that runs out prints nothing on standard output.
enum Watchdog {
    /// 0: working; 1: finished (its output may be written); 2: out of time (the process is exiting).
    private static let state = Atomic<Int>(0)
    /// The exit status of a command that ran out of time.
    static let status: Int32 = 3

    static func start(seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            guard state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged else {
                return
            }
            IO.printError(["--timeout: the command took longer than \(format(seconds)) seconds"])
            _exit(status)
        }
    }

    /// Marks the work as done before its output is written; when the time ran out first, waits for the exit.
    static func finish() {
        guard
            state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged
                || state.load(ordering: .acquiring) == 1
        else {
            while true { pause() }
        }
    }
}
